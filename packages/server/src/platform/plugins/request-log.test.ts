import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';
import { buildCard } from '../../test/factories.ts';
import { logFormat, newRequestId } from '../logging/logger.ts';

/** A request id the server makes: a random prefix of 72 bits, then a counter. */
const SERVER_REQUEST_ID = /^[A-Za-z0-9_-]{12}-[0-9a-z]+$/;

/** The JSON log lines that carry `reqId`. */
const linesOf = (lines: string[], reqId: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === reqId);

describeEachDatabase('request ids and the request log', (ctx) => {
  it('keeps a sane X-Request-Id, echoes it and puts it on every line of that request', async () => {
    const card = await buildCard(ctx.app);
    const id = `trace-${Date.now()}:a.b_c`;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${card.quickId}`, headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    const lines = linesOf(ctx.log.lines, id);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.reqId === id)).toBe(true);
  });

  it('writes ONE info line per request, when it completes, with method, route pattern, status and duration', async () => {
    const card = await buildCard(ctx.app);
    const id = `one-line-${Date.now()}`;
    await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${card.quickId}?x=1`, headers: { 'x-request-id': id } });
    const info = linesOf(ctx.log.lines, id).filter((l) => (l.level as number) >= 30);
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject({ msg: 'request completed', method: 'GET', route: '/api/vbc/virtualcontact/:contactId', status: 200 });
    expect(typeof info[0]!.ms).toBe('number');
    expect(JSON.stringify(info[0])).not.toContain(card.quickId);
    expect(ctx.log.text).not.toContain('incoming request');
  });

  it('replaces an unusable X-Request-Id with its own, and makes one when none is sent', async () => {
    for (const given of ['has space', 'x'.repeat(129), 'quote"d', 'new\u00e9']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toMatch(SERVER_REQUEST_ID);
    }
    const a = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const b = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).toMatch(SERVER_REQUEST_ID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const made = Array.from({ length: 10_000 }, newRequestId);
    expect(new Set(made).size).toBe(made.length);
    expect(made.every((id) => SERVER_REQUEST_ID.test(id))).toBe(true);
    expect(linesOf(ctx.log.lines, String(a.headers['x-request-id']))).toHaveLength(1);
  });

  it('logs a request no route matched without its URL', async () => {
    const id = `nomatch-${Date.now()}`;
    const res = await ctx.app.inject({ method: 'GET', url: '/no/such/thing?accessToken=abc', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(404);
    expect(linesOf(ctx.log.lines, id)).toEqual([expect.objectContaining({ route: '(no route)', status: 404 })]);
  });
});

it('writes for a person at a terminal in development, JSON anywhere else', () => {
  expect(logFormat(true, undefined)).toBe('pretty');
  expect(logFormat(true, 'development')).toBe('pretty');
  expect(logFormat(true, 'production')).toBe('json');
  expect(logFormat(false, undefined)).toBe('json');
  expect(logFormat(undefined, undefined)).toBe('json');
});

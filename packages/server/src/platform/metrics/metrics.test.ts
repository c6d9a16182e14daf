/** GET /metrics scraped after real traffic: HTTP requests, hub connections on every transport, messages, a rate-limit refusal. */
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, describe, expect, it } from 'vitest';
import { TRANSPORTS, eventually } from '../../test/hub-support.ts';
import { buildPerson, send, startConversation, useListeningApp } from '../../test/conversations-support.ts';
import { SEND_LIMIT } from '../../conversations/write-conversations.ts';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123';
const ctx = useListeningApp({ METRICS_TOKEN });
const open: HubConnection[] = [];
afterAll(() => Promise.all(open.map((c) => c.stop())));

/** The metrics as Prometheus text, read with the token. */
async function scrape(): Promise<string> {
  const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is refused without METRICS_TOKEN, or with another token', async () => {
    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-metrics-token-at-all' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('METRICS_TOKEN') });
  });

  it('counts requests by route pattern, hub connections by transport, messages, events and rate-limit refusals', async () => {
    const ana = await buildPerson(ctx.app, 'Ana');
    const ben = await buildPerson(ctx.app, 'Ben');
    for (const quickOrId of [ana.card.quickId, ben.card.quickId, ben.card.id]) {
      expect((await ctx.app.inject({ url: `/api/vbc/virtualcontact/${quickOrId}` })).statusCode).toBe(200);
    }
    for (const [, transport] of TRANSPORTS) {
      const conn = new HubConnectionBuilder()
        .withUrl(ctx.hubUrl, { transport, accessTokenFactory: () => ben.accessToken })
        .configureLogging(LogLevel.None)
        .build();
      open.push(conn);
      await conn.start();
    }
    const { personalConversationId: id } = await startConversation(ctx.app, ana, ben, 'first');
    for (let i = 1; i < SEND_LIMIT.limit; i++) expect((await send(ctx.app, ana, id, `message ${i}`)).statusCode).toBe(201);
    expect((await send(ctx.app, ana, id, 'one too many')).statusCode).toBe(429);

    const text = await scrape();
    const route = 'route="/api/vbc/virtualcontact/:contactId"';
    expect(sample(text, `http_request_duration_seconds_count{method="GET",${route},status_code="200"}`)).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(ana.card.quickId);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/conversation/:id/messages",status_code="429"}'),
    ).toBe(1);
    for (const [name] of TRANSPORTS) expect(sample(text, `hub_connections{transport="${name}"}`)).toBe(1);
    expect(sample(text, 'messages_sent_total{kind="text"}')).toBe(SEND_LIMIT.limit);
    // Each message: MessageReceived to both sides, then ConversationUpdated to both.
    expect(sample(text, 'hub_events_published_total{event="MessageReceived"}')).toBe(2 * SEND_LIMIT.limit);
    expect(sample(text, 'rate_limit_refusals_total{rule="conversation-send"}')).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    await Promise.all(open.splice(0).map((c) => c.stop()));
    await eventually(() => ctx.app.hub.stats().connections === 0);
    const after = await scrape();
    for (const [name] of TRANSPORTS) expect(sample(after, `hub_connections{transport="${name}"}`)).toBe(0);
  });
});

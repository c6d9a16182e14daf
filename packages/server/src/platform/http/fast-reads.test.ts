import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';
import { buildAccount, buildCard } from '../../test/factories.ts';
import { slowHash } from '../crypto/slow-hash.ts';
import { FastReads, serverWithFastReads } from './fast-reads.ts';

const CARD_ROUTE = '/api/vbc/virtualcontact/:contactId';
/** Headers that differ between any two answers, whoever sends them. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);

const headersOf = (entries: Iterable<[string, string]>) =>
  Object.fromEntries(
    [...entries].filter(([name]) => !PER_ANSWER.has(name.toLowerCase())).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );

describeEachDatabase(
  'public reads answered before routing',
  (ctx) => {
    let base = '';
    let served = 0;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      ctx.app.fastReads.onServed(() => served++);
    });

    /** GETs `path` over HTTP with a request id of its own; says whether the fast path answered it. */
    async function get(path: string, init: RequestInit = {}) {
      const id = `fast-${Math.random().toString(36).slice(2)}`;
      const before = served;
      const res = await fetch(`${base}${path}`, { ...init, headers: { 'x-request-id': id, ...init.headers } });
      const body = await res.text();
      return { res, body, id, fast: served > before };
    }
    const logLinesOf = (reqId: string) =>
      ctx.log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === reqId);

    it("answers a visitor's read of a cached card itself, with the routed answer's status, headers and bytes", async () => {
      const card = await buildCard(ctx.app);
      const url = `/api/vbc/virtualcontact/${card.quickId}`;
      const first = await get(url);
      expect(first.fast).toBe(false); // not cached yet: the route reads it and caches it
      const again = await get(url);
      expect(again.fast).toBe(true);
      const routed = await ctx.app.inject({ method: 'GET', url }); // inject always goes through the router
      expect(again.res.status).toBe(routed.statusCode);
      expect(again.body).toBe(routed.body);
      expect(headersOf(again.res.headers)).toEqual(headersOf(Object.entries(routed.headers) as [string, string][]));
      expect(again.res.headers.get('x-request-id')).toBe(again.id);
      expect(again.res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    });

    it("keeps a PIN-locked card's phones and e-mails out of its answer", async () => {
      const card = await buildCard(
        ctx.app,
        { phones: [{ phoneNumber: '0917 555 7788', type: 'Mobile' }], emails: [{ email: 'locked@example.test', name: 'Work' }] },
        { pinHash: await slowHash('4821'), pinProtectionLevel: 1 },
      );
      const url = `/api/vbc/virtualcontact/${card.id}`;
      await get(url);
      const fast = await get(url);
      expect(fast.fast).toBe(true);
      expect(fast.res.status).toBe(200);
      expect(fast.body).not.toContain('555 7788');
      expect(fast.body).not.toContain('locked@example.test');
    });

    it('leaves to the router what it cannot answer exactly: credentials, a query, other spellings of the path, HEAD, unknown cards', async () => {
      const owner = await buildAccount(ctx.app);
      const card = await buildCard(
        ctx.app,
        { phones: [{ phoneNumber: '0917 555 4455', type: 'Mobile' }] },
        { ownerAccountId: owner.account.id, pinHash: await slowHash('4821'), pinProtectionLevel: 1 },
      );
      const url = `/api/vbc/virtualcontact/${card.quickId}`;
      await get(url);
      expect((await get(url)).fast).toBe(true);

      const asOwner = await get(url, { headers: owner.headers });
      expect(asOwner.fast).toBe(false);
      expect(asOwner.body).toContain('555 4455'); // the owner sees their own PIN-locked card whole

      const controlInQuery = await get(`${url}?note=%00`);
      expect(controlInQuery.fast).toBe(false);
      expect(controlInQuery.res.status).toBe(400);

      for (const path of [
        `${url}/`,
        `${url}?utm_source=x`,
        `/API/vbc/virtualcontact/${card.quickId}`,
        `/api/vbc/virtualcontact/%${card.quickId.charCodeAt(0).toString(16)}${card.quickId.slice(1)}`,
      ]) {
        const routed = await get(path);
        expect(routed.fast, path).toBe(false);
        expect(routed.res.status, path).toBe(200);
        expect(logLinesOf(routed.id), path).toEqual([
          expect.objectContaining({ msg: 'request completed', status: 200, route: CARD_ROUTE }),
        ]);
      }
      const head = await get(url, { method: 'HEAD' });
      expect(head.fast).toBe(false);
      expect(head.res.status).toBe(200);

      const unknown = await get('/api/vbc/virtualcontact/zzzzzzz');
      expect(unknown.fast).toBe(false);
      expect(unknown.res.status).toBe(404);
    });

    it('logs one fast read in LOG_CACHED_READS_SAMPLE, saying so, and counts every one in the metrics', async () => {
      const card = await buildCard(ctx.app);
      const url = `/api/vbc/virtualcontact/${card.quickId}`;
      await get(url);
      const countOf = async () => {
        const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
        const line = text
          .split('\n')
          .find((l) => l.startsWith(`http_request_duration_seconds_count{method="GET",route="${CARD_ROUTE}",status_code="200"}`));
        return Number(line?.split(' ').pop() ?? 0);
      };
      const before = await countOf();
      const reads = [];
      for (let i = 0; i < 6; i++) reads.push(await get(url));
      expect(reads.every((r) => r.fast)).toBe(true);
      expect(await countOf()).toBe(before + 6);
      const lines = reads.flatMap((r) => logLinesOf(r.id));
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line).toMatchObject({ msg: 'request completed', method: 'GET', route: CARD_ROUTE, status: 200, sampled: 3 });
        expect(typeof line.ms).toBe('number');
      }
    });
  },
  { env: { LOG_CACHED_READS_SAMPLE: '3' } },
);

it('routes every request once the app closes, and refuses a route it cannot serve', async () => {
  const fastReads = new FastReads();
  fastReads.add({
    route: '/api/things/:id',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    answer: (id) => (id === 'known' ? '{"fast":true}' : undefined),
  });
  expect(() => fastReads.add({ route: '/api/things/:id/more', headers: {}, answer: () => undefined })).toThrow(
    /must end in its one parameter/,
  );
  expect(() => fastReads.add({ route: '/api/things/:other', headers: {}, answer: () => undefined })).toThrow(/already registered/);
  const server = serverWithFastReads(fastReads)((_req, res) => res.end('{"fast":false}'), {
    keepAliveTimeout: 5000,
    requestTimeout: 0,
    connectionTimeout: 0,
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = (id: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/things/${id}`;
  try {
    expect(await (await fetch(url('known'))).text()).toBe('{"fast":true}');
    expect(await (await fetch(url('other'))).text()).toBe('{"fast":false}');
    fastReads.close();
    expect(await (await fetch(url('known'))).text()).toBe('{"fast":false}');
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

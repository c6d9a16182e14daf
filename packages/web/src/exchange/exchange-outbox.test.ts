// The outbox against a real HTTP server (node:http on 127.0.0.1): what stays, what goes, what is dropped.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendExchange } from '../api/leads.ts';
import {
  flushExchangeOutbox,
  onExchangeOutcome,
  queueExchange,
  readExchangeOutbox,
  startExchangeOutbox,
  type TExchangeOutcome,
} from './exchange-outbox.ts';

let server: Server;
let base = '';
let ids: string[] = [];
let statuses: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const id = (JSON.parse(raw) as { clientRequestId: string }).clientRequestId;
      ids.push(id);
      const status = statuses.shift() ?? 201;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { leadId: `lead-${id}` } : { message: `refused ${status}`, code: 'x' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  ids = [];
  statuses = [];
  localStorage.clear();
});

/** Where the app's relative calls go: the test server, or a port with nobody listening (no network). */
let target = '';
beforeAll(() => {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${target}${input}`, init));
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  target = base;
});
const toServer = sendExchange;

const body = (clientRequestId: string) => ({
  name: 'Queued Person',
  email: 'queued@example.com',
  consent: true as const,
  clientRequestId,
});

describe('exchange outbox (issue 26 offline)', () => {
  it('sends what a previous page left (a reload), oldest first, each once, and empties', async () => {
    queueExchange('card-1', body('00000000-0000-4000-8000-000000000001'));
    queueExchange('card-2', body('00000000-0000-4000-8000-000000000002'));
    // The same submission queued again is kept once.
    queueExchange('card-2', body('00000000-0000-4000-8000-000000000002'));
    expect(JSON.parse(localStorage.getItem('vbc.exchangeOutbox')!)).toHaveLength(2);
    const outcomes: TExchangeOutcome[] = [];
    const stop = onExchangeOutcome((o) => outcomes.push(o));
    await flushExchangeOutbox(toServer);
    stop();
    expect(ids).toEqual(['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']);
    expect(outcomes.map((o) => o.kind)).toEqual(['sent', 'sent']);
    expect(readExchangeOutbox()).toEqual([]);
    expect(localStorage.getItem('vbc.exchangeOutbox')).toBeNull();
  });

  it('drops a submission the server refuses (4xx) and keeps one it failed on (5xx)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      statuses = [400, 503];
      queueExchange('card-1', body('00000000-0000-4000-8000-000000000003'));
      queueExchange('card-1', body('00000000-0000-4000-8000-000000000004'));
      const outcomes: TExchangeOutcome[] = [];
      const stop = onExchangeOutcome((o) => outcomes.push(o));
      await flushExchangeOutbox(toServer);
      stop();
      expect(ids).toHaveLength(2);
      expect(outcomes).toEqual([expect.objectContaining({ kind: 'refused', clientRequestId: '00000000-0000-4000-8000-000000000003' })]);
      expect(readExchangeOutbox().map((q) => q.body.clientRequestId)).toEqual(['00000000-0000-4000-8000-000000000004']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps everything while the server cannot be reached', async () => {
    queueExchange('card-1', body('00000000-0000-4000-8000-000000000005'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Port 9 (discard): no server, as with no network.
      target = 'http://127.0.0.1:9';
      await flushExchangeOutbox(sendExchange);
    } finally {
      vi.useRealTimers();
    }
    expect(readExchangeOutbox()).toHaveLength(1);
    expect(ids).toEqual([]);
    // Nothing waits for `startExchangeOutbox` when offline.
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    startExchangeOutbox();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ids).toEqual([]);
  });
});

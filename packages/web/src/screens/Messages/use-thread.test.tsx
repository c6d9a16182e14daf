// The thread against a real HTTP server (node:http on 127.0.0.1): a live message that skips
// sequences is shown at once, and the catch-up fills the hole under it.
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { TConversationMessage, TConversationSummary } from '@vbc/shared/conversation';
import { emitClientEvent } from '../../platform/events.ts';
import { useThread } from './use-thread.ts';

const CONVERSATION = '6f1c2a8e-0b7d-4c3e-9a51-2f0d8e7b9c10';
const ME = '6f1c2a8e-0b7d-4c3e-9a51-2f0d8e7b9c11';

const message = (sequence: number): TConversationMessage => ({
  messageId: `m-${sequence}`,
  personalConversationId: CONVERSATION,
  sequence,
  kind: 'text',
  message: `message ${sequence}`,
  senderAccountId: ME,
  senderDeleted: false,
  fromVbcId: null,
  clientMessageId: null,
  createdAt: new Date(Date.UTC(2026, 10, 29, 9, sequence)).toISOString(),
});

/** What the server holds: 1 and 2 when the thread opens; more are sent while it is open. */
let stored: TConversationMessage[] = [];
/** Each messages read's `after` (null: the latest page). */
let afters: (number | null)[] = [];
beforeEach(() => {
  stored = [message(1), message(2)];
  afters = [];
});

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname.endsWith('/messages')) {
      const after = url.searchParams.get('after');
      afters.push(after === null ? null : Number(after));
      const limit = Number(url.searchParams.get('limit') ?? 50);
      res.end(JSON.stringify(after === null ? stored.slice(-limit) : stored.filter((m) => m.sequence > Number(after)).slice(0, limit)));
      return;
    }
    const summary: TConversationSummary = {
      personalConversationId: CONVERSATION,
      counterpart: { name: 'Counterpart', vbcId: null, quickId: null },
      myVbcId: null,
      lastMessage: stored.at(-1) ?? null,
      unseenCount: 0,
      lastSequence: stored.at(-1)?.sequence ?? 0,
      counterpartSeenSequence: 0,
      mySeenSequence: 0,
      updatedAt: new Date().toISOString(),
    };
    res.end(JSON.stringify(summary));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(`${base}${input}`, init));
});
afterAll(() => {
  vi.unstubAllGlobals();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

it('shows a live message that skipped sequences at once, and fills the hole under it by catching up from below it', async () => {
  const { result, unmount } = renderHook(() => useThread(CONVERSATION, ME));
  await waitFor(() => expect(result.current.messages.map((m) => m.sequence)).toEqual([1, 2]));

  // 3 and 4 were sent while the hub reconnected: only 5 comes live.
  stored = [...stored, message(3), message(4), message(5)];
  act(() => emitClientEvent('messageReceived', { personalConversationId: CONVERSATION, message: message(5) }));

  await waitFor(() => expect(result.current.messages.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5]));
  expect(afters).toContain(2);
  unmount();
});

it('catches up page by page when more than a page was missed', async () => {
  const { result, unmount } = renderHook(() => useThread(CONVERSATION, ME));
  await waitFor(() => expect(result.current.messages.map((m) => m.sequence)).toEqual([1, 2]));

  stored = Array.from({ length: 250 }, (_, i) => message(i + 1));
  act(() => emitClientEvent('messageReceived', { personalConversationId: CONVERSATION, message: message(250) }));

  await waitFor(() => expect(result.current.messages).toHaveLength(250));
  expect(result.current.messages.map((m) => m.sequence)).toEqual(stored.map((m) => m.sequence));
  expect(afters).toEqual([null, 2, 102, 202]);
  unmount();
});

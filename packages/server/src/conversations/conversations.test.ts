import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TConversationMessage, TConversationSummary } from '@vbc/shared/conversation';
import { deleteAccount } from '../accounts/delete-account.ts';
import { conversationMessages, conversations } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { summariesByAccount } from './read-conversations.ts';
import { appendMessage } from './append-message.ts';
import { allMessages, buildPerson, send, startConversation } from '../test/conversations-support.ts';

const INITIATE = '/api/conversation/initiateConversation';

describeEachDatabase('conversations API', (ctx) => {
  const app = () => ctx.app;

  it('initiateConversation starts a conversation with the card owner, then reuses it', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const first = await startConversation(app(), ana, ben, '  Hi Ben!  ');
    expect(first).toMatchObject({
      personalConversationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      counterpart: { name: `Ben ${ben.card.lastName}`, vbcId: ben.card.id, quickId: ben.card.quickId },
      myVbcId: ana.card.id,
      lastMessage: {
        sequence: 1,
        kind: 'text',
        message: 'Hi Ben!',
        senderAccountId: ana.account.id,
        fromVbcId: ana.card.id,
        senderDeleted: false,
      },
      unseenCount: 0,
      lastSequence: 1,
    });
    expect(first.counterpart.deleted).toBeUndefined();

    const again = await startConversation(app(), ana, ben, 'Second');
    expect(again.personalConversationId).toBe(first.personalConversationId);
    expect(again.lastMessage?.sequence).toBe(2);

    // Ben sees Ana as her card, with two unseen messages.
    const list = await app().inject({ url: '/api/conversation', headers: ben.headers });
    expect(list.statusCode).toBe(200);
    const [row] = list.json<TConversationSummary[]>();
    expect(row).toMatchObject({
      personalConversationId: first.personalConversationId,
      counterpart: { name: `Ana ${ana.card.lastName}`, vbcId: ana.card.id },
      myVbcId: ben.card.id,
      unseenCount: 2,
      lastMessage: { message: 'Second' },
    });

    // Speaking as the account (no fromVbcId) is another conversation, shown with the account name.
    const asAccount = await startConversation(app(), ana, ben, 'From me', true);
    expect(asAccount.personalConversationId).not.toBe(first.personalConversationId);
    const benList = (await app().inject({ url: '/api/conversation', headers: ben.headers })).json<TConversationSummary[]>();
    expect(benList.map((c) => c.personalConversationId)).toEqual([asAccount.personalConversationId, first.personalConversationId]);
    expect(benList[0]!.counterpart).toEqual({ name: ana.account.name, vbcId: null, quickId: null });
  });

  it('refuses a recipient that is the sender’s own card, a card without owner, a foreign fromVbcId and bad input', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const ownerless = await buildCard(app());
    const post = (payload: object, headers = ana.headers) => app().inject({ method: 'POST', url: INITIATE, headers, payload });

    const own = await post({ toVbcId: ana.card.id, message: 'me?' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('toVbcId: this is one of your own cards; you cannot send it a message.');
    const byQuickId = await post({ toVbcId: ana.card.quickId.toUpperCase(), message: 'me?' });
    expect(byQuickId.statusCode).toBe(400);

    const noOwner = await post({ toVbcId: ownerless.id, message: 'anyone?' });
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().message).toBe('toVbcId: this card has no owner yet, so it cannot receive messages.');

    const foreignFrom = await post({ toVbcId: ben.card.id, fromVbcId: ben.card.id, message: 'pretend' });
    expect(foreignFrom.statusCode).toBe(403);
    expect(foreignFrom.json().message).toBe('fromVbcId: choose one of your own cards.');

    expect((await post({ toVbcId: randomUUID(), message: 'x' })).statusCode).toBe(404);
    const empty = await post({ toVbcId: ben.card.id, message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('message: Required.');
    const long = await post({ toVbcId: ben.card.id, message: 'x'.repeat(4001) });
    expect(long.json().message).toBe('message: Max 4000 characters');
    expect((await post({ message: 'x' })).json().message).toBe('toVbcId: Required.');
    expect((await app().inject({ method: 'POST', url: INITIATE, payload: { toVbcId: ben.card.id, message: 'x' } })).statusCode).toBe(401);

    // Nothing of this reached Ben.
    expect((await app().inject({ url: '/api/conversation/haveUnseenMessages', headers: ben.headers })).json()).toEqual({
      result: false,
      count: 0,
    });
  });

  it('lets only participants read, write or mark seen (others get 404)', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const eve = await buildAccount(app());
    const { personalConversationId: id } = await startConversation(app(), ana, ben);

    const asEve = [
      await app().inject({ url: `/api/conversation/${id}`, headers: eve.headers }),
      await app().inject({ url: `/api/conversation/${id}/messages`, headers: eve.headers }),
      await send(app(), eve, id, 'let me in'),
      await app().inject({ method: 'POST', url: `/api/conversation/${id}/seen`, headers: eve.headers, payload: {} }),
      await app().inject({ method: 'POST', url: `/api/conversation/${id}/photos`, headers: eve.headers }),
      await app().inject({ method: 'POST', url: `/api/conversation/${id}/documents`, headers: eve.headers }),
    ];
    for (const res of asEve) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'The conversation was not found.', code: 'not_found' });
    }
    expect((await app().inject({ url: '/api/conversation', headers: eve.headers })).json()).toEqual([]);
    expect((await app().inject({ url: '/api/conversation/not-a-uuid/messages', headers: ana.headers })).statusCode).toBe(404);
    expect((await app().inject({ url: `/api/conversation/${id}/messages` })).statusCode).toBe(401);
    // The participants still have exactly the one message.
    expect((await allMessages(app(), ben, id)).map((m) => m.message)).toEqual(['Hello there']);
    // An empty page is a participant's 200, still a 404 for anyone else.
    const emptyPage = await app().inject({ url: `/api/conversation/${id}/messages?after=1`, headers: ben.headers });
    expect([emptyPage.statusCode, emptyPage.json()]).toEqual([200, []]);
    expect((await app().inject({ url: `/api/conversation/${id}/messages?after=1`, headers: eve.headers })).statusCode).toBe(404);
  });

  it('makes a send idempotent on clientMessageId: 5 sequential and 5 concurrent retries store one message', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben);

    const sequentialId = randomUUID();
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await send(app(), ana, id, 'Once only', sequentialId));
    expect(sequential.map((r) => r.statusCode)).toEqual([201, 200, 200, 200, 200]);
    const original = sequential[0]!.json<TConversationMessage>();
    for (const r of sequential) expect(r.json()).toEqual(original);
    expect(original).toMatchObject({ message: 'Once only', clientMessageId: sequentialId, sequence: 2 });

    const concurrentId = randomUUID();
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => send(app(), ana, id, 'Also once', concurrentId)));
    expect(concurrent.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(concurrent.map((r) => r.json<TConversationMessage>().messageId));
    expect(ids.size).toBe(1);
    for (const r of concurrent) expect(r.json()).toMatchObject({ message: 'Also once', sequence: 3 });

    const changed = await send(app(), ana, id, 'Something else', concurrentId);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'This clientMessageId was already used for a different message: choose a new id for a new message.',
    );

    // The other side may use the same clientMessageId: ids are per sender.
    expect((await send(app(), ben, id, 'Reply', concurrentId)).statusCode).toBe(201);

    const stored = await allMessages(app(), ben, id);
    expect(stored.map((m) => [m.sequence, m.message])).toEqual([
      [1, 'Hello there'],
      [2, 'Once only'],
      [3, 'Also once'],
      [4, 'Reply'],
    ]);
    expect((await send(app(), ana, id, 'x', '')).json().message).toBe('clientMessageId: Required.');
  });

  it('appends in one statement: each message carries when the one before it was sent, sequences stay gap-free under 20 concurrent sends, a replay changes nothing', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: conversationId } = await startConversation(app(), ana, ben, 'first');
    const base = { conversationId, senderAccountId: ana.account.id, fromVbcId: ana.card.id, kind: 'text' as const };
    const sentAt = async (seq: number) =>
      (
        await app()
          .db.select()
          .from(conversationMessages)
          .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.seq, seq)))
      )[0]!.createdAt;

    const now = new Date(Date.now() + 60_000);
    const second = await appendMessage(app().db, { ...base, body: 'second', clientMessageId: 'c-2', now });
    expect(second).toMatchObject({
      created: true,
      previousAt: await sentAt(1),
      row: { seq: 2, body: 'second', clientMessageId: 'c-2', createdAt: now, senderDeleted: false, displayItemId: null },
    });

    const replay = await appendMessage(app().db, { ...base, body: 'second', clientMessageId: 'c-2', now: new Date() });
    expect(replay).toEqual({ created: false, row: second.row });
    await expect(appendMessage(app().db, { ...base, body: 'other', clientMessageId: 'c-2', now })).rejects.toMatchObject({ status: 409 });
    await expect(appendMessage(app().db, { ...base, conversationId: randomUUID(), body: 'x', now })).rejects.toMatchObject({ status: 404 });

    const concurrent = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appendMessage(app().db, { ...base, body: `m${i}`, clientMessageId: `c-m${i}`, now: new Date(now.getTime() + 1000 + i) }),
      ),
    );
    expect(concurrent.map((a) => a.row.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 3));
    for (const appended of concurrent) expect(appended.previousAt).toEqual(await sentAt(appended.row.seq - 1));
    const [conversation] = await app().db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conversation).toMatchObject({ lastSeq: 22, updatedAt: await sentAt(22) });
  });

  it('answers after=<sequence> with exactly the missed messages in order, and pages with before/limit', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben, 'm1');
    for (let i = 2; i <= 12; i++) expect((await send(app(), i % 2 ? ana : ben, id, `m${i}`)).statusCode).toBe(201);
    const get = async (query: string) => {
      const res = await app().inject({ url: `/api/conversation/${id}/messages${query}`, headers: ben.headers });
      expect(res.statusCode).toBe(200);
      return res.json<TConversationMessage[]>().map((m) => m.sequence);
    };
    expect(await get('?after=7')).toEqual([8, 9, 10, 11, 12]);
    expect(await get('?after=12')).toEqual([]);
    expect(await get('?after=0&limit=3')).toEqual([1, 2, 3]);
    expect(await get('?limit=4')).toEqual([9, 10, 11, 12]);
    expect(await get('?before=9&limit=4')).toEqual([5, 6, 7, 8]);
    expect(await get('?before=3')).toEqual([1, 2]);
    expect(await get('?after=3&before=6')).toEqual([4, 5]);
    expect(await get('')).toHaveLength(12);
    const tooMany = await app().inject({ url: `/api/conversation/${id}/messages?limit=101`, headers: ben.headers });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/^limit: /);
  });

  it('gives strictly increasing sequences without gaps under 20 concurrent sends from both sides', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben, 'start');
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => send(app(), i % 2 ? ana : ben, id, `c${i}`)));
    expect(sent.every((r) => r.statusCode === 201)).toBe(true);
    const sequences = sent.map((r) => r.json<TConversationMessage>().sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const stored = await allMessages(app(), ana, id);
    expect(stored.map((m) => m.sequence)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(new Set(stored.map((m) => m.message)).size).toBe(21);
  });

  it('counts unseen messages until they are marked seen, and shows the sender what was seen', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const unseen = async (who: typeof ben) =>
      (await app().inject({ url: '/api/conversation/haveUnseenMessages', headers: who.headers })).json();
    expect(await unseen(ben)).toEqual({ result: false, count: 0 });
    const { personalConversationId: id } = await startConversation(app(), ana, ben, 'one');
    await send(app(), ana, id, 'two');
    await send(app(), ana, id, 'three');
    expect(await unseen(ben)).toEqual({ result: true, count: 3 });
    expect(await unseen(ana)).toEqual({ result: false, count: 0 }); // one's own messages are never unseen

    const seenTwo = await app().inject({
      method: 'POST',
      url: `/api/conversation/${id}/seen`,
      headers: ben.headers,
      payload: { sequence: 2 },
    });
    expect(seenTwo.statusCode).toBe(204);
    expect(await unseen(ben)).toEqual({ result: true, count: 1 });
    // Seen never goes backwards; a sequence past the end means "everything".
    await app().inject({ method: 'POST', url: `/api/conversation/${id}/seen`, headers: ben.headers, payload: { sequence: 1 } });
    expect(await unseen(ben)).toEqual({ result: true, count: 1 });
    const all = await app().inject({
      method: 'POST',
      url: `/api/conversation/${id}/seen`,
      headers: { ...ben.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(all.statusCode).toBe(204);
    expect(await unseen(ben)).toEqual({ result: false, count: 0 });

    const anaView = (await app().inject({ url: `/api/conversation/${id}`, headers: ana.headers })).json<TConversationSummary>();
    expect(anaView).toMatchObject({ counterpartSeenSequence: 3, mySeenSequence: 0, unseenCount: 0, lastSequence: 3 });
    await send(app(), ben, id, 'reply');
    expect(await unseen(ana)).toEqual({ result: true, count: 1 });
  });

  it('limits sends to 30 a minute per account with 429 and Retry-After', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben, 'first');
    for (let i = 0; i < 29; i++) expect((await send(app(), ana, id, `n${i}`)).statusCode).toBe(201);
    const refused = await send(app(), ana, id, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().message).toMatch(/^You are sending messages too fast\. Try again in \d+ seconds\.$/);
    // Ben is not limited by Ana's sending.
    expect((await send(app(), ben, id, 'calm down')).statusCode).toBe(201);
    expect((await allMessages(app(), ben, id)).some((m) => m.message === 'one too many')).toBe(false);
  });

  it('keeps the messages of a deleted account for the other side, shown as from a deleted account', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben, 'before I go');
    await send(app(), ben, id, 'bye?');
    await deleteAccount(app().db, ana.account.id, app().accountDeletionSteps);
    // What the deletion route announces once committed: her sessions end on every instance.
    await app().accountEvents.emitSignedOut(ana.account.id, { reason: 'deleted' });

    const [row] = (await app().inject({ url: '/api/conversation', headers: ben.headers })).json<TConversationSummary[]>();
    expect(row).toMatchObject({
      personalConversationId: id,
      counterpart: { name: 'Deleted account', vbcId: null, quickId: null, deleted: true },
    });
    const messages = await allMessages(app(), ben, id);
    expect(messages.map((m) => [m.message, m.senderDeleted, m.senderAccountId, m.fromVbcId])).toEqual([
      ['before I go', true, null, null],
      ['bye?', false, ben.account.id, ben.card.id],
    ]);
    const late = await send(app(), ben, id, 'hello?');
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('The other person deleted their account: this conversation can no longer receive messages.');
    // Ana's token no longer works.
    expect((await app().inject({ url: '/api/conversation', headers: ana.headers })).statusCode).toBe(401);
  });

  it("reads each side's summary with the conversation's newest message, also when one crosses an announcement", async () => {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben, 'first');
    const second = (await send(app(), ana, id, 'second')).json<TConversationMessage>();
    const read = await summariesByAccount(app().db, id);
    expect(read.get(ben.account.id)).toMatchObject({ lastMessage: second, lastSequence: 2, unseenCount: 2 });
    expect(read.get(ana.account.id)).toMatchObject({ lastMessage: second, lastSequence: 2, unseenCount: 0 });
    // A message sent meanwhile (crossing announcements): the summaries show it.
    const third = (await send(app(), ben, id, 'third')).json<TConversationMessage>();
    const crossed = await summariesByAccount(app().db, id);
    expect(crossed.get(ana.account.id)).toMatchObject({ lastMessage: third, lastSequence: 3, unseenCount: 1 });
    expect(crossed.get(ben.account.id)).toMatchObject({ lastMessage: third, lastSequence: 3, unseenCount: 2 });
  });
});

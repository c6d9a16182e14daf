/**
 * The conversation reads every screen makes, batched across requests (platform/db/batched-statement.ts):
 * the unseen check, the conversation list and a conversation's page of messages answer each
 * account its own, whether the call ran alone or in a batch with others' (and with its own twice),
 * on both engines.
 */
import { expect, it } from 'vitest';
import { expectBatchedAsAlone } from '../test/batched-reads.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildPerson, send, startConversation, type TPerson } from '../test/conversations-support.ts';
import type { TConversationMessage } from '@vbc/shared/conversation';
import { haveUnseenMessages, listConversations, listMessagesFor, type TPageQuery } from './read-conversations.ts';

describeEachDatabase('conversation reads, batched', (ctx) => {
  it('answer each account its own unseen count, conversation list and message pages, alone or batched', async () => {
    const people: TPerson[] = [];
    for (const name of ['Ana', 'Ben', 'Cem', 'Dia', 'Eve']) people.push(await buildPerson(ctx.app, name));
    const [ana, ben, cem, dia, eve] = people as [TPerson, TPerson, TPerson, TPerson, TPerson];
    // Ana writes to Ben (3 messages) and to Cem (1); Dia writes to Ana (2); Eve has no conversation.
    const anaBen = (await startConversation(ctx.app, ana, ben, 'one')).personalConversationId;
    for (const text of ['two', 'three']) expect((await send(ctx.app, ana, anaBen, text)).statusCode).toBe(201);
    await startConversation(ctx.app, ana, cem, 'hi Cem');
    const diaAna = (await startConversation(ctx.app, dia, ana, 'hello Ana')).personalConversationId;
    expect((await send(ctx.app, dia, diaAna, 'again')).statusCode).toBe(201);

    const asked = [ana, ben, cem, dia, eve, ana, ben, eve].map((who) => who.account.id);
    const counts = await expectBatchedAsAlone(asked.map((id) => () => haveUnseenMessages(ctx.app.db, id)));
    expect(counts.map((c) => c.count)).toEqual([2, 3, 1, 0, 0, 2, 3, 0]);

    const lists = await expectBatchedAsAlone(asked.map((id) => () => listConversations(ctx.app.db, id)));
    const counterparts = lists.map((list) => list.map((summary) => summary.counterpart.name.split(' ')[0]));
    // Newest first: Ana's last conversation is Dia's.
    expect(counterparts).toEqual([['Dia', 'Cem', 'Ben'], ['Ana'], ['Ana'], ['Ana'], [], ['Dia', 'Cem', 'Ben'], ['Ana'], []]);
    expect(lists[0]!.map((summary) => summary.unseenCount)).toEqual([2, 0, 0]);
    expect(lists[1]![0]!.lastMessage?.message).toBe('three');

    // Message pages, each reader's own: the latest or before a sequence (backward), and after one (forward), each
    // kind batched on its own.
    const pageTexts = async (pages: [TPerson, string, TPageQuery][]) =>
      (
        await expectBatchedAsAlone(
          pages.map(
            ([who, id, page]) =>
              () =>
                listMessagesFor(ctx.app.db, who.account.id, id, page),
          ),
        )
      ).map((page) => (JSON.parse(page.json) as TConversationMessage[]).map((m) => m.message));
    const backward = await pageTexts([
      [ana, anaBen, { limit: 50 }],
      [dia, diaAna, { limit: 1 }],
      [ana, diaAna, { before: 2, limit: 50 }],
      [ben, anaBen, { before: 3, limit: 1 }],
      [ben, anaBen, { limit: 2 }],
      [dia, diaAna, { limit: 50 }],
      [ana, anaBen, { limit: 50 }],
    ]);
    expect(backward).toEqual([
      ['one', 'two', 'three'],
      ['again'],
      ['hello Ana'],
      ['two'],
      ['two', 'three'],
      ['hello Ana', 'again'],
      ['one', 'two', 'three'],
    ]);
    const forward = await pageTexts([
      [ben, anaBen, { after: 1, limit: 50 }],
      [ana, anaBen, { after: 0, limit: 2 }],
      [dia, diaAna, { after: 0, limit: 50 }],
      [ana, diaAna, { after: 1, limit: 50 }],
      [ben, anaBen, { after: 3, limit: 50 }],
      [ana, anaBen, { after: 2, limit: 1 }],
      [ben, anaBen, { after: 1, limit: 50 }],
    ]);
    expect(forward).toEqual([['two', 'three'], ['one', 'two'], ['hello Ana', 'again'], ['again'], [], ['three'], ['two', 'three']]);
  });
});

/**
 * The conversation reads every screen makes, batched across requests (platform/db/batched-read.ts):
 * the unseen check and the conversation list answer each account its own, whether the call ran
 * alone or in a batch with others' (and with its own account's twice), on both engines.
 */
import { expect, it } from 'vitest';
import { expectBatchedAsAlone } from '../test/batched-reads.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildPerson, send, startConversation, type TPerson } from '../test/conversations-support.ts';
import { haveUnseenMessages, listConversations } from './read-conversations.ts';

describeEachDatabase('conversation reads, batched', (ctx) => {
  it('answer each account its own unseen count and conversation list, alone or batched', async () => {
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
  });
});

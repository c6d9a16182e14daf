/**
 * What every send runs, batched across requests (platform/db/batched-statement.ts): the sides of a
 * conversation and its summaries answer each conversation its own, alone or batched; the appends
 * that meet are one statement, sorted by conversation for their row locks, and each call still
 * gets its own message, in the order the calls were made, with gap-free sequences, on both engines.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { expectBatchedAsAlone } from '../test/batched-reads.ts';
import { buildPerson, send, startConversation, type TPerson } from '../test/conversations-support.ts';
import { appendMessage, type TAppended, type TNewMessage } from './append-message.ts';
import { participantAccountIds, requireSides, summariesByAccount } from './read-conversations.ts';

describeEachDatabase('sends, batched', (ctx) => {
  it('read each conversation its own sides and summaries, alone or batched', async () => {
    const [ana, ben, cem] = await people(['Ana', 'Ben', 'Cem']);
    const anaBen = (await startConversation(ctx.app, ana, ben, 'to Ben')).personalConversationId;
    const cemAna = (await startConversation(ctx.app, cem, ana, 'to Ana')).personalConversationId;
    for (const text of ['from Ben', 'back to Ana']) expect((await send(ctx.app, ben, anaBen, text)).statusCode).toBe(201);
    const unknown = randomUUID();

    const asked = [anaBen, cemAna, unknown, anaBen, cemAna, anaBen, unknown];
    const ids = await expectBatchedAsAlone(asked.map((id) => () => participantAccountIds(ctx.app.db, id)));
    const sorted = (list: string[]) => [...list].sort();
    expect(ids.map(sorted)).toEqual(
      [[ana, ben], [cem, ana], [], [ana, ben], [cem, ana], [ana, ben], []].map((pair) => sorted(pair.map((p) => p.account.id))),
    );

    const summaries = await expectBatchedAsAlone(
      asked.map((id) => async () => [...(await summariesByAccount(ctx.app.db, id))].sort(([a], [b]) => (a < b ? -1 : 1))),
    );
    const lastTexts = summaries.map((byAccount) => byAccount.map(([, summary]) => summary.lastMessage?.message));
    expect(lastTexts).toEqual([
      ['back to Ana', 'back to Ana'],
      ['to Ana', 'to Ana'],
      [],
      ['back to Ana', 'back to Ana'],
      ['to Ana', 'to Ana'],
      ['back to Ana', 'back to Ana'],
      [],
    ]);
    // Each side's own summary: Ana has two unseen messages from Ben, Ben one from Ana.
    const anaBenSummaries = new Map(summaries[0]);
    expect(anaBenSummaries.get(ana.account.id)?.unseenCount).toBe(2);
    expect(anaBenSummaries.get(ben.account.id)?.unseenCount).toBe(1);

    // A side of another conversation is not the caller's: the same 404 alone and among others.
    const sides = await Promise.all(
      [anaBen, cemAna, anaBen, cemAna, anaBen, cemAna].map((id) =>
        requireSides(ctx.app.db, id, ben.account.id).then(
          (found) => found.me.accountId,
          (error: { status?: number }) => error.status,
        ),
      ),
    );
    expect(sides).toEqual([ben.account.id, 404, ben.account.id, 404, ben.account.id, 404]);
  });

  it('append the messages sent at once each to its own conversation, in the order sent, each answered its own', async () => {
    const [ana, ben, cem, dia] = await people(['Ana', 'Ben', 'Cem', 'Dia']);
    const anaBen = (await startConversation(ctx.app, ana, ben, 'ab 0')).personalConversationId;
    const cemAna = (await startConversation(ctx.app, cem, ana, 'ca 0')).personalConversationId;
    const diaBen = (await startConversation(ctx.app, dia, ben, 'db 0')).personalConversationId;
    const replayed = { id: randomUUID(), text: 'ab sent before' };
    expect((await send(ctx.app, ana, anaBen, replayed.text, replayed.id)).statusCode).toBe(201);
    const sides = { [anaBen]: [ana, ben], [cemAna]: [cem, ana], [diaBen]: [dia, ben] } as Record<string, [TPerson, TPerson]>;

    // The first four calls go alone (batchedCalls runs four at once), the rest together in one
    // batch: they are the appends, interleaved over three conversations (not in the order of their
    // ids) with both sides writing, so the order within each conversation is the order sent. Alone
    // and in the batch: an unknown conversation, a retry of a message sent before, and its id used
    // again with other text.
    const unknown = randomUUID();
    const odd = (body: string, conversationId = anaBen, clientMessageId = replayed.id) => ({
      conversationId,
      from: ana,
      body,
      clientMessageId,
    });
    const calls = [odd('nowhere', unknown, randomUUID()), odd(replayed.text), odd('other text'), odd('nowhere', unknown, randomUUID())];
    for (let i = 1; i <= 4; i++) {
      for (const conversationId of [diaBen, anaBen, cemAna]) {
        const from = sides[conversationId]![i % 2]!;
        const prefix = conversationId === anaBen ? 'ab' : conversationId === cemAna ? 'ca' : 'db';
        calls.push({ conversationId, from, body: `${prefix} ${i}`, clientMessageId: randomUUID() });
      }
    }
    calls.splice(6, 0, odd('nowhere', unknown, randomUUID()));
    calls.splice(9, 0, odd(replayed.text));
    calls.splice(11, 0, odd('other text'));

    const outcomes = await Promise.all(
      calls.map((call) =>
        appendMessage(ctx.app.db, input(call)).then(
          (appended): TAppended | number => appended,
          (error: { status?: number }) => error.status ?? -1,
        ),
      ),
    );

    calls.forEach((call, i) => {
      const outcome = outcomes[i]!;
      if (call.conversationId === unknown) return expect(outcome).toBe(404);
      if (call.body === 'other text') return expect(outcome).toBe(409);
      if (typeof outcome === 'number') throw new Error(`${call.body}: ${outcome}`);
      expect(outcome.row.conversationId).toBe(call.conversationId);
      expect(outcome.row.body).toBe(call.body);
      expect(outcome.row.senderAccountId).toBe(call.from.account.id);
      expect(outcome.row.clientMessageId).toBe(call.clientMessageId);
      expect(outcome.created).toBe(call.body !== replayed.text);
    });
    // Each conversation's messages in the order they were sent, gap-free, each once; each new
    // message knows when the one before it was sent.
    for (const [conversationId, prefix, before] of [
      [anaBen, 'ab', ['ab 0', replayed.text]],
      [cemAna, 'ca', ['ca 0']],
      [diaBen, 'db', ['db 0']],
    ] as const) {
      const stored = await ctx.app.db.execute<{ seq: number; body: string; created_at: string | Date }>(
        `select seq, body, created_at from conversation_messages where conversation_id = '${conversationId}' order by seq`,
      );
      const rows = (stored as unknown as { rows: { seq: number; body: string; created_at: string | Date }[] }).rows;
      expect(rows.map((r) => r.body)).toEqual([...before, `${prefix} 1`, `${prefix} 2`, `${prefix} 3`, `${prefix} 4`]);
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
      for (let k = before.length; k < rows.length; k++) {
        const appended = outcomes[calls.findIndex((c) => c.body === rows[k]!.body)] as TAppended;
        expect(appended.row.seq).toBe(k + 1);
        expect(appended.previousAt?.getTime()).toBe(new Date(rows[k - 1]!.created_at).getTime());
      }
    }
  });

  const people = async <TNames extends string[]>(names: [...TNames]): Promise<{ [K in keyof TNames]: TPerson }> => {
    const built: TPerson[] = [];
    for (const name of names) built.push(await buildPerson(ctx.app, name));
    return built as { [K in keyof TNames]: TPerson };
  };

  const input = (call: { conversationId: string; from: TPerson; body: string; clientMessageId: string }): TNewMessage => ({
    conversationId: call.conversationId,
    senderAccountId: call.from.account.id,
    fromVbcId: call.from.card.id,
    kind: 'text',
    body: call.body,
    clientMessageId: call.clientMessageId,
    now: new Date(),
  });
});

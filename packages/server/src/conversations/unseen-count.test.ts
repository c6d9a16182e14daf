/**
 * Each side's unseen count, kept by the database's triggers (migration 0033), against what it
 * stands for — the messages after the side's seen sequence that the other side sent — counted from
 * the messages themselves: through concurrent sends and seens from both sides (PostgreSQL runs them
 * at once), a replayed send, a bulk insert that is not the append, a seen sequence moved back, and
 * the other side's account deleted. The API's unseen check and conversation list answer the count.
 */
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TConversationSummary, THaveUnseenMessages } from '@vbc/shared/conversation';
import { deleteAccount } from '../accounts/delete-account.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildPerson, send, startConversation, type TPerson } from '../test/conversations-support.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

describeEachDatabase('unseen counts kept by the database', (ctx) => {
  /** Each side's kept count and the count of the messages it stands for. */
  const counts = async (conversationId: string) =>
    rowsOf<{ accountId: string | null; kept: number; counted: number }>(
      await ctx.app.db.execute(sql`
        select p.account_id as "accountId", p.unseen_count as "kept",
               (select count(*)::int from conversation_messages m
                 where m.conversation_id = p.conversation_id and m.seq > p.last_seen_seq
                   and (m.sender_account_id is null or m.sender_account_id <> p.account_id)) as "counted"
          from conversation_participants p where p.conversation_id = ${conversationId}`),
    );

  /** Both sides' kept counts, checked against the messages; `[ana's, ben's]`. */
  const expectKept = async (conversationId: string, ana: TPerson, ben: TPerson) => {
    const sides = await counts(conversationId);
    expect(sides).toHaveLength(2);
    for (const side of sides) expect(side.kept, JSON.stringify(sides)).toBe(side.counted);
    return [ana, ben].map((who) => sides.find((side) => side.accountId === who.account.id)!.kept);
  };

  const unseenOf = async (who: TPerson) => {
    const res = await ctx.app.inject({ url: '/api/conversation/haveUnseenMessages', headers: who.headers });
    expect(res.statusCode).toBe(200);
    return res.json<THaveUnseenMessages>().count;
  };

  const listed = async (who: TPerson, conversationId: string) => {
    const res = await ctx.app.inject({ url: '/api/conversation', headers: who.headers });
    expect(res.statusCode).toBe(200);
    return res.json<TConversationSummary[]>().find((c) => c.personalConversationId === conversationId)!.unseenCount;
  };

  const seen = async (who: TPerson, conversationId: string, sequence?: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversation/${conversationId}/seen`,
      headers: who.headers,
      payload: sequence === undefined ? {} : { sequence },
    });
    expect(res.statusCode).toBe(204);
  };

  it('match the messages they stand for through concurrent sends and seens, a replay, a bulk insert, a seen moved back and a deleted account', async () => {
    const [ana, ben] = [await buildPerson(ctx.app, 'Ana'), await buildPerson(ctx.app, 'Ben')];
    const conversationId = (await startConversation(ctx.app, ana, ben, 'Hello Ben')).personalConversationId;
    expect(await unseenOf(ben)).toBe(1);
    expect(await unseenOf(ana)).toBe(0);

    // Both sides send and mark seen at once (within the 30 sends a minute), at sequences that may not have arrived yet.
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      work.push(send(ctx.app, ana, conversationId, `from Ana ${i}`).then((r) => expect(r.statusCode).toBe(201)));
      work.push(send(ctx.app, ben, conversationId, `from Ben ${i}`).then((r) => expect(r.statusCode).toBe(201)));
      if (i % 2 === 0) work.push(seen(ana, conversationId, 2 * i), seen(ben, conversationId));
    }
    await Promise.all(work);
    const [anaUnseen, benUnseen] = await expectKept(conversationId, ana, ben);
    expect(await unseenOf(ana)).toBe(anaUnseen);
    expect(await unseenOf(ben)).toBe(benUnseen);
    expect(await listed(ana, conversationId)).toBe(anaUnseen);

    // A replayed send (the same clientMessageId) adds no message and no count.
    await seen(ben, conversationId);
    const first = await send(ctx.app, ana, conversationId, 'once', 'replayed-id');
    expect(first.statusCode).toBe(201);
    expect((await send(ctx.app, ana, conversationId, 'once', 'replayed-id')).statusCode).toBe(200);
    expect((await expectKept(conversationId, ana, ben))[1]).toBe(1);

    // A bulk insert that is not the append (a migration, a data load): 1,000 messages of Ben's in one statement.
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into conversation_messages (conversation_id, seq, sender_account_id, kind, body, created_at)
        select c.id, c.last_seq + q, ${ben.account.id}, 'text', 'bulk ' || q, now()
          from conversations c, generate_series(1, 1000) q where c.id = ${conversationId}`);
      await tx.execute(sql`update conversations set last_seq = last_seq + 1000 where id = ${conversationId}`);
    });
    const [anaAfterBulk] = await expectKept(conversationId, ana, ben);
    expect(anaAfterBulk).toBeGreaterThanOrEqual(1000);
    expect(await unseenOf(ana)).toBe(anaAfterBulk);

    // Ana reads up to 500 before the end, then her seen sequence is moved back by 200 (not the API's way: it never goes back).
    const [{ lastSeq }] = rowsOf<{ lastSeq: number }>(
      await ctx.app.db.execute(sql`select last_seq as "lastSeq" from conversations where id = ${conversationId}`),
    ) as [{ lastSeq: number }];
    await seen(ana, conversationId, lastSeq - 500);
    expect((await expectKept(conversationId, ana, ben))[0]).toBe(500);
    await ctx.app.db.execute(sql`
      update conversation_participants set last_seen_seq = last_seen_seq - 200
       where conversation_id = ${conversationId} and account_id = ${ana.account.id}`);
    expect((await expectKept(conversationId, ana, ben))[0]).toBe(700);
    expect(await listed(ana, conversationId)).toBe(700);

    // Ben deletes his account: his messages stay for Ana, still unseen by her.
    await deleteAccount(ctx.app.db, ben.account.id, ctx.app.accountDeletionSteps);
    const afterDeletion = await counts(conversationId);
    const anaAfter = afterDeletion.find((side) => side.accountId === ana.account.id)!;
    expect(anaAfter.kept).toBe(700);
    expect(anaAfter.counted).toBe(700);
    expect(await unseenOf(ana)).toBe(700);
    await seen(ana, conversationId);
    expect(await unseenOf(ana)).toBe(0);
  });
});

/**
 * Issue 28: a new message's id is time-ordered (migration 0038), a UUID of version 7 whose first
 * 48 bits are its milliseconds, so it goes at the end of the primary key's index.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { conversationMessages } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildPerson, send, startConversation } from '../test/conversations-support.ts';

describeEachDatabase("a message's id", (ctx) => {
  it('is time-ordered: version 7, the milliseconds of the send first, in the order sent', async () => {
    const ana = await buildPerson(ctx.app, 'Ana');
    const ben = await buildPerson(ctx.app, 'Ben');
    const before = Date.now();
    const { personalConversationId: id } = await startConversation(ctx.app, ana, ben, 'one');
    for (const text of ['two', 'three', 'four']) expect((await send(ctx.app, ben, id, text)).statusCode).toBe(201);
    const after = Date.now();

    const rows = await ctx.app.db
      .select({ id: conversationMessages.id, body: conversationMessages.body })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, id))
      .orderBy(conversationMessages.seq);
    expect(rows.map((r) => r.body)).toEqual(['one', 'two', 'three', 'four']);
    for (const { id: key } of rows) {
      // Version 7 and RFC 9562's variant (10xx).
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ms = parseInt(key.replace(/-/g, '').slice(0, 12), 16);
      expect(ms).toBeGreaterThanOrEqual(before - 1);
      expect(ms).toBeLessThanOrEqual(after + 1);
    }
    // Sent one after another: each id's milliseconds are at or after the one before's (ids made in
    // the same millisecond differ in their random bits only).
    const times = rows.map((r) => r.id.slice(0, 13));
    expect([...times].sort()).toEqual(times);
  });
});

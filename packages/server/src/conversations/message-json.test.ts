/**
 * Issue 28: a message's JSON kept by the database (migration 0037) is the message as presentMessage
 * presents it, whatever its text, kind or file; it follows every change a message sees (its
 * sender's account deleted, its file removed); and a message stored before that migration (its
 * `json` null) is written by the page as it is read, the same text.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deleteAccount } from '../accounts/delete-account.ts';
import { conversationMessages, displayItems } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildPerson, send, smallPng, startConversation, uploadToConversation, type TPerson } from '../test/conversations-support.ts';
import { listMessages, listMessagesFor } from './read-conversations.ts';

describeEachDatabase('a message as the database keeps it', (ctx) => {
  const app = () => ctx.app;
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');

  /** Ana and Ben, and Ana's conversation with Ben. */
  async function conversation(first: string) {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben, first);
    return { ana, ben, id };
  }
  /** The newest page as PostgreSQL writes it for `who` (the text), and whether a message in it has a file. */
  const page = (who: TPerson, id: string) => listMessagesFor(app().db, who.account.id, id, { limit: 50 });
  /** Each message's stored `json`, oldest first. */
  const stored = async (id: string) =>
    (
      await app()
        .db.select({ json: conversationMessages.json })
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, id))
        .orderBy(conversationMessages.seq)
    ).map((row) => row.json);

  it('is the message as presentMessage presents it, for every kind and any text', async () => {
    const { ana, ben, id } = await conversation('Hello "Ben"');
    for (const text of ['line one\nline two\ttab', '</script><b>&amp;</b> \\ back/slash', 'emoji 👋🏽 and \u2028'])
      expect((await send(app(), ana, id, text)).statusCode).toBe(201);
    await uploadToConversation(app(), ana, id, 'photos', { name: 'park.png', type: 'image/png', data: await smallPng() });
    await uploadToConversation(app(), ben, id, 'documents', { name: 'plan "final" ü.pdf', type: 'application/pdf', data: pdf });

    const presented = await listMessages(app().db, id, { limit: 50 });
    expect(presented.map((m) => m.kind)).toEqual(['text', 'text', 'text', 'text', 'photo', 'document']);
    // Byte for byte what JSON.stringify writes of presentMessage's object, kept on each row as it was inserted.
    expect(await stored(id)).toStrictEqual(presented.map((m) => JSON.stringify(m)));
    expect(await page(ben, id)).toStrictEqual({ json: JSON.stringify(presented), files: true });
  });

  it("follows a message's changes: its file removed, its sender's account deleted", async () => {
    const { ana, ben, id } = await conversation('before I go');
    const photo = await uploadToConversation(app(), ana, id, 'photos', { name: 'park.png', type: 'image/png', data: await smallPng() });
    expect((await send(app(), ben, id, 'bye?')).statusCode).toBe(201);
    expect((await page(ben, id)).files).toBe(true);

    // A picture removed (its foreign key sets the message's null): the message stays, without a file.
    await app().db.delete(displayItems).where(eq(displayItems.obsecuredId, photo.photo!.obsecuredDisplayItemId));
    await deleteAccount(app().db, ana.account.id, app().accountDeletionSteps);

    const presented = await listMessages(app().db, id, { limit: 50 });
    expect(presented.map((m) => [m.kind, m.senderDeleted, m.senderAccountId, m.fromVbcId, m.photo])).toEqual([
      ['text', true, null, null, undefined],
      ['photo', true, null, null, undefined],
      ['text', false, ben.account.id, ben.card.id, undefined],
    ]);
    expect(await stored(id)).toStrictEqual(presented.map((m) => JSON.stringify(m)));
    expect(await page(ben, id)).toStrictEqual({ json: JSON.stringify(presented), files: false });
  });

  it('writes a message stored before its JSON was kept as it reads it', async () => {
    const { ana, ben, id } = await conversation('an old message');
    await uploadToConversation(app(), ana, id, 'documents', { name: 'old.pdf', type: 'application/pdf', data: pdf });
    const kept = await page(ben, id);
    // As the migration leaves a message stored before it: its `json` null (written here without the trigger).
    await app().db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(conversationMessages).set({ json: null }).where(eq(conversationMessages.conversationId, id));
    });
    expect(await stored(id)).toStrictEqual([null, null]);
    expect(await page(ben, id)).toStrictEqual(kept);
    expect(kept.files).toBe(true);
  });
});

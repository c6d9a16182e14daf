/**
 * Issue 9 finding 3: a conversation's photos and documents are served only to its participants,
 * by short-lived links signed for each of them (minted in every answer and event, fresh on read),
 * never cached publicly; card pictures stay public and cacheable.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { TConversationMessage } from '@vbc/shared/conversation';
import { displayItems } from '../platform/db/schema/index.ts';
import { listMessages } from './read-conversations.ts';
import { signFileLink } from '../files/signed-links.ts';
import { loadSecret } from '../platform/plugins/secrets.ts';
import { describeEachDatabase } from '../test/app.ts';
import {
  allMessages,
  buildPerson,
  multipart,
  smallPng,
  startConversation,
  uploadToConversation,
  withUnsignedFiles,
} from '../test/conversations-support.ts';

describeEachDatabase('conversation files are private to the conversation', (ctx) => {
  const app = () => ctx.app;

  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  /** A sent photo and document, as the sender got them and as the other side reads them. */
  async function conversationWithFiles() {
    const ana = await buildPerson(app(), 'Ana');
    const ben = await buildPerson(app(), 'Ben');
    const { personalConversationId: id } = await startConversation(app(), ana, ben);
    const photo = await uploadToConversation(app(), ana, id, 'photos', { name: 'park.png', type: 'image/png', data: await smallPng() });
    const document = await uploadToConversation(app(), ana, id, 'documents', { name: 'plan.pdf', type: 'application/pdf', data: pdf });
    const benSees = await allMessages(app(), ben, id);
    return { ana, ben, id, photo, document, benPhoto: benSees.at(-2)!, benDocument: benSees.at(-1)! };
  }

  const refused = async (url: string, message: RegExp) => {
    const res = await app().inject({ url });
    expect([res.statusCode, res.json().message, res.headers['cache-control']]).toEqual([403, expect.stringMatching(message), 'no-store']);
  };

  it('serves each participant the files by the link signed for them, privately cached until it expires', async () => {
    const { ana, ben, photo, document, benPhoto, benDocument } = await conversationWithFiles();
    for (const [message, who] of [
      [photo, ana],
      [benPhoto, ben],
    ] as const) {
      expect(message.photo!.url).toMatch(
        new RegExp(
          `^/ds/vbc/odisplay/${message.photo!.obsecuredDisplayItemId}\\?account=${who.account.id}&expires=\\d+&signature=[\\w-]{22}$`,
        ),
      );
      const served = await app().inject({ url: message.photo!.url });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(served.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(55 * 60);
      expect(maxAge).toBeLessThanOrEqual(65 * 60);
    }
    for (const [message, who] of [
      [document, ana],
      [benDocument, ben],
    ] as const) {
      expect(message.document!.url).toMatch(
        new RegExp(`^/ds/vbc/file/${message.document!.documentFileItemId}\\?account=${who.account.id}&`),
      );
      const served = await app().inject({ url: message.document!.url });
      expect([served.statusCode, served.headers['cache-control'], served.rawPayload.equals(pdf)]).toEqual([
        200,
        expect.stringMatching(/^private, max-age=\d+$/),
        true,
      ]);
    }
  });

  it('refuses the bare address, a link for another account or file, a forged and an expired one with 403', async () => {
    const { photo, document, benPhoto } = await conversationWithFiles();
    const eve = await buildPerson(app(), 'Eve');
    const { obsecuredDisplayItemId } = photo.photo!;
    const [item] = await app().db.select().from(displayItems).where(eq(displayItems.obsecuredId, obsecuredDisplayItemId));

    await refused(`/ds/vbc/odisplay/${obsecuredDisplayItemId}`, /^This file belongs to a conversation/);
    await refused(`/ds/vbc/display/${item!.id}`, /^This file belongs to a conversation/);
    await refused(`/ds/vbc/file/${document.document!.documentFileItemId}`, /^This file belongs to a conversation/);

    // Ana's link with Eve's (or Ben's) account in it; Ana's photo link on the document; a changed signature.
    await refused(photo.photo!.url.replace(/account=[^&]+/, `account=${eve.account.id}`), /^This link is not valid for this file\.$/);
    await refused(benPhoto.photo!.url.replace(/account=[^&]+/, `account=${photo.senderAccountId}`), /^This link is not valid/);
    await refused(`/ds/vbc/file/${document.document!.documentFileItemId}?${photo.photo!.url.split('?')[1]}`, /^This link is not valid/);
    const signature = /signature=([\w-]+)/.exec(photo.photo!.url)![1]!;
    const forged = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await refused(photo.photo!.url.replace(signature, forged), /^This link is not valid/);
    await refused(
      `${photo.photo!.url.split('?')[0]}?account=${eve.account.id}&expires=99999999999&signature=${'A'.repeat(22)}`,
      /^This link is not valid/,
    );
    await refused(`${photo.photo!.url.split('?')[0]}?account=x&expires=soon&signature=nope`, /^This link is not valid/);

    // A genuine link for someone outside the conversation (the server never mints one) still opens nothing.
    const key = await loadSecret(app().db, 'file-link-key');
    await refused(
      signFileLink(key, `/ds/vbc/odisplay/${obsecuredDisplayItemId}`, obsecuredDisplayItemId, eve.account.id, Date.now()),
      /^This link is not valid/,
    );
    // A genuine participant's link minted two hours ago has expired.
    const old = signFileLink(
      key,
      `/ds/vbc/odisplay/${obsecuredDisplayItemId}`,
      obsecuredDisplayItemId,
      photo.senderAccountId!,
      Date.now() - 2 * 60 * 60_000,
    );
    await refused(old, /^This link to a conversation file has expired/);
  });

  it('mints fresh links on every read: the list, the summary and the messages', async () => {
    const { ana, id } = await conversationWithFiles();
    const list = await app().inject({ url: '/api/conversation', headers: ana.headers });
    const summary = list
      .json<{ personalConversationId: string; lastMessage: TConversationMessage }[]>()
      .find((s) => s.personalConversationId === id)!;
    expect(summary.lastMessage.document!.url).toContain(`?account=${ana.account.id}&`);
    expect((await app().inject({ url: summary.lastMessage.document!.url })).statusCode).toBe(200);
    const one = await app().inject({ url: `/api/conversation/${id}`, headers: ana.headers });
    expect(one.json<{ lastMessage: TConversationMessage }>().lastMessage.document!.url).toBe(summary.lastMessage.document!.url);
  });

  it('reads a page with a photo and a document as presentMessage presents them, each link signed for the reader', async () => {
    const { ben, id, benPhoto, benDocument } = await conversationWithFiles();
    expect(benPhoto.photo!.url).toContain(`?account=${ben.account.id}&`);
    const presented = await listMessages(app().db, id, { limit: 50 });
    expect([benPhoto, benDocument].map(withUnsignedFiles)).toStrictEqual(presented.slice(-2));
  });

  it('keeps card pictures public and cacheable for a year', async () => {
    const ana = await buildPerson(app(), 'Ana');
    const body = multipart({ name: 'me.png', type: 'image/png', data: await smallPng() });
    const res = await app().inject({
      method: 'POST',
      url: '/api/files/display',
      headers: { ...ana.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    const served = await app().inject({ url: `/ds/vbc/odisplay/${res.json<{ obsecuredDisplayItemId: string }>().obsecuredDisplayItemId}` });
    expect([served.statusCode, served.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });
});

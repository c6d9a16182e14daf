/**
 * The signed-in reads sent with JSON.stringify (`documentedOnly`, docs.ts) instead of the zod
 * serializer, and the message page PostgreSQL writes, answer exactly their documented shape: what
 * the schema would have sent. Parsing the
 * answer with the route's schema gives it back unchanged, so no field is sent that the schema
 * does not name (zod would have dropped it: a presenter's slip, a stored secret) and none that the
 * schema would have turned into another value. Each read is called with data in every part of its
 * answer: a conversation with a text and a document message, an announcement with a picture and an
 * attachment, a business and the account's folders, a recent card and a search match.
 */
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { ZDirectories, ZDirectory, ZRecents, ZSearchResult } from '@vbc/shared';
import { ZAnnouncementList } from '@vbc/shared/announcement';
import { type TConversationMessage, ZConversationMessage, ZConversationSummary, ZHaveUnseenMessages } from '@vbc/shared/conversation';
import { listMessages } from '../../conversations/read-conversations.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { admin, ADMIN_TOKEN, uploadPdf, uploadPicture } from '../../test/announcements-support.ts';
import { buildPerson, multipart, send, startConversation, withUnsignedFiles } from '../../test/conversations-support.ts';
import { buildBusiness, buildLinkedCard } from '../../test/directories-support.ts';

describeEachDatabase(
  'signed-in reads sent as their documented shape',
  (ctx) => {
    const read = async (url: string, headers: Record<string, string>) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json() as unknown;
    };
    const expectExactly = (schema: z.ZodType, body: unknown) => expect(schema.parse(body)).toStrictEqual(body);

    it('conversations, messages, the unseen check, announcements, directories, recents and search', async () => {
      const ana = await buildPerson(ctx.app, 'Ana');
      const ben = await buildPerson(ctx.app, 'Ben');
      const { personalConversationId: id } = await startConversation(ctx.app, ben, ana, 'Hello Ana');
      expect((await send(ctx.app, ana, id, 'Hello Ben')).statusCode).toBe(201);
      // The page PostgreSQL writes as it is (no file in it) says what presentMessage says: the gap fill's messages.
      const texts = (await read(`/api/conversation/${id}/messages`, ana.headers)) as unknown[];
      expect(texts).toHaveLength(2);
      for (const message of texts) expectExactly(ZConversationMessage, message);
      expect(texts).toStrictEqual(await listMessages(ctx.app.db, id, { limit: 50 }));
      const pdf = multipart({ name: 'menu.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: `/api/conversation/${id}/documents`,
        headers: { ...ben.headers, 'content-type': pdf.contentType },
        payload: pdf.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);

      const picture = await uploadPicture(ctx.app, ana.headers);
      const attachment = await uploadPdf(ctx.app, ana.headers);
      const announced = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/announcements',
        headers: admin,
        payload: {
          title: 'Maintenance',
          content: '**Down** tonight',
          imageId: picture.displayItemId,
          attachments: [attachment.documentFileItemId],
        },
      });
      expect(announced.statusCode, announced.body).toBe(201);

      const team = await buildBusiness(ctx.app, { isPublic: true, memberEmails: [] });
      await buildLinkedCard(ctx.app, team.corporateProfileId, { firstName: 'Zelda', lastName: 'Searched' });
      const merged = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalAccount/mergeRecentlyViewedVbc',
        headers: ana.headers,
        payload: { recents: [{ id: ben.card.id, time: Date.now() }] },
      });
      expect(merged.statusCode, merged.body).toBe(200);

      const messages = (await read(`/api/conversation/${id}/messages`, ana.headers)) as unknown[];
      expect(messages.map((m) => (m as { kind: string }).kind)).toEqual(['text', 'text', 'document']);
      for (const message of messages) expectExactly(ZConversationMessage, message);
      // With a file in it, the page is parsed to sign the file's link: the rest as presentMessage says.
      const [, , withDocument] = messages as TConversationMessage[];
      expect(withDocument!.document!.url).toContain(`?account=${ana.account.id}&`);
      expect((messages as TConversationMessage[]).map(withUnsignedFiles)).toStrictEqual(await listMessages(ctx.app.db, id, { limit: 50 }));
      const conversations = (await read('/api/conversation', ana.headers)) as unknown[];
      expect(conversations).toHaveLength(1);
      for (const conversation of conversations) expectExactly(ZConversationSummary, conversation);
      expectExactly(ZHaveUnseenMessages, await read('/api/conversation/haveUnseenMessages', ana.headers));

      const list = (await read('/api/personalAccount/announcements', ana.headers)) as z.output<typeof ZAnnouncementList>;
      expect(list.announcements[0]).toMatchObject({ title: 'Maintenance', attachments: [{ name: 'menu.pdf' }] });
      expectExactly(ZAnnouncementList, list);
      // The list (its own statement, attachments as a JSON column) says what the announcement read alone says.
      const [item] = list.announcements;
      expect(await read(`/api/personalAccount/announcement/${item!.announcementId}`, ana.headers)).toStrictEqual(item);

      const directories = (await read('/api/directories', ana.headers)) as z.output<typeof ZDirectories>;
      expectExactly(ZDirectories, directories);
      expectExactly(ZDirectory, await read(`/api/directories/${team.corporateAccountId}`, ana.headers));
      const recents = (await read('/api/vbc/recents', ana.headers)) as z.output<typeof ZRecents>;
      expect(recents.recents).toHaveLength(1);
      expectExactly(ZRecents, recents);
      const found = (await read('/api/vbc/search?q=zelda', ana.headers)) as z.output<typeof ZSearchResult>;
      expect(found.results.map((c) => c.lastName)).toEqual(['Searched']);
      expectExactly(ZSearchResult, found);
    });
  },
  { env: { ADMIN_TOKEN } },
);

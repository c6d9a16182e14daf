import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_MAX_BYTES,
  PHOTO_MAX_BYTES,
  ZClientMessageId,
  ZConversationMessage,
  ZConversationSummary,
  ZHaveUnseenMessages,
  ZInitiateConversation,
  ZMarkSeen,
  ZMessagesQuery,
  ZSendMessage,
} from '@vbc/shared/conversation';
import { isUuid } from '@vbc/shared';
import { notFound } from '../platform/errors/app-error.ts';
import { readUpload } from '../files/index.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { JSON_CONTENT_TYPE, SECURITY, ZNoContent, documentedOnly, orJsonText } from '../platform/plugins/docs.ts';

const tags = ['conversations'];
/** A conversation id that is not a UUID cannot exist: the same 404 as someone else's conversation. */
const ZConversationParams = z.object({ id: z.string().max(100) });
const conversationId = (id: string): string => {
  if (!isUuid(id)) throw notFound('conversation');
  return id.toLowerCase();
};
const ZUploadQuery = z.object({ clientMessageId: ZClientMessageId.optional() });

/** docs/contracts.md §D4 conversation routes and docs/contracts.md §7 initiateConversation / haveUnseenMessages. */
export default async function conversationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/conversation/initiateConversation',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZConversationSummary },
        body: ZInitiateConversation,
        tags,
        summary: 'Send a first message to the owner of a card; answers with the (new or existing) conversation',
      },
    },
    async (request) => app.conversations.startConversation(requireAccount(request).id, request.body),
  );

  r.get(
    '/api/conversation/haveUnseenMessages',
    {
      ...documentedOnly,
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZHaveUnseenMessages },
        tags,
        summary: 'Whether the signed-in account has unseen messages (result) and how many (count)',
      },
    },
    async (request) => app.conversations.haveUnseenMessages(requireAccount(request).id),
  );

  r.get(
    '/api/conversation',
    {
      ...documentedOnly,
      schema: {
        security: SECURITY.bearer,
        response: { 200: z.array(ZConversationSummary) },
        tags,
        summary: "The signed-in account's conversations, newest first",
      },
    },
    async (request) => app.conversations.conversationsOf(requireAccount(request).id),
  );

  r.get(
    '/api/conversation/:id',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZConversationSummary },
        params: ZConversationParams,
        tags,
        summary: 'One conversation as the caller sees it',
      },
    },
    async (request) => app.conversations.conversationOf(requireAccount(request).id, conversationId(request.params.id)),
  );

  r.get(
    '/api/conversation/:id/messages',
    {
      // PostgreSQL writes the page (read-conversations.ts); documented-reads.test.ts checks its shape.
      ...documentedOnly,
      schema: {
        security: SECURITY.bearer,
        response: { 200: orJsonText(z.array(ZConversationMessage)) },
        params: ZConversationParams,
        querystring: ZMessagesQuery,
        tags,
        summary:
          'Messages, oldest first: after=<sequence> catches up, before=<sequence> pages back, neither gives the latest; photos and documents carry links signed for the caller',
      },
    },
    async (request, reply) => {
      const page = await app.conversations.messagesOf(requireAccount(request).id, conversationId(request.params.id), request.query);
      return typeof page === 'string' ? reply.header('content-type', JSON_CONTENT_TYPE).send(page) : page;
    },
  );

  r.post(
    '/api/conversation/:id/messages',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZConversationMessage, 201: ZConversationMessage },
        params: ZConversationParams,
        body: ZSendMessage,
        tags,
        summary: 'Send a text message (idempotent on clientMessageId)',
      },
    },
    async (request, reply) => {
      const sent = await app.conversations.sendText(requireAccount(request).id, conversationId(request.params.id), request.body);
      return reply.status(sent.created ? 201 : 200).send(sent.message);
    },
  );

  r.post(
    '/api/conversation/:id/seen',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 204: ZNoContent },
        params: ZConversationParams,
        body: ZMarkSeen.nullish(),
        tags,
        summary: 'Mark messages seen up to a sequence (default: all); peers get ConversationSeen',
      },
    },
    async (request, reply) => {
      await app.conversations.seeConversation(requireAccount(request).id, conversationId(request.params.id), request.body?.sequence);
      return reply.status(204).send(null);
    },
  );

  for (const kind of ['photo', 'document'] as const) {
    r.post(
      `/api/conversation/:id/${kind}s`,
      {
        config: { multipartFile: { field: 'file', description: kind === 'photo' ? 'The photo' : 'The document' } },
        schema: {
          security: SECURITY.bearer,
          response: { 200: ZConversationMessage, 201: ZConversationMessage },
          params: ZConversationParams,
          querystring: ZUploadQuery,
          tags,
          summary:
            kind === 'photo'
              ? 'Send a photo (multipart, one image ≤ 10 MB; re-encoded without metadata)'
              : 'Send a document (multipart, one file ≤ 20 MB)',
        },
      },
      async (request, reply) => {
        const account = requireAccount(request);
        const sent = await app.conversations.sendAttachment(
          account.id,
          conversationId(request.params.id),
          kind,
          () => readUpload(request, kind === 'photo' ? PHOTO_MAX_BYTES : DOCUMENT_MAX_BYTES, kind),
          request.query.clientMessageId,
        );
        return reply.status(sent.created ? 201 : 200).send(sent.message);
      },
    );
  }
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZConfirmContactChange,
  ZContactChangeCode,
  ZLoginResult,
  ZMergeRecents,
  ZOtpResponse,
  ZPersonalAccount,
  ZRecents,
  ZRegisterAppAccount,
  ZRequestContactChange,
  ZRequestVerifyOtp,
  ZUnregisterOtpResponse,
  ZUpdateAccount,
  ZUpdateLanguage,
  ZVerifyEmail,
  ZVerifyPhoneNumber,
  ZVerifyUnregisterOtp,
  type TOtpResponse,
  type TSessionValidation,
} from '@vbc/shared';
import { requireAccount } from '../platform/plugins/auth.ts';
import { requestLocale } from '../platform/i18n/translator.ts';
import { z } from 'zod';
import { JSON_CONTENT_TYPE, SECURITY, documentedOnly, orJsonText } from '../platform/plugins/docs.ts';
import { newContactOf } from './change-contact.ts';

/** `{ success: true }`, the answer of logout and account deletion. */
const ZSuccess = z.object({ success: z.boolean() });

const tags = ['accounts'];

/** docs/contracts.md §7 account calls (sign-in by one-time code, session, deletion), the account itself and recents. */
export default async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Answers carry tokens and personal data: never stored by a browser or proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.post(
    '/api/personalaccount/RequestVerifyOtp',
    {
      schema: {
        security: SECURITY.none,
        response: {
          200: z.object({ isAuthenticatedNumber: z.boolean(), isAuthenticatedEmail: z.boolean(), expiresInSeconds: z.number().optional() }),
        },
        body: ZRequestVerifyOtp,
        tags,
        summary: 'Send a one-time code to an e-mail address or phone number (same answer whether or not it has an account)',
      },
    },
    async (request): Promise<TOtpResponse> => {
      const { email, phoneNumber } = request.body;
      const scope =
        email !== undefined
          ? { purpose: 'verify' as const, channel: 'email' as const, contact: email }
          : { purpose: 'verify' as const, channel: 'phone' as const, contact: phoneNumber! };
      const { expiresInSeconds } = await app.accounts.requestCode(scope, request.ip, requestLocale(request));
      return { isAuthenticatedNumber: false, isAuthenticatedEmail: false, expiresInSeconds };
    },
  );

  r.post(
    '/api/personalaccount/VerifyPhoneNumber',
    {
      schema: {
        security: SECURITY.none,
        response: { 200: ZOtpResponse },
        body: ZVerifyPhoneNumber,
        tags,
        summary: 'Check a phone code; signs in when the number has an account',
      },
    },
    async (request) => app.accounts.verifyContact('phone', request.body.phoneNumber, request.body.otp),
  );

  r.post(
    '/api/personalaccount/VerifyEmail',
    {
      schema: {
        security: SECURITY.none,
        response: { 200: ZOtpResponse },
        body: ZVerifyEmail,
        tags,
        summary: 'Check an e-mail code; signs in when the address has an account',
      },
    },
    async (request) => app.accounts.verifyContact('email', request.body.email, request.body.otp),
  );

  r.post(
    '/api/personalaccount/RegisterAppAccount',
    {
      schema: {
        security: SECURITY.none,
        response: { 200: ZLoginResult },
        body: ZRegisterAppAccount,
        tags,
        summary: 'Create an account from verified contact(s); answers with a login result',
      },
    },
    async (request) => app.accounts.registerAccount(request.body),
  );

  r.post(
    '/api/personalAccount/validatesession',
    {
      schema: {
        security: SECURITY.optionalBearer,
        response: { 200: z.object({ valid: z.boolean() }) },
        tags,
        summary: 'Whether the bearer token (and X-Session-Id, when sent) is a live session',
      },
      // A token with someone else's session id is an invalid session here, not a 401 (plugins/auth.ts).
      config: { reportsSessionMismatch: true },
    },
    async (request): Promise<TSessionValidation> => ({ valid: request.account !== null }),
  );

  r.post(
    '/api/personalAccount/logout',
    { schema: { security: SECURITY.bearer, response: { 200: ZSuccess }, tags, summary: 'End this session: its token stops working' } },
    async (request) => {
      const account = requireAccount(request);
      await app.accounts.revokeSession(account.sessionRowId, app.clock.now());
      await app.accountEvents.emitSignedOut(account.id, { reason: 'logout', sessionRowId: account.sessionRowId });
      return { success: true };
    },
  );

  r.post(
    '/api/personalaccount/RequestUnRegisterOtp',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZUnregisterOtpResponse },
        tags,
        summary: "Send an account-deletion code to the account's e-mail (or phone when it has none)",
      },
    },
    async (request) => app.accounts.requestUnregisterCode(requireAccount(request), request.ip, requestLocale(request)),
  );

  r.post(
    '/api/personalaccount/VerifyUnregisterOtp',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: z.boolean().describe('true when the code is right') },
        body: ZVerifyUnregisterOtp,
        tags,
        summary: 'Check the deletion code: true, or false on any failure',
      },
    },
    async (request, reply) => {
      const ok = await app.accounts.verifyUnregisterCode(requireAccount(request), request.body.otp);
      // A bare JSON boolean, as docs/contracts.md §7 reads it.
      return reply.send(ok);
    },
  );

  r.post(
    '/api/personalaccount/unregisterAppAccount',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZSuccess },
        tags,
        summary: 'Delete the account and its personal data (after VerifyUnregisterOtp)',
      },
    },
    async (request) => {
      const account = requireAccount(request);
      const { storageKeys } = await app.accounts.unregisterAccount(account, app.accountDeletionSteps);
      for (const key of storageKeys)
        await app.storage.delete(key).catch((err: unknown) => request.log.warn({ err }, 'could not remove a deleted image'));
      await app.accountEvents.emitSignedOut(account.id, { reason: 'deleted' });
      await app.accountEvents.emitDeleted(account.id);
      return { success: true };
    },
  );

  r.get(
    '/api/personalAccount/myAccount',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZPersonalAccount },
        tags,
        summary: 'The signed-in personal account with its cards and pets',
      },
    },
    async (request) => app.accounts.presentAccount(requireAccount(request).id),
  );

  r.put(
    '/api/personalAccount/myAccount',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZPersonalAccount },
        body: ZUpdateAccount,
        tags,
        summary: 'Change the account name',
      },
    },
    async (request) => {
      const { id } = requireAccount(request);
      const account = await app.accounts.renameAccount(id, request.body.name);
      await app.accountEvents.emitUpdated(id, account);
      return account;
    },
  );

  r.put(
    '/api/personalAccount/language',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZPersonalAccount },
        body: ZUpdateLanguage,
        tags,
        summary: "Keep the person's language (en, fil, es, ar), or null to follow each device; their other devices are told",
      },
    },
    async (request) => {
      const { id } = requireAccount(request);
      const account = await app.accounts.setAccountLanguage(id, request.body.language);
      await app.accountEvents.emitUpdated(id, account);
      return account;
    },
  );

  r.post(
    '/api/personalAccount/contact/code',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZContactChangeCode },
        body: ZRequestContactChange,
        tags,
        summary: 'Send a code to a new e-mail address or phone number for this account (sign-in limits; 409 when it is taken)',
      },
    },
    async (request) =>
      app.accounts.requestContactChange(requireAccount(request), newContactOf(request.body), request.ip, requestLocale(request)),
  );

  r.post(
    '/api/personalAccount/contact',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: ZPersonalAccount },
        body: ZConfirmContactChange,
        tags,
        summary: 'Put the new e-mail address or phone number in place with the code sent to it; the old contact is told',
      },
    },
    async (request) => {
      const { id } = requireAccount(request);
      await app.accounts.confirmContactChange(
        requireAccount(request),
        newContactOf(request.body),
        request.body.otp,
        requestLocale(request),
      );
      const account = await app.accounts.presentAccount(id);
      await app.accountEvents.emitUpdated(id, account);
      return account;
    },
  );

  r.post(
    '/api/personalAccount/mergeRecentlyViewedVbc',
    {
      schema: {
        security: SECURITY.bearer,
        response: { 200: orJsonText(ZRecents) },
        body: ZMergeRecents,
        tags,
        summary: "Merge this device's recently viewed cards; answers with the merged list, newest first",
      },
    },
    async (request, reply) => {
      const recents = await app.accounts.mergeRecents(requireAccount(request).id, request.body.recents, app.clock.now());
      return reply.header('content-type', JSON_CONTENT_TYPE).send(recents);
    },
  );

  r.get(
    '/api/vbc/recents',
    {
      ...documentedOnly,
      schema: { security: SECURITY.bearer, response: { 200: orJsonText(ZRecents) }, tags, summary: 'Recently viewed cards, newest first' },
    },
    async (request, reply) =>
      reply.header('content-type', JSON_CONTENT_TYPE).send(await app.accounts.listRecents(requireAccount(request).id)),
  );
}

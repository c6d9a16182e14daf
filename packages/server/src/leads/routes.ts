import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZExchangeRequest, ZExchangeResponse, ZLead, ZLeadPage, ZLeadQuery, ZLeadUpdate } from '@vbc/shared/leads';
import { ADMIN_ROLES } from '../corporate/index.ts';
import { contentDisposition } from '../platform/http/content-disposition.ts';
import { uuidParam } from '../platform/http/params.ts';
import { requireAccount } from '../platform/plugins/auth.ts';
import { SECURITY, ZNoContent, binary } from '../platform/plugins/docs.ts';
import { leadsCsv, leadsVcf } from './export-leads.ts';
import { forgetPath, forgetSignatureValid } from './forget-link.ts';
import { forgetPageHtml, type TForgetPage } from './forget-page.ts';
import { pageLocale, pageVary } from '../platform/i18n/page-locale.ts';
import { requestLocale } from '../platform/i18n/translator.ts';

const tags = ['leads'];
const ZContactParams = z.object({ contactId: z.string().min(1).max(100) });
const ZLeadParams = z.object({ leadId: uuidParam('a lead') });
const ZCorporateParams = z.object({ corporateAccountId: uuidParam('a corporate account') });
const ZForgetParams = z.object({ leadId: uuidParam('a lead'), signature: z.string().min(1).max(100) });
const noStore = { 'cache-control': 'private, no-store' };
type TForgetKind = TForgetPage['kind'];

/** The exchange (a visitor's details), the owner's leads, the business console's view and the visitor's "Forget my details" (leads/README.md). */
export default async function leadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/vbc/virtualcontact/:contactId/exchange',
    {
      schema: {
        security: SECURITY.optionalBearer,
        params: ZContactParams,
        body: ZExchangeRequest,
        response: { 200: ZExchangeResponse, 201: ZExchangeResponse },
        tags,
        summary:
          'A visitor leaves their details on a card (id or quickId): 201 {leadId}; the same clientRequestId again 200 with the same lead; 404 when the card takes none',
      },
    },
    async (request, reply) => {
      // The language the visitor read the window in: the consent is stored and the card e-mailed in it.
      const locale = request.body.language ?? requestLocale(request);
      const captured = await app.leads.captureLead({
        contactId: request.params.contactId,
        body: request.body,
        visitorAccountId: request.account?.id,
        clientAddress: request.ip,
        locale,
      });
      app.leads.announce(captured, request.body.sendMeTheCard && request.body.email ? { to: request.body.email, locale } : null);
      return reply.code(captured.fresh ? 201 : 200).send({ leadId: captured.leadId });
    },
  );

  r.get(
    '/api/leads',
    {
      schema: {
        security: SECURITY.bearer,
        querystring: ZLeadQuery,
        response: { 200: ZLeadPage },
        tags,
        summary: "The caller's leads, newest first, cursor-paged; newCount: how many are unseen",
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return app.leads.listLeads({ ownerAccountId: requireAccount(request).id }, request.query);
    },
  );

  const sendCsv = (reply: FastifyReply, csv: string, fileName: string) =>
    reply
      .headers(noStore)
      .header('content-type', 'text/csv; charset=utf-8; header=present')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .send(csv);

  r.get(
    '/api/leads/export.csv',
    {
      schema: {
        security: SECURITY.bearer,
        querystring: ZLeadQuery,
        response: { 200: binary('text/csv', "The caller's leads (the list's filters) as CSV: RFC 4180, UTF-8 with BOM") },
        tags,
        summary: "The caller's leads as CSV (the list's filters)",
      },
    },
    async (request, reply) => {
      const list = await app.leads.leadsToExport({ ownerAccountId: requireAccount(request).id }, request.query);
      return sendCsv(reply, leadsCsv(list), 'leads.csv');
    },
  );

  r.get(
    '/api/leads/export.vcf',
    {
      schema: {
        security: SECURITY.bearer,
        querystring: ZLeadQuery,
        response: { 200: binary('text/vcard', "The caller's leads (the list's filters), one vCard 3.0 each") },
        tags,
        summary: "The caller's leads as one .vcf file (the list's filters)",
      },
    },
    async (request, reply) => {
      const list = await app.leads.leadsToExport({ ownerAccountId: requireAccount(request).id }, request.query);
      return reply
        .headers(noStore)
        .header('content-type', 'text/vcard; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', 'leads.vcf'))
        .send(leadsVcf(list));
    },
  );

  r.get(
    '/api/leads/:leadId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZLeadParams,
        response: { 200: ZLead },
        tags,
        summary: 'One of the caller’s leads (404 for anyone else’s)',
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return app.leads.getLead(requireAccount(request).id, request.params.leadId);
    },
  );

  r.put(
    '/api/leads/:leadId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZLeadParams,
        body: ZLeadUpdate,
        response: { 200: ZLead },
        tags,
        summary: 'The owner changes a lead’s status, note, tags, or marks it seen (fields left out stay)',
      },
    },
    async (request) => app.leads.updateLead(requireAccount(request).id, request.params.leadId, request.body),
  );

  r.delete(
    '/api/leads/:leadId',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZLeadParams,
        response: { 204: ZNoContent },
        tags,
        summary: 'The owner deletes a lead',
      },
    },
    async (request, reply) => {
      await app.leads.deleteOwnLead(requireAccount(request).id, request.params.leadId);
      return reply.code(204).send(null);
    },
  );

  /** A business admin (404 for a non-member, 403 for a member without the role, as the console answers). */
  const businessAdmin = async (accountId: string, corporateAccountId: string) => {
    await app.corporate.requireRole(accountId, corporateAccountId, ADMIN_ROLES);
  };

  r.get(
    '/api/corporate/:corporateAccountId/leads',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        querystring: ZLeadQuery,
        response: { 200: ZLeadPage },
        tags: ['corporate console', ...tags],
        summary: "Console (admin): leads through members' linked cards, each with its ownerName",
      },
    },
    async (request, reply) => {
      await businessAdmin(requireAccount(request).id, request.params.corporateAccountId);
      reply.headers(noStore);
      return app.leads.listLeads({ corporateAccountId: request.params.corporateAccountId }, request.query);
    },
  );

  r.get(
    '/api/corporate/:corporateAccountId/leads/export.csv',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        querystring: ZLeadQuery,
        response: { 200: binary('text/csv', "The business's leads as CSV, with an Owner column") },
        tags: ['corporate console', ...tags],
        summary: "Console (admin): the business's leads as CSV (the list's filters)",
      },
    },
    async (request, reply) => {
      await businessAdmin(requireAccount(request).id, request.params.corporateAccountId);
      const list = await app.leads.leadsToExport({ corporateAccountId: request.params.corporateAccountId }, request.query);
      return sendCsv(reply, leadsCsv(list, { withOwner: true }), 'leads.csv');
    },
  );

  // The forget page's button posts an empty form: its body is not read (the link carries everything).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, null),
  );
  type TForgetLink = z.infer<typeof ZForgetParams>;
  /** A forget page in the request's page language (`?lang=` of the link, else the device's or browser's). */
  const page = (request: FastifyRequest, reply: FastifyReply, { leadId }: TForgetLink, status: number, kind: TForgetKind) => {
    const language = pageLocale(request);
    const shown: TForgetPage = kind === 'ask' ? { kind, action: forgetPath(app.leads.forgetKey, leadId, language.locale) } : { kind };
    const vary = pageVary(language);
    if (vary) reply.header('vary', vary);
    return reply
      .code(status)
      .headers(noStore)
      .header('content-type', 'text/html; charset=utf-8')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(forgetPageHtml(shown, language.locale));
  };
  /** Whether the link is one the server signed: its id and signature, with its `lang` when it has one. */
  const linkValid = (request: FastifyRequest, { leadId, signature }: TForgetLink) => {
    const lang = (request.query as Record<string, unknown> | undefined)?.lang;
    if (lang !== undefined && typeof lang !== 'string') return false;
    return forgetSignatureValid(app.leads.forgetKey, leadId, signature, lang);
  };

  // GET only shows the button (a link scanner that opens the link deletes nothing); POST deletes at once.
  r.get('/ds/leads/:leadId/forget/:signature', { schema: { params: ZForgetParams, hide: true } }, async (request, reply) =>
    linkValid(request, request.params)
      ? page(request, reply, request.params, 200, 'ask')
      : page(request, reply, request.params, 404, 'invalid'),
  );

  r.post('/ds/leads/:leadId/forget/:signature', { schema: { params: ZForgetParams, hide: true } }, async (request, reply) => {
    if (!linkValid(request, request.params)) return page(request, reply, request.params, 404, 'invalid');
    const deleted = await app.leads.forgetLead(request.params.leadId);
    return page(request, reply, request.params, 200, deleted ? 'deleted' : 'gone');
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAnalyticsQuery, ZAuditPage, ZAuditQuery, ZTeamAnalytics } from '@vbc/shared/corporate';
import { IMPORT_MAX_BYTES, ZImportQuery, ZImportResult } from '@vbc/shared/member-import';
import { AppError } from '../platform/errors/app-error.ts';
import { uuidParam } from '../platform/http/params.ts';
import { requestLocale } from '../platform/i18n/translator.ts';
import { SECURITY } from '../platform/plugins/docs.ts';
import { ADMIN_ROLES } from './membership.ts';
import { consoleCaller } from './console-caller.ts';

const tags = ['corporate console'];
const ZCorporateParams = z.object({ corporateAccountId: uuidParam('a corporate account') });
const noStore = { 'cache-control': 'private, no-store' };
const tooLarge = () => new AppError('payload_too_large', `csv: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB in one import.`);

/** Reads a text/csv body as UTF-8 text, refusing it (413) past IMPORT_MAX_BYTES without reading the rest. */
async function readCsv(request: FastifyRequest): Promise<string> {
  const declared = Number(request.headers['content-length']);
  if (declared > IMPORT_MAX_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > IMPORT_MAX_BYTES) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The console's team work (issue 27): the audit log, bulk onboarding (CSV import) and the team's
 * analytics. Admins only:
 * a non-member gets 404, another member 403, as the rest of the console.
 */
export default async function teamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('text/csv', (request, _payload, done) => {
    readCsv(request).then(
      (csv) => done(null, csv),
      (error: Error) => done(error),
    );
  });

  const admin = async (request: FastifyRequest, corporateAccountId: string) =>
    (await consoleCaller(app, request, corporateAccountId, ADMIN_ROLES)).account;

  r.get(
    '/api/corporate/:corporateAccountId/audit',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
        tags,
        summary: "Console: the business's audit log, newest first, a page at a time (admin)",
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      reply.headers(noStore);
      return app.corporate.listAudit(request.params.corporateAccountId, request.query);
    },
  );

  r.post(
    '/api/corporate/:corporateAccountId/members/import',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        querystring: ZImportQuery,
        response: { 200: ZImportResult },
        tags,
        summary:
          'Console: check a CSV of people (text/csv: name, email, phone, jobTitle, department, optional card fields) and, with dryRun=false, invite the valid rows (admin)',
      },
    },
    async (request) => {
      const account = await admin(request, request.params.corporateAccountId);
      if (typeof request.body !== 'string')
        throw new AppError('unsupported_media_type', 'csv: send the file as the body, with Content-Type text/csv.');
      return app.corporate.importMembers(
        account.id,
        request.params.corporateAccountId,
        request.body,
        request.query.dryRun,
        requestLocale(request),
      );
    },
  );

  r.get(
    '/api/corporate/:corporateAccountId/analytics',
    {
      schema: {
        security: SECURITY.bearer,
        params: ZCorporateParams,
        querystring: ZAnalyticsQuery,
        response: { 200: ZTeamAnalytics },
        tags,
        summary: "Console: the team's views, downloads and exchanges per member, per day and per card over 7, 30 or 90 days (admin)",
      },
    },
    async (request, reply) => {
      await admin(request, request.params.corporateAccountId);
      reply.headers(noStore);
      return app.corporate.teamAnalytics(request.params.corporateAccountId, request.query.days);
    },
  );
}

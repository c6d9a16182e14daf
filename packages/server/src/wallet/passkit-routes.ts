import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PKPASS_MIME_TYPE, ZPassKitLog, ZPassKitRegistration } from '@vbc/shared/wallet';
import { SECURITY, ZNoContent, binary } from '../platform/plugins/docs.ts';
import { PASSKIT_PATH } from './deps.ts';
import { requestLocale } from '../platform/i18n/translator.ts';

const tags = ['wallet'];
const deviceLibraryId = z.string().regex(/^[\w.-]{1,200}$/, 'must be a device library identifier');
const passTypeId = z.string().min(1).max(200);
const serial = z.string().min(1).max(100);
const ZRegistrationParams = z.object({ deviceLibraryId, passTypeId, serial });
const ZSerialsParams = z.object({ deviceLibraryId, passTypeId });
const ZPassParams = z.object({ passTypeId, serial });
const ZSerialsQuery = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,16}$/, 'must be a tag from an earlier answer')
    .optional(),
});
const ZSerials = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
const ZEmpty = z.object({}).describe('Done');

/** The pass's token from `Authorization: ApplePass <token>`. */
function applePassToken(request: FastifyRequest): string | undefined {
  const match = /^ApplePass\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * Apple's PassKit web service (the pass's webServiceURL is `{PUBLIC_URL}/api/wallet/passkit`):
 * devices register for a pass's updates, ask which passes changed, fetch the latest pass, and
 * send logs. Calls about one pass carry its token (`Authorization: ApplePass …`), documented as
 * `security: none` because it is per pass, not an account's bearer.
 */
export default async function passkitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const registration = `${PASSKIT_PATH}/v1/devices/:deviceLibraryId/registrations/:passTypeId/:serial`;

  r.post(
    registration,
    {
      schema: {
        security: SECURITY.none,
        params: ZRegistrationParams,
        body: ZPassKitRegistration,
        response: { 200: ZEmpty, 201: ZEmpty },
        tags,
        summary: "PassKit: a device registers for a pass's update pushes (ApplePass token)",
      },
    },
    async (request, reply) => {
      const result = await app.wallet.registerPassDevice({
        ...request.params,
        token: applePassToken(request),
        pushToken: request.body.pushToken,
      });
      return reply.code(result === 'created' ? 201 : 200).send({});
    },
  );

  r.delete(
    registration,
    {
      schema: {
        security: SECURITY.none,
        params: ZRegistrationParams,
        response: { 200: ZEmpty },
        tags,
        summary: "PassKit: a device no longer wants a pass's updates (ApplePass token)",
      },
    },
    async (request) => {
      await app.wallet.unregisterPassDevice({ ...request.params, token: applePassToken(request) });
      return {};
    },
  );

  r.get(
    `${PASSKIT_PATH}/v1/devices/:deviceLibraryId/registrations/:passTypeId`,
    {
      schema: {
        security: SECURITY.none,
        params: ZSerialsParams,
        querystring: ZSerialsQuery,
        response: { 200: ZSerials, 204: ZNoContent },
        tags,
        summary: "PassKit: serial numbers of the device's passes changed since a tag (204: none)",
      },
    },
    async (request, reply) => {
      const { deviceLibraryId: device, passTypeId: type } = request.params;
      const result = await app.wallet.listUpdatedSerials(device, type, request.query.passesUpdatedSince);
      if (!result) return reply.code(204).send(null);
      return result;
    },
  );

  r.get(
    `${PASSKIT_PATH}/v1/passes/:passTypeId/:serial`,
    {
      schema: {
        security: SECURITY.none,
        params: ZPassParams,
        response: { 200: binary(PKPASS_MIME_TYPE, 'The latest pass'), 304: ZNoContent },
        tags,
        summary: 'PassKit: the latest version of a pass, Last-Modified / If-Modified-Since (ApplePass token)',
      },
    },
    async (request, reply) => {
      const since = request.headers['if-modified-since'];
      const parsed = since ? Date.parse(since) : Number.NaN;
      const { bytes, lastModified } = await app.wallet.latestPass({
        ...request.params,
        token: applePassToken(request),
        ifModifiedSince: Number.isNaN(parsed) ? null : new Date(parsed),
        locale: requestLocale(request),
      });
      reply.header('last-modified', lastModified.toUTCString()).header('cache-control', 'no-cache');
      if (!bytes) return reply.code(304).send(null);
      return reply.type(PKPASS_MIME_TYPE).send(bytes);
    },
  );

  r.post(
    `${PASSKIT_PATH}/v1/log`,
    {
      schema: {
        security: SECURITY.none,
        body: ZPassKitLog,
        response: { 200: ZEmpty },
        tags,
        summary: 'PassKit: devices report problems with our passes (logged)',
      },
    },
    async (request) => {
      for (const line of request.body.logs) request.log.warn({ passkit: line.slice(0, 500) }, 'PassKit device log');
      return {};
    },
  );
}

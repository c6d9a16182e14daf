import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import SCIMMY from 'scimmy';
import { z, ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, tooManyRequests } from '../platform/errors/app-error.ts';
import { describeZodIssues } from '../platform/plugins/error-handler.ts';
import { SECURITY } from '../platform/plugins/docs.ts';
import { bearerToken } from '../platform/plugins/auth.ts';
import { uuidParam } from '../platform/http/params.ts';
import { isDatabaseUnavailable } from '../platform/db/unavailable.ts';
import { declareScimResources, MAX_RESULTS, type TScimCall } from './scimmy-adapter.ts';
import type { TScimDeps } from './scim-users.ts';

/** RFC 7644 §3.1: SCIM's media type, answered on every SCIM response and accepted on requests. */
export const SCIM_MEDIA_TYPE = 'application/scim+json';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** Wrong tokens one address may send in WRONG_TOKEN_WINDOW_MS before it is answered 429. */
export const WRONG_TOKEN_LIMIT = 10;
const WRONG_TOKEN_WINDOW_MS = 15 * 60 * 1000;

const tags = ['SCIM 2.0'];
/** SCIMMY's User resource; its typings lack the constructor that takes only the query parameters. */
const User = SCIMMY.Resources.User as unknown as new (query: object) => SCIMMY.Resources.User;
const ZBusiness = z.object({ corporateAccountId: uuidParam('a corporate account') });
const ZUserParams = ZBusiness.extend({ id: uuidParam('a user') });
const ZNamedParams = ZBusiness.extend({ id: z.string().max(200) });
const count = (field: string) =>
  z.coerce
    .number({ error: `${field} must be an integer` })
    .int(`${field} must be an integer`)
    .optional();
const ZListQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: count('startIndex'),
  count: count('count'),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
const ZAttributesQuery = ZListQuery.pick({ attributes: true, excludedAttributes: true });
/** A SCIM resource or message (RFC 7643/7644): its `schemas` say what it is; SCIMMY builds the rest. */
const ZScimBody = z.looseObject({ schemas: z.array(z.string()) }).describe('A SCIM resource or message (RFC 7643, RFC 7644)');
const ZScimList = ZScimBody.describe('A SCIM ListResponse (RFC 7644 §3.4.2)');

/** At most MAX_RESULTS users a page (ServiceProviderConfig's `filter.maxResults`), whatever `count` asks. */
const capped = <T extends { count?: number }>(query: T): T =>
  query.count === undefined ? query : { ...query, count: Math.min(query.count, MAX_RESULTS) };

/** RFC 7644 §3.12's error body. */
function scimError(status: number, detail: string, scimType?: string) {
  return { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** A SCIMMY answer as plain JSON, its `meta.location` (and its list's) made absolute under this business. */
function located(base: string, value: unknown): Record<string, unknown> {
  const json = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const place = (resource: Record<string, unknown>) => {
    const meta = resource.meta as Record<string, unknown> | undefined;
    if (!meta) return;
    const type = meta.resourceType;
    const where =
      type === 'User'
        ? `/Users/${String(resource.id)}`
        : type === 'ResourceType'
          ? `/ResourceTypes/${String(resource.id)}`
          : type === 'Schema'
            ? `/Schemas/${String(resource.id)}`
            : '/ServiceProviderConfig';
    meta.location = `${base}${where}`;
  };
  if (Array.isArray(json.Resources)) (json.Resources as Record<string, unknown>[]).forEach(place);
  else place(json);
  return json;
}

/**
 * SCIM 2.0 provisioning (issue 27, RFC 7643/7644) under `/scim/v2/{corporateAccountId}/`: an
 * identity provider with one of the business's SCIM tokens creates, reads, lists, changes and
 * removes its people. SCIMMY parses filters, PATCH operations and checks resources against the
 * User schema; `scim-users.ts` holds the rules. Every refusal is a SCIM Error in SCIM's media type.
 */
export default async function scimRoutes(app: FastifyInstance) {
  declareScimResources();
  const deps: TScimDeps = {
    db: app.db,
    // No account acts: the business's identity provider does (the audit log's actor is null).
    removeMember: (corporateAccountId, accountId) => app.corporate.removeMember(null, corporateAccountId, accountId),
    cardChanged: app.cards.changed,
  };
  const publicUrl = app.config.PUBLIC_URL.replace(/\/+$/, '');
  const base = (corporateAccountId: string) => `${publicUrl}/scim/v2/${corporateAccountId}`;

  const json = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(SCIM_MEDIA_TYPE, { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return json(request, text, done);
  });

  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    reply.type(SCIM_MEDIA_TYPE);
    if (error instanceof SCIMMY.Types.Error) {
      const { status, scimType } = error as unknown as { status: number; scimType: string | null };
      return reply.status(status).send(scimError(status, error.message, scimType || undefined));
    }
    if (error instanceof AppError) {
      const scimType = typeof error.details.scimType === 'string' ? error.details.scimType : undefined;
      return reply
        .status(error.status)
        .headers(error.headers)
        .send(scimError(error.status, error.message, scimType));
    }
    if (error instanceof ZodError) return reply.status(400).send(scimError(400, describeZodIssues(error.issues), 'invalidValue'));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const detail = error.validation
        .map((v) => `${v.instancePath.replace(/^\//, '').replace(/\//g, '.') || where}: ${v.message}`)
        .join('; ');
      return reply
        .status(400)
        .send(scimError(400, detail, where === 'querystring' && /filter/.test(detail) ? 'invalidFilter' : 'invalidValue'));
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500)
      return reply.status(status).send(scimError(status, error.message, status === 400 ? 'invalidSyntax' : undefined));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(scimError(503, 'The service is unavailable. Try again shortly.'));
    }
    request.log.error({ req: request, err: error }, 'unhandled error');
    return reply.status(500).send(scimError(500, 'Something went wrong on our side. Please try again.'));
  });

  /** Admits a request that carries a live SCIM token of this business; counts and limits wrong ones per address. */
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.is404) return;
    const { corporateAccountId } = request.params as { corporateAccountId: string };
    const token = bearerToken(request);
    if (token && token.length <= 200 && (await app.scim.scimTokenAdmits(corporateAccountId, token, new Date()))) return;
    const decision = await app.rateLimiter.consume(
      [{ key: `scim:wrong-token:${request.ip}`, limit: WRONG_TOKEN_LIMIT, windowMs: WRONG_TOKEN_WINDOW_MS }],
      Date.now(),
    );
    if (!decision.allowed)
      throw tooManyRequests('Too many requests with a wrong SCIM token. Try again later.', decision.retryAfterMs / 1000);
    throw new AppError(
      'unauthorized',
      "A SCIM token of this business is required: Authorization: Bearer <token from the business's console>.",
      {
        'www-authenticate': 'Bearer realm="SCIM"',
      },
    );
  });

  /** Runs a SCIMMY call for the business; an error our handlers threw comes out as itself. */
  const scim = async <T>(corporateAccountId: string, work: (call: TScimCall) => Promise<T>): Promise<T> => {
    const call: TScimCall = { deps, corporateAccountId };
    try {
      return await work(call);
    } catch (error) {
      throw call.failure ?? error;
    }
  };
  const send = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.status(status).type(SCIM_MEDIA_TYPE).send(body);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const docs = (summary: string) => ({ security: SECURITY.scim, tags, summary });

  r.get(
    '/:corporateAccountId/Users',
    {
      schema: {
        ...docs('List or find users (filter, startIndex, count)'),
        params: ZBusiness,
        querystring: ZListQuery,
        response: { 200: ZScimList },
      },
    },
    async (request, reply) => {
      const { corporateAccountId } = request.params;
      const list = await scim(corporateAccountId, (call) => new User(capped(request.query)).read(call));
      return send(reply, 200, located(base(corporateAccountId), list));
    },
  );

  r.get(
    '/:corporateAccountId/Users/:id',
    { schema: { ...docs('One user'), params: ZUserParams, querystring: ZAttributesQuery, response: { 200: ZScimBody } } },
    async (request, reply) => {
      const { corporateAccountId, id } = request.params;
      const user = await scim(corporateAccountId, (call) => new SCIMMY.Resources.User(id, request.query).read(call));
      return send(reply, 200, located(base(corporateAccountId), user));
    },
  );

  r.post(
    '/:corporateAccountId/Users',
    {
      schema: {
        ...docs('Create a user: the account with that e-mail joins the business'),
        params: ZBusiness,
        response: { 201: ZScimBody },
      },
    },
    async (request, reply) => {
      const { corporateAccountId } = request.params;
      const user = located(
        base(corporateAccountId),
        await scim(corporateAccountId, (call) => new SCIMMY.Resources.User().write(request.body, call)),
      );
      reply.header('location', (user.meta as { location: string }).location);
      return send(reply, 201, user);
    },
  );

  r.put(
    '/:corporateAccountId/Users/:id',
    { schema: { ...docs('Replace a user (active: false offboards)'), params: ZUserParams, response: { 200: ZScimBody } } },
    async (request, reply) => {
      const { corporateAccountId, id } = request.params;
      const user = await scim(corporateAccountId, (call) => new SCIMMY.Resources.User(id).write(request.body, call));
      return send(reply, 200, located(base(corporateAccountId), user));
    },
  );

  r.patch(
    '/:corporateAccountId/Users/:id',
    {
      schema: {
        ...docs('Change a user with PatchOp operations (active: false offboards)'),
        params: ZUserParams,
        response: { 200: ZScimBody },
      },
    },
    async (request, reply) => {
      const { corporateAccountId, id } = request.params;
      const user = await scim(corporateAccountId, async (call) => {
        const message = request.body as Parameters<SCIMMY.Resources.User['patch']>[0];
        return new SCIMMY.Resources.User(id).patch(message, call);
      });
      // SCIMMY answers nothing when the operations changed nothing; RFC 7644 §3.5.2 lets us answer the resource either way.
      const current = user ?? (await scim(corporateAccountId, (call) => new SCIMMY.Resources.User(id).read(call)));
      return send(reply, 200, located(base(corporateAccountId), current));
    },
  );

  r.delete(
    '/:corporateAccountId/Users/:id',
    { schema: { ...docs('Delete a user: offboards the member'), params: ZUserParams, response: { 204: z.null().describe('Deleted') } } },
    async (request, reply) => {
      const { corporateAccountId, id } = request.params;
      await scim(corporateAccountId, (call) => new SCIMMY.Resources.User(id).dispose(call));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/:corporateAccountId/ServiceProviderConfig',
    { schema: { ...docs("The service provider's configuration (RFC 7644 §4)"), params: ZBusiness, response: { 200: ZScimBody } } },
    async (request, reply) => {
      const config = await new SCIMMY.Resources.ServiceProviderConfig().read();
      return send(reply, 200, located(base(request.params.corporateAccountId), config));
    },
  );

  // RFC 7644 §4: the resource types and the schemas, each as a list and one by one.
  const discovery = [
    { path: 'ResourceTypes', what: 'resource type', Resource: SCIMMY.Resources.ResourceType },
    { path: 'Schemas', what: 'schema', Resource: SCIMMY.Resources.Schema },
  ] as const;
  for (const { path, what, Resource } of discovery) {
    r.get(
      `/:corporateAccountId/${path}`,
      { schema: { ...docs(`The ${what}s (User)`), params: ZBusiness, response: { 200: ZScimList } } },
      async (request, reply) => send(reply, 200, located(base(request.params.corporateAccountId), await new Resource().read())),
    );
    r.get(
      `/:corporateAccountId/${path}/:id`,
      { schema: { ...docs(`One ${what}`), params: ZNamedParams, response: { 200: ZScimBody } } },
      async (request, reply) =>
        send(reply, 200, located(base(request.params.corporateAccountId), await new Resource(request.params.id).read())),
    );
  }

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type(SCIM_MEDIA_TYPE)
      .send(scimError(404, `No SCIM endpoint for ${request.method} ${request.url.split('?')[0]}.`)),
  );
}

import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload: the OpenAPI document shows a multipart/form-data body with this file field (the route reads it as a stream). */
    multipartFile?: { field: string; description: string };
  }
}

/**
 * Who may call a route, for its `schema.security` (every documented route declares one):
 * `bearer` a signed-in account, `optionalBearer` anyone (an owner's token shows more),
 * `admin` the operators' ADMIN_TOKEN, `scim` a business's SCIM token, `none` anyone.
 */
export const SECURITY: Record<'bearer' | 'optionalBearer' | 'admin' | 'scim' | 'none', { [scheme: string]: string[] }[]> = {
  bearer: [{ bearer: [] }],
  optionalBearer: [{}, { bearer: [] }],
  admin: [{ admin: [] }],
  scim: [{ scim: [] }],
  none: [],
};

/** Every error body (docs/contracts.md §D3). */
export const ZErrorBody = z
  .object({ message: z.string(), code: z.string() })
  .catchall(z.union([z.string(), z.number()]))
  .describe('What went wrong, and a stable code; some refusals add the details a client explains them with (docs/contracts.md §D3)');

/** A response with no body (a 204: the handler sends `null`, Fastify sends nothing). */
export const ZNoContent = z.null().describe('Done: no body');

/** A response of `contentType` bytes (a picture, a vCard, a file), for `schema.response`. */
export const binary = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

/**
 * Route options for a hot read (benchmarked: the public card and pet pages, and the signed-in
 * reads every screen makes): its `schema.response` documents the answer, but the answer is sent
 * with JSON.stringify instead of the app's zod serializer, which parses every answer against the
 * schema on every request. That parse would slow the benchmarked reads for no gain: their
 * presenter already builds exactly the documented shape, which nothing then checks on the way out
 * (no unnamed field is dropped), so each such route needs a test that its answer parses back
 * unchanged (documented-reads.test.ts for the signed-in reads). Spread into the route's options:
 * `{ ...documentedOnly, schema }`.
 */
export const documentedOnly = {
  serializerCompiler:
    () =>
    (data: unknown): string =>
      JSON.stringify(data),
};

/** The response schema of a `documentedOnly` route that may also send its answer already serialized (a cached JSON string of that shape, or one PostgreSQL wrote). */
export const orJsonText = <T>(schema: z.ZodType<T>): z.ZodType<T | string> => schema as z.ZodType<T | string>;

/** The content type an `orJsonText` route sends its JSON text with. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** OpenAPI document at /api/docs/json and its UI at /api/docs. */
export default fp(
  async function docs(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'V.B.C. API', version: '1.0.0', description: 'Digital business cards, messages and announcements.' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'An account access token (sign in by one-time code)' },
            admin: { type: 'http', scheme: 'bearer', description: "The operators' ADMIN_TOKEN" },
            scim: { type: 'http', scheme: 'bearer', description: "A business's SCIM token, made in its console (issue 27)" },
          },
        },
      },
      transform(document) {
        const transformed = jsonSchemaTransform(document);
        const upload = document.route.config?.multipartFile;
        if (!upload) return transformed;
        return {
          ...transformed,
          schema: {
            ...transformed.schema,
            consumes: ['multipart/form-data'],
            body: {
              type: 'object',
              required: [upload.field],
              properties: { [upload.field]: { type: 'string', format: 'binary', description: upload.description } },
            },
          },
        };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);

import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error.ts';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable.ts';

/** "field: message" for each zod issue, joined; the path is dotted ("phones.0.phoneNumber"). */
export function describeZodIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
}

/**
 * The one error handler (STYLE.md): ZodError and schema validation → 400
 * "field: message"; AppError → its status and {message, code} (and its details); a client
 * error Fastify raised (bad JSON, body too large) → its status; the
 * database unreachable → 503 with Retry-After; anything
 * else → a generic 500 whose details go to the log only.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
      if (error instanceof AppError) {
        return reply
          .status(error.status)
          .headers(error.headers)
          .send({ ...error.details, message: error.message, code: error.code });
      }
      if (error instanceof ZodError) {
        return reply.status(400).send({ message: describeZodIssues(error.issues), code: 'bad_request' });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const where =
          error.validationContext === 'params' || error.validationContext === 'querystring' ? error.validationContext : undefined;
        const message = error.validation
          .map((v) => {
            const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
            return field ? `${field}: ${v.message}` : where ? `${where}: ${v.message}` : v.message;
          })
          .join('; ');
        return reply.status(400).send({ message, code: 'bad_request' });
      }
      if (error instanceof URIError) {
        // A percent-encoding that does not decode (`%E0%A4`, or `%25` decoded twice): the address is bad, not the server.
        return reply.status(400).send({ message: 'The address is not valid: it has a malformed percent-encoding.', code: 'bad_request' });
      }
      const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
        return reply.status(status).send({ message: error.message, code });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        const down = databaseUnavailable();
        return reply.status(down.status).headers(down.headers).send({ message: down.message, code: down.code });
      }
      // The request as its route parsed it (secrets redacted) and the error without SQL parameters: never a body.
      request.log.error({ req: request, err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
    });
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.`, code: 'not_found' });
    });
  },
  { name: 'error-handler' },
);

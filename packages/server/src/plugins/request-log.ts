import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The route pattern a request matched (`/api/vbc/virtualcontact/:contactId`), never its raw URL (which may carry secrets). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(no route)';
}

/**
 * One log line per request, written when it completes: method, route pattern, status and
 * duration, with the request id on it as on every line the request logs (`reqId`). The
 * request id is echoed in `X-Request-Id` so a client or proxy can quote it.
 */
export default fp(
  async function requestLog(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, route: routeOf(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);

import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The route pattern a request matched (`/api/vbc/virtualcontact/:contactId`), never its raw URL (which may carry secrets). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '(no route)';
}

/** A duration in milliseconds as the log writes it: to 0.1 ms. */
const logMs = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One log line per request, written when it completes: method, route pattern, status and
 * duration, with the request id on it as on every line the request logs (`reqId`). The
 * request id is echoed in `X-Request-Id` so a client or proxy can quote it.
 *
 * A public read answered from memory (http/fast-reads.ts) is logged one time in
 * LOG_CACHED_READS_SAMPLE, the first of each run of that many, its line carrying `sampled: N`
 * so counts add up: at the tens of thousands a second a shared card can draw, a line for each
 * cost more than the read itself. Its count and durations are all in the metrics.
 */
export default fp(
  async function requestLog(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, route: routeOf(request), status: reply.statusCode, ms: logMs(reply.elapsedTime) },
        'request completed',
      );
      done();
    });
    const every = app.config.LOG_CACHED_READS_SAMPLE;
    let served = 0;
    app.fastReads.onServed(({ route, reqId, ms }) => {
      if (served++ % every !== 0) return;
      app.log.info({ reqId, method: 'GET', route, status: 200, ms: logMs(ms), ...(every > 1 && { sampled: every }) }, 'request completed');
    });
  },
  { name: 'request-log', dependencies: ['config'] },
);

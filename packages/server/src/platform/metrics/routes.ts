import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../plugins/auth.ts';
import { unauthorized } from '../errors/app-error.ts';
import { tokensMatch } from '../crypto/tokens-match.ts';

/** `GET /metrics` for Prometheus: open when METRICS_TOKEN is unset, else only with `Authorization: Bearer <METRICS_TOKEN>`. */
export default async function metricsRoutes(app: FastifyInstance) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const expected = app.config.METRICS_TOKEN;
    if (expected) {
      const presented = bearerToken(request);
      if (!presented || !tokensMatch(presented, expected)) throw unauthorized('A valid METRICS_TOKEN is required to read the metrics.');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(app.metrics.registry.contentType)
      .send(await app.metrics.registry.metrics());
  });
}

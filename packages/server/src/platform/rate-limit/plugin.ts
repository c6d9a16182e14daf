import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createRateLimiter, type RateLimiter } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sliding-window counters: Redis when REDIS_URL is set, in-process otherwise. */
    rateLimiter: RateLimiter;
  }
}

/** A rule's name for the metrics: its key up to the first ':'. */
const ruleName = (key: string) => key.split(':', 1)[0]!;

/** Decorates `app.rateLimiter` (refusals counted in `app.metrics`) and closes it with the app. */
export default fp(
  async function rateLimit(app: FastifyInstance) {
    const limiter = createRateLimiter(app.config.REDIS_URL, {
      log: app.log,
      timeoutMs: app.config.REDIS_TIMEOUT_MS,
      onTimeout: () => app.metrics.dependencyTimeouts.inc({ dependency: 'redis' }),
    });
    app.decorate('rateLimiter', {
      kind: limiter.kind,
      async consume(rules, nowMs) {
        const decision = await limiter.consume(rules, nowMs);
        // Counted under the rule that refused: the key up to its first ':' (the account or address after it is not a label).
        if (!decision.allowed)
          app.metrics.rateLimitRefusals.inc({
            rule: rules.length === 1 ? ruleName(rules[0]!.key) : rules.map((r) => ruleName(r.key)).join('+'),
          });
        return decision;
      },
      close: () => limiter.close(),
    });
    app.addHook('onClose', () => limiter.close());
  },
  { name: 'rate-limiter', dependencies: ['config', 'metrics'] },
);

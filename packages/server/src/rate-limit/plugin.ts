import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createRateLimiter, type RateLimiter } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sliding-window counters: Redis when REDIS_URL is set, in-process otherwise. */
    rateLimiter: RateLimiter;
  }
}

/** Decorates `app.rateLimiter` and closes it with the app. */
export default fp(
  async function rateLimit(app: FastifyInstance) {
    const limiter = createRateLimiter(app.config.REDIS_URL, app.log);
    app.decorate('rateLimiter', limiter);
    app.addHook('onClose', () => limiter.close());
  },
  { name: 'rate-limiter', dependencies: ['config'] },
);

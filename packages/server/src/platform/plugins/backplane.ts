import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { checkRedisReachable } from '../config/config-checks.ts';
import { createMemoryBackplane, createRedisBackplane, type Backplane } from '../backplane/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pub/sub between instances: Redis when REDIS_URL is set, in-process otherwise. */
    backplane: Backplane;
  }
}

export default fp(
  async function backplanePlugin(app: FastifyInstance, options: { backplane?: Backplane }) {
    const { REDIS_URL } = app.config;
    if (REDIS_URL) await checkRedisReachable(REDIS_URL);
    const backplane =
      options.backplane ??
      (REDIS_URL
        ? createRedisBackplane(REDIS_URL, {
            onError: (error) => app.log.warn({ err: error }, 'redis backplane error'),
            timeoutMs: app.config.REDIS_TIMEOUT_MS,
            onTimeout: () => app.metrics.dependencyTimeouts.inc({ dependency: 'redis' }),
          })
        : createMemoryBackplane());
    app.decorate('backplane', backplane);
    // A backplane handed in (tests sharing one between two apps) is closed by its owner.
    if (!options.backplane) app.addHook('onClose', () => backplane.close());
  },
  { name: 'backplane', dependencies: ['config', 'metrics'] },
);

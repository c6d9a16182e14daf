import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Makes the parsed configuration available as `app.config`. */
export default fp(
  async function configPlugin(app: FastifyInstance, options: { config: Config }) {
    app.decorate('config', options.config);
  },
  { name: 'config' },
);

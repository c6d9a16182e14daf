import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { IntegrationEvents } from '../integration-events/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Events for other systems, recorded in the writer's transaction (webhooks deliver them). */
    integrationEvents: IntegrationEvents;
  }
}

export default fp(
  async function integrationEventsPlugin(app: FastifyInstance) {
    app.decorate('integrationEvents', new IntegrationEvents());
  },
  { name: 'integration-events' },
);

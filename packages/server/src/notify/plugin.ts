import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createNotifier, type Notifier } from './notifier.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail (SMTP or log) and SMS (HTTP provider or log) delivery of one-time codes. */
    notifier: Notifier;
  }
}

/** Decorates `app.notifier` from the configuration and says at start which channels are live. */
export default fp(
  async function notify(app: FastifyInstance) {
    const notifier = createNotifier(app.config, app.log);
    app.log.info({ mail: notifier.mail.kind, sms: notifier.sms.kind }, 'one-time code delivery channels');
    app.decorate('notifier', notifier);
    app.addHook('onClose', async () => notifier.close());
  },
  { name: 'notify', dependencies: ['config'] },
);

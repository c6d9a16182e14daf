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
    app.log.info(notifier.channels, 'one-time code delivery channels');
    if (notifier.channels.mail === 'none')
      app.log.warn('codes by e-mail are refused: SMTP_URL is not set (the log channel is only used when nothing is configured)');
    if (notifier.channels.sms === 'none')
      app.log.warn(
        'codes by text message are refused: SMS_PROVIDER is not set (set SMS_PROVIDER=http with SMS_URL, or SMS_PROVIDER=log for development)',
      );
    app.decorate('notifier', notifier);
    app.addHook('onClose', async () => notifier.close());
  },
  { name: 'notify', dependencies: ['config'] },
);

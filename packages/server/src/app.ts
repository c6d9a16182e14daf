import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './platform/config/config.ts';
import type { Database } from './platform/db/client.ts';
import type { Backplane } from './platform/backplane/index.ts';
import { loggerOptions, requestId } from './platform/logging/logger.ts';
import { FastReads, serverWithFastReads } from './platform/http/fast-reads.ts';
import configPlugin from './platform/plugins/config.ts';
import metrics from './platform/metrics/plugin.ts';
import errorHandler from './platform/plugins/error-handler.ts';
import requestLog from './platform/plugins/request-log.ts';
import jsonBody from './platform/plugins/json-body.ts';
import inputText from './platform/plugins/input-text.ts';
import security from './platform/plugins/security.ts';
import docs from './platform/plugins/docs.ts';
import dbPlugin from './platform/plugins/db.ts';
import secrets from './platform/plugins/secrets.ts';
import auth from './accounts/auth-plugin.ts';
import storage from './files/storage-plugin.ts';
import multipartPlugin from './platform/plugins/multipart.ts';
import backplane from './platform/plugins/backplane.ts';
import integrationEvents from './platform/plugins/integration-events.ts';
import rateLimit from './platform/rate-limit/plugin.ts';
import notify from './platform/notify/plugin.ts';
import healthRoutes from './platform/health/routes.ts';
import qrRoutes from './qr/routes.ts';
import sharing from './sharing/plugin.ts';
import cards from './cards/plugin.ts';
import files from './files/plugin.ts';
import pets from './pets/plugin.ts';
import corporate from './corporate/plugin.ts';
import admin from './admin/plugin.ts';
import accounts from './accounts/plugin.ts';
import hub from './hub/plugin.ts';
import conversations from './conversations/plugin.ts';
import web from './web/plugin.ts';
import push, { type TPushPluginOptions } from './push/plugin.ts';
import announcements from './announcements/plugin.ts';
import directories from './directories/plugin.ts';
import wallet from './wallet/plugin.ts';
import search from './search/plugin.ts';
import leads from './leads/plugin.ts';
import scim from './scim/plugin.ts';
import webhooks, { type TWebhooksPluginOptions } from './webhooks/plugin.ts';
import sso from './sso/plugin.ts';

export interface BuildOptions {
  config: Config;
  /** An open database to use instead of opening one from the config (tests share one per file). */
  database?: Database;
  /** pino logger options or a stream destination; defaults to the config's LOG_LEVEL on stdout. */
  logger?: FastifyServerOptions['logger'];
  /** A backplane shared with other apps (tests of several instances); by default from REDIS_URL. */
  backplane?: Backplane;
  /** Folder of the built web app (tests point it at a fixture or the real build). */
  webDistDir?: string;
  /** Push delivery options (tests: a CA to trust for the local push services, queue timings). */
  push?: TPushPluginOptions;
  /** Webhook delivery options (tests: the dispatcher off, short timings). */
  webhooks?: TWebhooksPluginOptions;
}

/** Builds the whole app, cross-cutting plugins then one plugin per domain, without listening (what tests import). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const fastReads = new FastReads();
  const app = Fastify({
    // Cached public reads are answered in front of the router (http/fast-reads.ts).
    serverFactory: serverWithFastReads(fastReads),
    logger: options.logger ?? loggerOptions(options.config.LOG_LEVEL),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    trustProxy: options.config.TRUST_PROXY,
    // One line per request, written by the request-log plugin when it completes.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // Opening and migrating the database may take longer than Fastify's 10 s on a busy machine.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('fastReads', fastReads);
  app.decorate('draining', false);
  app.addHook('preClose', (done) => {
    fastReads.close();
    done();
  });

  await app.register(configPlugin, { config: options.config });
  await app.register(metrics);
  await app.register(requestLog);
  await app.register(errorHandler);
  await app.register(jsonBody);
  await app.register(inputText);
  await app.register(security);
  await app.register(docs);
  await app.register(dbPlugin, { database: options.database });
  await app.register(secrets);
  await app.register(storage);
  await app.register(multipartPlugin);
  await app.register(backplane, { backplane: options.backplane });
  await app.register(auth);
  await app.register(integrationEvents);
  await app.register(rateLimit);
  await app.register(notify);

  // Domains: each plugin decorates app.<domain> with its services and registers its routes.
  await app.register(healthRoutes);
  await app.register(qrRoutes);
  await app.register(cards);
  await app.register(sharing);
  await app.register(files);
  await app.register(pets);
  await app.register(accounts);
  await app.register(corporate);
  await app.register(push, options.push ?? {});
  await app.register(hub);
  // Before conversations: a message records message.received through app.integrationEvents.
  await app.register(webhooks, options.webhooks ?? {});
  await app.register(conversations);
  await app.register(announcements);
  // After announcements: the operator's POST /api/admin/announcements publishes through app.announcements.
  await app.register(sso);
  await app.register(admin);
  await app.register(directories);
  await app.register(wallet, { ca: options.push?.ca });
  await app.register(search);
  await app.register(leads);
  await app.register(scim);
  await app.register(web, { distDir: options.webDistDir });
  return app;
}

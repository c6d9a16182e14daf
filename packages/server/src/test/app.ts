import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig } from '../platform/config/config.ts';
import { loggerOptions } from '../platform/logging/logger.ts';
import type { Database } from '../platform/db/client.ts';
import { databaseKinds, openTestDatabase, type DatabaseKind } from './databases.ts';

/** Every line the app logged, as text: tests check secrets never appear in it. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export interface TestAppOptions {
  /** Environment overrides, as strings, like the real environment. */
  env?: Record<string, string>;
  /** Folder of a built web app; by default none (the /vbc/ routes answer 503). */
  webDistDir?: string;
  /** Push delivery options (a CA for the local APNs stub, retry timings). */
  push?: BuildOptions['push'];
  /** Webhook delivery options (the dispatcher off, short timings). */
  webhooks?: BuildOptions['webhooks'];
  /** Runs on the built app before it is ready (tests that add a hook or a route of their own). */
  beforeReady?: (app: FastifyInstance) => void;
}

/** The real app on `database`, logging at debug level into a capture, with its own DATA_DIR. */
export async function buildTestApp(database: Database, options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-test-'));
  // A known admin token: otherwise each app would make one into its DATA_DIR and print it.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    STATS_FLUSH_MS: '60000',
    ADMIN_TOKEN: randomBytes(24).toString('hex'),
    ...options.env,
  });
  const log = new LogCapture();
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions('debug', log),
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web'),
    push: options.push,
    webhooks: options.webhooks,
  });
  app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  options.beforeReady?.(app);
  await app.ready();
  return { app, log, dataDir };
}

export interface SuiteContext {
  kind: DatabaseKind;
  app: FastifyInstance;
  database: Database;
  log: LogCapture;
}

/**
 * Runs the same suite once per database engine (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), each on a fresh database and one app per file.
 * Read `ctx.app` inside tests, not while declaring them.
 */
export function describeEachDatabase(title: string, suite: (ctx: SuiteContext) => void, options: TestAppOptions = {}) {
  for (const kind of databaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      const ctx = { kind } as SuiteContext;
      beforeAll(async () => {
        ctx.database = await openTestDatabase(kind);
        const built = await buildTestApp(ctx.database, options);
        ctx.app = built.app;
        ctx.log = built.log;
      });
      afterAll(async () => {
        await ctx.app?.close();
        await ctx.database?.close();
      });
      suite(ctx);
    });
  }
}

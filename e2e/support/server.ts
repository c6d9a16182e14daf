import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/config.ts';
import { LogCapture } from '../../packages/server/src/test/app.ts';
import { loggerOptions } from '../../packages/server/src/platform/logging/logger.ts';
import { seedDataDir } from '../../packages/server/src/test/templates.ts';
import { WEB_DIST } from '../../packages/server/src/web/plugin.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  log: LogCapture;
  close(): Promise<void>;
}

/**
 * The real server serving the BUILT web app on 127.0.0.1, on PGlite in a
 * fresh DATA_DIR (or PostgreSQL when `env.DATABASE_URL` is given).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: run "npm run build" first (npm test does).');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-e2e-'));
  // A snapshot of the build: a rebuild while the tests run (another engineer, a watch) cannot pull assets away.
  const webDistDir = path.join(dataDir, 'web');
  cpSync(WEB_DIST, webDistDir, { recursive: true });
  // The card pages' server renderer sits beside the app's build (packages/web/dist-ssr/).
  const ssrDist = path.join(WEB_DIST, '..', 'dist-ssr');
  if (existsSync(ssrDist)) cpSync(ssrDist, path.join(dataDir, 'dist-ssr'), { recursive: true });
  // A migrated PGlite to start from (unless the server is on PostgreSQL): initdb would cost seconds per file.
  if (!env.DATABASE_URL) await seedDataDir(dataDir);
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    STATS_FLUSH_MS: '200',
    ADMIN_TOKEN: randomBytes(24).toString('hex'),
    ...env,
  });
  const log = new LogCapture();
  const app = await buildApp({ config, logger: loggerOptions('info', log), webDistDir });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url,
    log,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { ConfigError, loadConfig } from './platform/config/config.ts';
import { buildApp } from './app.ts';
import { seedDemo } from './seed/demo.ts';

/** Starts one server: listen, seed the demo on an empty database, shut down gracefully on a signal. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  if (config.SEED_DEMO) await seedDemo(app);
  await app.listen({ port: config.PORT, host: config.HOST });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

// A setting that cannot be used (bad value, unreachable service) is one line naming it, not a stack.
await main().catch((error: unknown) => {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(78);
});

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
  // Drain: /readyz answers 503 for SHUTDOWN_DRAIN_MS while everything else is still served, so a
  // load balancer's health check takes the instance out before it stops accepting connections;
  // then close (the hub's clients are told to reconnect, in-flight requests finish).
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.SHUTDOWN_DRAIN_MS + 10_000);
    force.unref();
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
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

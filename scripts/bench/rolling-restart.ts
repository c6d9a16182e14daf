// Rolling restart behind HAProxy (issue 28): the scenario the rolling-restart test asserts
// (packages/server/src/test/rolling-restart.ts), its figures printed. Three instances of the built
// server on a fresh PostgreSQL database and a redis-server of its own, deploy/haproxy.cfg in front;
// each instance SIGTERMed, waited for and started again while people send through HAProxy and
// official SignalR clients receive. Run in a process of its own (runScript): it prints its lines as
// the last line, in JSON.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, openClusterWorld, type TClusterWorld } from '../../packages/server/src/test/cluster.ts';
import { haproxyInstalled } from '../../packages/server/src/test/haproxy.ts';
import { rollingRestartLines, runRollingRestart } from '../../packages/server/src/test/rolling-restart.ts';

/** The figures as lines; one line saying why when haproxy is not installed. */
export async function benchRollingRestart(): Promise<string[]> {
  if (!haproxyInstalled()) return ['  skipped: haproxy is not installed (apt-get install -y haproxy)'];
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  buildServer();
  const world = { processes: [] } as unknown as TClusterWorld;
  const close = await openClusterWorld(world);
  try {
    return rollingRestartLines(await runRollingRestart(world));
  } finally {
    await close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await benchRollingRestart()));
  process.exit(0);
}

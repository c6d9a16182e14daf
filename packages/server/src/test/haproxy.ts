/**
 * HAProxy (Debian's package) running deploy/haproxy.cfg as it is, in front of three instance
 * ports, all on 127.0.0.1. Its stats page (CSV) tells which instances the health checks hold UP.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, freePort, portInUse } from './processes.ts';

export const HAPROXY_CONFIG = path.join(REPO_ROOT, 'deploy/haproxy.cfg');

/** The server names in deploy/haproxy.cfg, in order of the instance ports. */
export const HAPROXY_SERVERS = ['app1', 'app2', 'app3'] as const;

export function haproxyInstalled(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface THaproxy {
  url: string;
  /** `app1` → 'UP' | 'DOWN' | 'UP 1/2' | … as the `app` backend's checks see it. */
  states(): Promise<Record<string, string>>;
  /** Resolves once the server's state is `state` (e.g. 'UP', 'DOWN'); rejects after `ms`. */
  waitFor(server: string, state: string, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts `haproxy -db -f deploy/haproxy.cfg` for the three instance ports and waits until it listens. */
export async function startHaproxy(instancePorts: readonly number[]): Promise<THaproxy> {
  if (instancePorts.length !== HAPROXY_SERVERS.length) throw new Error(`deploy/haproxy.cfg has ${HAPROXY_SERVERS.length} instances`);
  const [port, statsPort] = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    VBC_LB_BIND: `127.0.0.1:${port}`,
    VBC_LB_STATS_BIND: `127.0.0.1:${statsPort}`,
  };
  instancePorts.forEach((p, i) => (env[`VBC_APP${i + 1}`] = `127.0.0.1:${p}`));
  const child = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await portInUse(port)) || !(await portInUse(statsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const states = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/;csv`)).text();
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const [px, sv, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
    const result: Record<string, string> = {};
    for (const row of rows.map((r) => r.split(','))) if (row[px!] === 'app') result[row[sv!]!] = row[status!]!;
    return result;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    states,
    async waitFor(server, state, ms = 30_000) {
      const until = Date.now() + ms;
      let seen = '';
      while ((seen = (await states())[server] ?? '') !== state) {
        if (Date.now() > until) throw new Error(`haproxy: ${server} is ${seen}, not ${state}, after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

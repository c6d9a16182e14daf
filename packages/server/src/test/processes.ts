/** Server processes for tests of how the product starts and stops: spawn, wait until ready, free ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where `npm start` runs). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves true when something accepts a connection on the port, false when it is refused. */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface TServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  exited: Promise<number | string>;
}

/**
 * Spawns a server the way an operator does (`npm start`, or `node packages/server/dist/main.js`) on
 * a free port with its own DATA_DIR unless `env` says otherwise, and waits until /readyz answers 200.
 */
export async function startServerProcess(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; readyTimeoutMs?: number; port?: number; host?: string } = {},
): Promise<TServerProcess> {
  const port = options.port ?? (await freePort());
  // Another address than 127.0.0.1: a process in a network namespace of its own (test/netns.ts).
  const host = options.host ?? '127.0.0.1';
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: host,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-proc-')),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // Vitest's own variables would make the server think it runs under a test.
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  delete env.NODE_OPTIONS;
  // Its own process group, so `killTree` can reach whatever it started, even orphans.
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (gone) throw new Error(`${command} ${args.join(' ')} exited before it was ready:\n${text}`);
    if (Date.now() > deadline) {
      killTree(child);
      throw new Error(`${command} ${args.join(' ')} not ready in time:\n${text}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return { child, port, url, output: () => text, exited };
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resolves with the exit, or with 'timeout' if the process is still running after `ms`. */
export function exitWithin(server: TServerProcess, ms: number): Promise<number | string> {
  return Promise.race([server.exited, new Promise<string>((r) => setTimeout(() => r('timeout'), ms))]);
}

/** SIGKILL to the process and everything it started (its process group): test clean-up. */
export function killTree(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

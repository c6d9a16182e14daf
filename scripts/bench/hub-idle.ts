// Idle connections to the product (issue 28, "the hub as it grows"): the built server as
// `npm start` runs it (product.ts startProduct, PostgreSQL, default settings: at most 50
// connections per account, so the connections belong to ⌈connections / 50⌉ accounts), and
// `loaders` load processes (hub-idle-load.ts), each opening its share of WebSocket connections
// with the SignalR handshake (negotiate skipped, as native clients may) from a loopback source
// address of its own (127.0.0.2, 127.0.0.3, …: one address has about 28,000 ephemeral ports).
// Reports the server's RSS (/proc/PID/status VmRSS) before and after, per connection, the hub's
// own count (GET /metrics hub_connections) and that every connection answers an Invocation.
//   node_modules/.bin/tsx scripts/bench/hub-idle.ts [connections=50000] [loaders=4]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { benchDatabase, cpuOf, helper, startProduct, stop } from './product.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));
const progress = (text: string) => process.stderr.write(`  … ${text}\n`);
/** The default HUB_MAX_CONNECTIONS_PER_ACCOUNT: the bench runs the product with default settings. */
const PER_ACCOUNT = 50;
/**
 * Open files each process may hold: a connection is a descriptor on each side. This host's hard
 * limit (20,000) is below 50,000; `prlimit` raises it for the spawned processes, which needs root
 * (CAP_SYS_RESOURCE) past the hard limit, up to /proc/sys/fs/nr_open.
 */
const openFiles = (connections: number) => connections + 1024;
const withOpenFiles = (n: number) => ['prlimit', `--nofile=${n}:${n}`, '--'];

/** A line of /proc/PID/status or /proc/PID/limits. */
const procLine = (pid: number, file: 'status' | 'limits', name: string) =>
  readFileSync(`/proc/${pid}/${file}`, 'utf8')
    .split('\n')
    .find((line) => line.startsWith(name))
    ?.replace(/\s+/g, ' ')
    .trim() ?? '';
/** Resident memory in MB (VmRSS). */
const rssMb = (pid: number) => Math.round(Number(/(\d+)/.exec(procLine(pid, 'status', 'VmRSS:'))?.[1] ?? 0) / 102.4) / 10;

/** The server's RSS, and from its Prometheus metrics the hub's own count of WebSocket connections and the JavaScript heap in use. */
async function serverMemory(pid: number, port: number) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const sample = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
  return {
    rssMb: rssMb(pid),
    heapUsedMb: Math.round(sample(/^nodejs_heap_size_used_bytes (\d+)/m) / 104857.6) / 10,
    hubConnections: sample(/^hub_connections\{transport="WebSockets"\} (\d+)/m),
  };
}

interface TLoader {
  child: ChildProcess;
  /** The next line the process prints that starts with `word`, without it. */
  next: (word: string) => Promise<string>;
}

function startLoader(args: string[], connections: number): TLoader {
  const [command, ...rest] = [...withOpenFiles(openFiles(connections)), process.execPath, '--import', 'tsx', script('hub-idle-load.ts'), ...args];
  const child = spawn(command!, rest, { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: { word: string; resolve: (rest: string) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const at = waiting.findIndex((w) => line.startsWith(`${w.word} `));
    if (at < 0) return;
    const [{ word, resolve }] = waiting.splice(at, 1) as [(typeof waiting)[number]];
    resolve(line.slice(word.length + 1));
  });
  return {
    child,
    next: (word) =>
      new Promise((resolve, reject) => {
        waiting.push({ word, resolve });
        child.once('exit', (code) => reject(new Error(`load process exited with ${code}`)));
      }),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchHubIdle(connections: number, loaderCount: number) {
  const database = await benchDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'vbc-bench-idle-'));
  const children: ChildProcess[] = [];
  try {
    const accounts = Math.ceil(connections / PER_ACCOUNT);
    const tokensFile = path.join(dir, 'tokens.json');
    await helper(script('seed-hub-idle.ts'), [database.url, String(accounts), tokensFile]);
    progress(`seeded ${accounts} signed-in accounts`);
    const product = await startProduct(database.url, path.join(dir, 'server.log'), {}, withOpenFiles(openFiles(connections)));
    children.push(product.child);
    const pid = product.child.pid!;
    const serverOpenFiles = procLine(pid, 'limits', 'Max open files');
    // The server as it idles after its start (pools open, first requests served).
    await pause(3000);
    const before = await serverMemory(pid, product.port);
    progress(`server up, RSS ${before.rssMb} MB; opening ${connections} connections from ${loaderCount} processes`);

    const t0 = performance.now();
    const cpu0 = cpuOf(pid);
    const loaders = Array.from({ length: loaderCount }, (_, k) => {
      const first = Math.round((k * connections) / loaderCount);
      const count = Math.round(((k + 1) * connections) / loaderCount) - first;
      const loader = startLoader(
        [String(product.port), '127.0.0.1', `127.0.0.${k + 2}`, tokensFile, String(first), String(count), String(PER_ACCOUNT)],
        count,
      );
      children.push(loader.child);
      return loader;
    });
    const opened = (await Promise.all(loaders.map((l) => l.next('READY')))).map((line) => {
      const [ok = '0', failed = '0', ...failure] = line.split(' ');
      return { ok: Number(ok), failed: Number(failed), failure: JSON.parse(failure.join(' ') || '""') as string };
    });
    const connectSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const cpu1 = cpuOf(pid);
    const connected = opened.reduce((n, o) => n + o.ok, 0);
    progress(`${connected} connected in ${connectSeconds} s`);
    // Idle for a while: past the hub's keep-alive interval (15 s), so its Pings and the clients' have both gone round.
    await pause(20_000);
    const after = await serverMemory(pid, product.port);
    const cpu2 = cpuOf(pid);
    const checks = await Promise.all(
      loaders.map((l) => {
        const answer = l.next('CHECKED');
        l.child.stdin!.write('check\n');
        return answer;
      }),
    );
    const check = checks
      .map((line) => line.split(' ').map(Number))
      .reduce((sum, [answered = 0, live = 0, ms = 0]) => ({ answered: sum.answered + answered, open: sum.open + live, ms: Math.max(sum.ms, ms) }), {
        answered: 0,
        open: 0,
        ms: 0,
      });
    const afterCheck = await serverMemory(pid, product.port);
    const loaderRssMb = loaders.map((l) => rssMb(l.child.pid!));
    return {
      connections,
      accounts,
      loaders: loaderCount,
      connected,
      failed: opened.reduce((n, o) => n + o.failed, 0),
      firstFailure: opened.find((o) => o.failure)?.failure ?? '',
      connectSeconds,
      connectCpuSeconds: Math.round((cpu1.main + cpu1.others - cpu0.main - cpu0.others) * 10) / 10,
      /** The server's CPU while idle (20 s): the keep-alive sweep and the pings both ways. */
      idleCpuPct: Math.round(((cpu2.main + cpu2.others - cpu1.main - cpu1.others) / 20) * 1000) / 10,
      before,
      after,
      afterCheck,
      perConnectionKb: Math.round(((after.rssMb - before.rssMb) * 1024 * 10) / Math.max(1, connected)) / 10,
      check,
      serverOpenFiles,
      loaderRssMb,
    };
  } finally {
    await Promise.all(children.reverse().map(stop));
    await database.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [connections = 50_000, loaders = 4] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchHubIdle(connections, loaders)));
}

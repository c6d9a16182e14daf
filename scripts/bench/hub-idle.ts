// Idle connections to the product (issue 28, "the hub as it grows"): the built server as
// `npm start` runs it (product.ts startProduct, PostgreSQL, default settings: at most 50
// connections per account, so the connections belong to ⌈connections / 50⌉ accounts), and load
// processes (hub-idle-load.ts), each opening its share of WebSocket connections with the SignalR
// handshake (negotiate skipped, as native clients may) from a loopback source address of its own
// (127.0.0.2, 127.0.0.3, …: one address has about 28,000 ephemeral ports).
// Reports the server's RSS (/proc/PID/status VmRSS) before and after, per connection, the hub's
// own count (GET /metrics hub_connections) and that every connection answers an Invocation.
// A connection is an open file on each side: where a process's open-file limit cannot be raised
// to the count (the hard limit without CAP_SYS_RESOURCE), the connections are shared by as many
// instances of the product as that limit needs, each reported on its own.
//   node_modules/.bin/tsx scripts/bench/hub-idle.ts [connections=50000] [idleSeconds=20]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
/** Open files a process with `connections` connections may hold (its other files: logs, database pool, modules). */
const openFiles = (connections: number) => connections + 1024;
/** `prlimit` (util-linux) sets the open-file limit of the command that follows (past the hard limit only with CAP_SYS_RESOURCE). */
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
    /** The longest event-loop delay since the previous reading (prom-client's histogram starts again at each scrape). */
    eventLoopLagMaxMs: Math.round(sample(/^nodejs_eventloop_lag_max_seconds ([\d.e-]+)/m) * 1000),
  };
}

interface TLoader {
  child: ChildProcess;
  /** The next line the process prints that starts with `word`, without it. */
  next: (word: string) => Promise<string>;
}

function startLoader(args: string[], connections: number): TLoader {
  const [command, ...rest] = [
    ...withOpenFiles(openFiles(connections)),
    process.execPath,
    '--import',
    'tsx',
    script('hub-idle-load.ts'),
    ...args,
  ];
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

/** This process's hard limit on open files (its children inherit it). */
const hardOpenFiles = () => Number(procLine(process.pid, 'limits', 'Max open files').split(' ')[4]);
/** Whether `prlimit` may raise a child's open-file limit to `n` here (root with CAP_SYS_RESOURCE past the hard limit). */
const mayRaiseTo = (n: number) => n <= hardOpenFiles() || spawnSync('prlimit', [`--nofile=${n}:${n}`, '--', 'true']).status === 0;
/** Connections per load process: one loopback source address has about 28,000 ephemeral ports. */
const PER_LOADER = 25_000;

/** Integer shares of `total` over `parts`, in order, summing to `total`. */
const shares = (total: number, parts: number) =>
  Array.from({ length: parts }, (_, k) => Math.round(((k + 1) * total) / parts) - Math.round((k * total) / parts));

/**
 * `connections` idle connections to the product. One server process takes them all when its
 * open-file limit can be raised that far; where it cannot (no CAP_SYS_RESOURCE: the hard limit
 * stands), as many instances as the limit needs share them, each measured on its own.
 */
export async function benchHubIdle(connections: number, idleSeconds = 20) {
  const IDLE_MS = idleSeconds * 1000;
  const database = await benchDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'vbc-bench-idle-'));
  const children: ChildProcess[] = [];
  try {
    const accounts = Math.ceil(connections / PER_ACCOUNT);
    const tokensFile = path.join(dir, 'tokens.json');
    await helper(script('seed-hub-idle.ts'), [database.url, String(accounts), tokensFile]);
    progress(`seeded ${accounts} signed-in accounts`);
    const hard = hardOpenFiles();
    const perServer = mayRaiseTo(openFiles(connections)) ? connections : hard - 1024;
    const instanceShares = shares(connections, Math.ceil(connections / perServer));
    const servers = [];
    for (const [i, share] of instanceShares.entries()) {
      const product = await startProduct(database.url, path.join(dir, `server-${i}.log`), {}, withOpenFiles(openFiles(share)));
      children.push(product.child);
      servers.push({ ...product, pid: product.child.pid!, share, openFiles: procLine(product.child.pid!, 'limits', 'Max open files') });
    }
    // The servers as they idle after their start (pools open, first requests served).
    await pause(3000);
    const before = await Promise.all(servers.map((s) => serverMemory(s.pid, s.port)));
    progress(`${servers.length} server(s) up, RSS ${before.map((b) => b.rssMb).join(', ')} MB; opening ${connections} connections`);

    const t0 = performance.now();
    const cpu0 = servers.map((s) => cpuOf(s.pid));
    const loaders: TLoader[] = [];
    let first = 0;
    for (const server of servers) {
      for (const count of shares(server.share, Math.ceil(server.share / Math.min(PER_LOADER, perServer)))) {
        const loader = startLoader(
          [
            String(server.port),
            '127.0.0.1',
            `127.0.0.${loaders.length + 2}`,
            tokensFile,
            String(first),
            String(count),
            String(PER_ACCOUNT),
          ],
          count,
        );
        first += count;
        children.push(loader.child);
        loaders.push(loader);
      }
    }
    const opened = (await Promise.all(loaders.map((l) => l.next('READY')))).map((line) => {
      const [ok = '0', failed = '0', ...failure] = line.split(' ');
      return { ok: Number(ok), failed: Number(failed), failure: JSON.parse(failure.join(' ') || '""') as string };
    });
    const connectSeconds = Math.round((performance.now() - t0) / 100) / 10;
    const cpu1 = servers.map((s) => cpuOf(s.pid));
    const connected = opened.reduce((n, o) => n + o.ok, 0);
    progress(`${connected} connected in ${connectSeconds} s`);
    // Idle for a while: past the hub's keep-alive interval (15 s), so its Pings and the clients' have both gone round.
    await pause(IDLE_MS);
    const after = await Promise.all(servers.map((s) => serverMemory(s.pid, s.port)));
    const cpu2 = servers.map((s) => cpuOf(s.pid));
    const checks = await Promise.all(
      loaders.map((l) => {
        const answer = l.next('CHECKED');
        l.child.stdin!.write('check\n');
        return answer;
      }),
    );
    const check = checks
      .map((line) => line.split(' ').map(Number))
      .reduce(
        (total, [answered = 0, live = 0, ms = 0]) => ({
          answered: total.answered + answered,
          open: total.open + live,
          ms: Math.max(total.ms, ms),
        }),
        {
          answered: 0,
          open: 0,
          ms: 0,
        },
      );
    const afterCheck = await Promise.all(servers.map((s) => serverMemory(s.pid, s.port)));
    const cpuSeconds = (a: { main: number; others: number }[], b: { main: number; others: number }[]) =>
      a.reduce((sum, x, i) => sum + b[i]!.main + b[i]!.others - x.main - x.others, 0);
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 10) / 10;
    return {
      connections,
      accounts,
      hardOpenFiles: hard,
      loaders: loaders.length,
      connected,
      failed: opened.reduce((n, o) => n + o.failed, 0),
      firstFailure: opened.find((o) => o.failure)?.failure ?? '',
      connectSeconds,
      connectCpuSeconds: Math.round(cpuSeconds(cpu0, cpu1) * 10) / 10,
      /** The servers' CPU while idle: the keep-alive sweep and the pings both ways. */
      idleCpuPct: Math.round((cpuSeconds(cpu1, cpu2) / (IDLE_MS / 1000)) * 1000) / 10,
      instances: servers.map((s, i) => ({
        connections: s.share,
        openFiles: s.openFiles,
        before: before[i]!,
        after: after[i]!,
        afterCheck: afterCheck[i]!,
      })),
      rssMb: {
        before: sum(before.map((b) => b.rssMb)),
        after: sum(after.map((a) => a.rssMb)),
        afterCheck: sum(afterCheck.map((a) => a.rssMb)),
      },
      hubConnections: sum(after.map((a) => a.hubConnections)),
      perConnectionKb:
        Math.round(((sum(after.map((a) => a.rssMb)) - sum(before.map((b) => b.rssMb))) * 1024 * 10) / Math.max(1, connected)) / 10,
      check,
      loaderRssMb: loaders.map((l) => rssMb(l.child.pid!)),
    };
  } finally {
    await Promise.all(children.reverse().map(stop));
    await database.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [connections = 50_000, idleSeconds = 20] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchHubIdle(connections, idleSeconds)));
}

// Instructions per cached card read, counted by callgrind: the servers of card-api.ts (the
// product as npm start runs it, bare Fastify with the body alone, Fastify with the same response)
// each under valgrind, the same 20,000 reads each. card-api.ts's throughput rounds moved by up to
// 0.4 between rounds on a shared 2-core host; an instruction count repeats within about 4% (the
// first round after the warm-up is the highest) whatever else the machine does, so this is the
// figure to compare two builds by. Only the server's main thread is counted (V8's compiler and
// GC helper threads, the push workers idle).
// It is not time: a cache miss or a system call counts as the instructions around it, and
// valgrind runs OpenSSL's generic code (a random UUID, about 0.2 µs natively, counted about 4,500
// instructions here: the app's request ids now draw random bytes once per 2^31 ids). The
// baselines send a fixed id.
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { autocannonRun, serveCardHelper } from './card-api.ts';
import { PRODUCT_HOST, benchDatabase, median, startProduct, stop, type TWrap } from './product.ts';

const READS = 20_000;
const ROUNDS = 3;
const run = promisify(execFile);

/** Whether valgrind is installed (it is on every machine of ours; the section says so when not). */
export const hasValgrind = () =>
  run('valgrind', ['--version']).then(
    () => true,
    () => false,
  );

/** callgrind on the process it starts, one dump file per thread, controlled through its own vgdb prefix. */
function callgrind(dir: string): TWrap {
  return [
    'valgrind',
    '-q',
    '--tool=callgrind',
    '--smc-check=all-non-file',
    '--separate-threads=yes',
    `--vgdb-prefix=${dir}/vgdb`,
    `--callgrind-out-file=${dir}/cg.%p`,
  ];
}

/**
 * callgrind_control on `pid`. vgdb names its pipes after the HOST the process saw (valgrind
 * reads the variable), so the control must see the same one: the product runs with PRODUCT_HOST.
 */
function control(dir: string, pid: number, action: string, host: string | undefined) {
  const env = { ...process.env, HOST: host };
  if (host === undefined) delete env.HOST;
  return run('callgrind_control', [`--vgdb-prefix=${dir}/vgdb`, action, String(pid)], { env });
}

/** The main thread's instruction count in dump number `dump` of `pid` (files `cg.<pid>.<dump>-<thread>`). */
function mainThreadInstructions(dir: string, pid: number, dump: number): number {
  const text = readFileSync(path.join(dir, `cg.${pid}.${dump}-01`), 'utf8');
  const summary = /^summary: (\d+)/m.exec(text);
  if (!summary) throw new Error(`no summary in callgrind dump ${dump} of ${pid}`);
  return Number(summary[1]);
}

/**
 * Instructions per read of `url` on the server `pid` (under callgrind in `dir`): READS reads to
 * warm up, then ROUNDS times: counters zeroed, READS reads, a dump. Reads are 10 connections of
 * a fresh autocannon; every one must answer 2xx.
 */
async function instructionsPerRead(dir: string, pid: number, host: string | undefined, url: string): Promise<number[]> {
  const reads = async () => {
    const result = await autocannonRun(url, ['--connections', '10', '--amount', String(READS)]);
    if (result.errors + result.non2xx > 0 || result['2xx'] !== READS)
      throw new Error(`${url}: ${result['2xx']} of ${READS} reads answered 2xx`);
  };
  await reads();
  const perRead: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await control(dir, pid, '--zero', host);
    await reads();
    await control(dir, pid, '--dump', host);
    perRead.push(mainThreadInstructions(dir, pid, round) / READS);
  }
  return perRead;
}

export async function benchCardInstructions() {
  const database = await benchDatabase();
  const dirs: string[] = [];
  const workDir = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `vbc-bench-cg-${name}-`));
    dirs.push(dir);
    return dir;
  };
  const children: ChildProcess[] = [];
  try {
    const seeded = await serveCardHelper(['seed', database.url]);
    const measure = async (
      name: string,
      start: (wrap: TWrap) => Promise<{ child: ChildProcess; port: number; path: string; host?: string }>,
    ) => {
      const dir = workDir(name);
      const server = await start(callgrind(dir));
      children.push(server.child);
      const perRead = await instructionsPerRead(
        dir,
        server.child.pid!,
        server.host ?? process.env.HOST,
        `http://127.0.0.1:${server.port}${server.path}`,
      );
      await stop(server.child);
      return { perRead, median: median(perRead) };
    };
    // One at a time: what a server does on a timer counts per read in proportion to the time a
    // read takes, and valgrind is slower with a neighbour. For the same reason the card counts
    // are written every 60 s instead of every second: under valgrind a read takes about 100
    // times as long, and each write drops the card from the cache (the next reads are routed).
    const app = await measure('app', async (wrap) => {
      const product = await startProduct(database.url, path.join(workDir('log'), 'server.log'), { STATS_FLUSH_MS: '60000' }, wrap);
      return { child: product.child, port: product.port, path: seeded.path, host: PRODUCT_HOST };
    });
    const bare = await measure('bare', (wrap) => serveCardHelper(['bare', seeded.body], wrap));
    const same = await measure('same', (wrap) => serveCardHelper(['bare', seeded.body, seeded.headers], wrap));
    return { app, bare, same, reads: READS, rounds: ROUNDS };
  } finally {
    await Promise.all(children.map(stop));
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

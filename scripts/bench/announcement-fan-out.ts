// One product-wide announcement to `recipients` accounts (issue 11 and issue 12, "Measured"), the
// product as a user runs it (product.ts: the built server in its own process, PostgreSQL, default
// log level), the load generator here, and the local web push service (push-service.ts) in a third
// process that checks every VAPID JWT and decrypts every payload as a browser would. Each account
// has one web push subscription there; `connected` of them are signed in over the hub (SignalR
// JSON protocol over WebSockets), the rest offline. The operator publishes with
// POST /api/admin/announcements; the figures:
//   - stored: that POST's answer (the announcement and its recipient rows committed);
//   - hub: until every connected recipient has its AnnouncementPublished;
//   - push: until the push service has accepted all `recipients` notifications;
//   - the send path: a message POST /api/conversation/{id}/messages → the recipient's
//     MessageReceived over the hub, one send every SEND_EVERY_MS, before the announcement
//     (baseline) and while its fan-out runs, in the same run;
//   - per phase, where the CPU went and the server's event loop delay (phaseProbe), and each send's
//     time during the fan-out by its start (timeline), to tell the server's doing from contention.
import { fork } from 'node:child_process';
import { createECDH, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connect } from './hub-fan-out.ts';
import { BENCH_ADMIN_TOKEN, benchDatabase, cpuOf, helper, percentile, startProduct, stop } from './product.ts';

/** Sends are paced (a person writing, not a load test): one every this many ms. */
const SEND_EVERY_MS = 40;
/** Sends a minute per account are limited (30): the bench takes turns among this many senders. */
const SENDERS = 60;
// Every sender once at least: a conversation's first event on a hub connection waits for the hub's ordering window (hub/ordering.ts).
const WARM_UP = 2 * SENDERS;
const progress = (text: string) => process.stderr.write(`  … ${text}\n`);
const script = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TSeed {
  recipientToken: string;
  senders: { token: string; conversationId: string }[];
  audienceTokens: string[];
}
type TTimes = { p50: number; p99: number; max: number; postP50: number; postP99: number; sends: number };

const summary = (all: number[], posts: number[]): TTimes => ({
  p50: percentile(all, 50),
  p99: percentile(all, 99),
  max: percentile(all, 100),
  postP50: percentile(posts, 50),
  postP99: percentile(posts, 99),
  sends: all.length,
});

/** The whole machine's busy and total CPU seconds (/proc/stat). */
function machineCpu(): { busy: number; total: number } {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    const total = n.reduce((a, b) => a + b, 0) / 100;
    return { busy: total - (n[3]! + n[4]!) / 100, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/**
 * What the processes did over a phase: CPU as a share of one core — the server's event loop
 * thread, its other threads (payload encryption workers), the push service, this load generator,
 * and the rest of the machine (PostgreSQL, and anyone else's work: a run with much of it was
 * disturbed) — and the server's event loop delay over the phase (prom-client's
 * monitorEventLoopDelay at 10 ms resolution, reset by each GET /metrics; the resolution taken off).
 */
function phaseProbe(serverPid: number | undefined, pushServicePid: number | undefined, metricsUrl: string) {
  const lag = async () => {
    const text = await (await fetch(metricsUrl)).text();
    const value = (name: string) =>
      Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
    const ms = (name: string) => Math.round(Math.max(0, value(name) * 1000 - 10) * 10) / 10;
    return { p50: ms('p50'), p99: ms('p99'), max: ms('max') };
  };
  const snap = () => ({
    at: performance.now(),
    server: cpuOf(serverPid),
    push: cpuOf(pushServicePid),
    self: process.cpuUsage(),
    machine: machineCpu(),
  });
  return {
    async start() {
      await lag();
      return snap();
    },
    async end(from: ReturnType<typeof snap>) {
      const to = snap();
      const seconds = (to.at - from.at) / 1000;
      const pct = (cpu: number) => Math.round((cpu / seconds) * 100);
      const serverMain = to.server.main - from.server.main;
      const serverOthers = to.server.others - from.server.others;
      const push = to.push.main + to.push.others - from.push.main - from.push.others;
      const self = (to.self.user + to.self.system - from.self.user - from.self.system) / 1e6;
      const machine = to.machine.busy - from.machine.busy;
      return {
        cpuPct: {
          serverLoop: pct(serverMain),
          serverWorkers: pct(serverOthers),
          pushService: pct(push),
          loadGenerator: pct(self),
          restOfMachine: pct(machine - serverMain - serverOthers - push - self),
        },
        serverLoopDelayMs: await lag(),
      };
    },
  };
}

/** The push service process: `call(message)` resolves with its next answer. */
async function pushService() {
  const child = fork(script('push-service.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies: ((m: Record<string, unknown>) => void)[] = [];
  child.on('message', (m) => replies.shift()?.(m as Record<string, unknown>));
  const next = () => new Promise<Record<string, unknown>>((resolve) => replies.push(resolve));
  await next();
  return {
    child,
    call: (message: object) => {
      const answer = next();
      child.send(message);
      return answer;
    },
  };
}

export async function benchAnnouncementFanOut(recipients = 10_000, connected = 1_000, sends = 200) {
  const database = await benchDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'vbc-bench-announce-'));
  const logFile = path.join(dir, 'server.log');
  // The server's VAPID pair (P-256, base64url: the uncompressed point and the private scalar), so the push service knows the key before the server starts.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const vapid = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
  const service = await pushService();
  const children = [service.child];
  try {
    const { subscriptions } = (await service.call({ subscribe: recipients, vapidKey: vapid.publicKey })) as { subscriptions: unknown[] };
    const audienceFile = path.join(dir, 'audience.json');
    writeFileSync(audienceFile, JSON.stringify({ subscriptions, signedIn: connected }));
    const seed = JSON.parse((await helper(script('seed-hub.ts'), [database.url, String(SENDERS), audienceFile])).ready) as TSeed;
    progress(`seeded ${recipients} accounts with a push subscription each, ${SENDERS} senders`);
    const product = await startProduct(database.url, logFile, {
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    children.push(product.child);
    const base = `127.0.0.1:${product.port}`;
    const recipient = await connect(`ws://${base}/personalHub`, 1, { authorization: `Bearer ${seed.recipientToken}` }, true);
    const title = `Bench announcement ${randomUUID()}`;
    const audience = await connect(
      `ws://${base}/personalHub`,
      connected,
      (i) => ({ authorization: `Bearer ${seed.audienceTokens[i]}` }),
      true,
      (text) => (text.includes('"AnnouncementPublished"') && text.includes(title) ? [title] : []),
    );
    progress(`${connected} recipients' hub clients connected, the rest offline`);

    let k = 0;
    /** One send → the recipient's MessageReceived; [all, post] ms. */
    const sendOne = async (): Promise<[number, number]> => {
      const sender = seed.senders[k++ % seed.senders.length]!;
      const clientMessageId = randomUUID();
      const received = recipient.waitAll(clientMessageId);
      const t0 = performance.now();
      const res = await fetch(`http://${base}/api/conversation/${sender.conversationId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: `bench message ${k} ${'x'.repeat(80)}`, clientMessageId }),
      });
      const posted = performance.now();
      if (res.status !== 201) throw new Error(`send ${k}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      const at = await received;
      recipient.forget(clientMessageId);
      return [at - t0, posted - t0];
    };
    /** Paced sends until `n` are done, or (with `until`) until it resolves: each send's start, time to received, POST time. */
    const sendPaced = async (n: number, until?: Promise<unknown>) => {
      let done = false;
      void until?.then(() => (done = true));
      const sent: { at: number; all: number; post: number }[] = [];
      while (until ? !done : sent.length < n) {
        const at = performance.now();
        const [all, post] = await sendOne();
        sent.push({ at, all, post });
        await sleep(Math.max(0, SEND_EVERY_MS - (performance.now() - at)));
      }
      return sent;
    };
    const times = (sent: { all: number; post: number }[]) =>
      summary(
        sent.map((s) => s.all),
        sent.map((s) => s.post),
      );

    await sendPaced(WARM_UP);
    const probe = phaseProbe(product.child.pid, service.child.pid, `http://${base}/metrics`);
    const baselineFrom = await probe.start();
    const baseline = times(await sendPaced(sends));
    const baselineMachine = await probe.end(baselineFrom);
    progress(`baseline: ${sends} sends`);

    const duringFrom = await probe.start();
    const pushed = service.call({ waitFor: recipients }) as Promise<{ received: number; refused: number }>;
    const hubAll = audience.waitAll(title);
    const t0 = performance.now();
    const post = fetch(`http://${base}/api/admin/announcements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, content: 'A **bench** announcement to every account.' }),
    }).then(async (res) => {
      const at = performance.now();
      if (res.status !== 201) throw new Error(`announcement: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { recipientCount: number };
      return { at, recipientCount: body.recipientCount };
    });
    const timed = <T>(p: Promise<T>) => p.then((v) => ({ v, at: performance.now() }));
    const [during, stored, hub, push] = await Promise.all([sendPaced(0, Promise.all([post, hubAll, pushed])), post, hubAll, timed(pushed)]);
    const duringMachine = await probe.end(duringFrom);
    audience.close();
    recipient.close();
    const afterHub = during.filter((s) => s.at >= hub);
    return {
      recipients: stored.recipientCount,
      connected,
      storedMs: Math.round(stored.at - t0),
      hubAllMs: Math.round(hub - t0),
      push: {
        delivered: push.v.received,
        refused: push.v.refused,
        deliverAllMs: Math.round(push.at - t0),
        perSecond: Math.round(push.v.received / ((push.at - t0) / 1000)),
      },
      baseline,
      during: times(during),
      /** The sends that started once every connected recipient had the event: the push fan-out alone. */
      duringPushOnly: times(afterHub),
      /** Where the CPU went and the server's event loop delay, without and during the fan-out. */
      machine: { baseline: baselineMachine, during: duringMachine },
      /** Each send during the fan-out: its start after the POST, ms, and its time to received (to see where the slow ones fall). */
      timeline: during.map((s) => [Math.round(s.at - t0), Math.round(s.all)]),
      logFile,
    };
  } finally {
    service.child.send({ close: true });
    await Promise.all(children.map(stop));
    await database.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [recipients = 10_000, connected = 1_000, sends = 200] = process.argv.slice(2).map(Number);
  console.log(JSON.stringify(await benchAnnouncementFanOut(recipients, connected, sends)));
}

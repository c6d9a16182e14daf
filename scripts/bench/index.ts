// `npm run bench`: performance figures as ratios against baselines measured in
// the same run. Targets are printed beside each figure; nothing here is a test.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchCardApi } from './card-api.ts';
import { benchSendLatency } from '../../packages/server/src/conversations/bench/send-latency.ts';
import { benchPushFanOut } from '../../packages/server/src/push/bench/fan-out.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Every server figure on PostgreSQL, as deployed (the embedded PGlite is for one-machine use).
process.env.BENCH_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const fmt = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');

console.log('▶ card API on PostgreSQL (the server as npm start runs it, default log level) vs bare Fastify, 50 connections, 10 s each');
const card = await benchCardApi(Number(process.env.BENCH_SECONDS ?? 10));
console.log(`  app  ${fmt(card.appRps, 0)} req/s  p50 ${card.appP50} ms  p99 ${card.appP99} ms  errors ${card.errors}`);
console.log(`  bare ${fmt(card.bareRps, 0)} req/s  p99 ${card.bareP99} ms`);
console.log(`  ratio app/bare = ${fmt(card.ratio)} (target ≥ 0.80: ${verdict(card.ratio >= 0.8)}); p99 ${card.appP99} ms (target ≤ 10: ${verdict(card.appP99 <= 10)})`);
console.log(`  request log lines per request: ${fmt(card.logLinesPerRequest)} (log in ${card.logFile})`);

console.log('\n▶ first-load JavaScript for /vbc/{quickId}');
const size = spawnSync('node', ['packages/web/scripts/bundle-size.mjs'], { cwd: root, encoding: 'utf8' });
process.stdout.write(size.stdout || size.stderr || '  (bundle-size script missing: run npm run build first)\n');

console.log('\n▶ send → recipient MessageReceived, 2,000 connected clients (real app, HTTP send, WebSocket receive)');
const latency = await benchSendLatency(1000, 1000, 1);
console.log(`  ${latency.engine}, ${latency.backplane} backplane: p50 ${latency.p50} ms, p99 ${latency.p99} ms (target ≤ 25: ${verdict(latency.p99 <= 25)}), max ${latency.max} ms; server RSS ${latency.serverRssMb} MB`);

console.log('\n▶ hub capacity: 10,000 idle connections and fan-out, each against a bare ws server in the same run');
const hub = spawnSync('node', ['--import', 'tsx', 'packages/server/src/hub/bench/hub-bench.ts', '10000', '500', '1000'], { cwd: root, encoding: 'utf8' });
process.stdout.write((hub.stdout || hub.stderr).replace(/^/gm, '  '));

console.log('\n▶ push fan-out: one announcement to 10,000 web push subscriptions (local push service in another process: VAPID checked, payload decrypted)');
const fan = await benchPushFanOut(Number(process.env.BENCH_PUSH_SUBSCRIPTIONS ?? 10_000), 200);
const slowdown = fan.during.p99 / Math.max(fan.baseline.p99, 0.1);
console.log(`  ${fan.engine}: ${fan.subscriptions} delivered in ${fan.deliverAllMs} ms (${fan.perSecond}/s, ${fan.refused} refused)`);
console.log(`  send path p50/p99: ${fan.baseline.p50}/${fan.baseline.p99} ms without, ${fan.during.p50}/${fan.during.p99} ms during the fan-out; p99 ratio ${fmt(slowdown)} (target ≤ 2.00: ${verdict(slowdown <= 2)})`);

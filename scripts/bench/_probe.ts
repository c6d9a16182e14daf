import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seed } from './exchange.ts';
import { benchDatabase, cpuOf, startProduct, stop } from './product.ts';
const database = await benchDatabase();
const quickIds = await seed(database.url);
const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'vbc-probe-')), 'server.log');
const product = await startProduct(database.url, logFile, { TRUST_PROXY: 'loopback' });
let n = 0;
const req: autocannon.Request = {
  method: 'POST',
  setupRequest: (request) => {
    const i = n++;
    return { ...request, path: `/api/vbc/virtualcontact/${quickIds[i % quickIds.length]}/exchange`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      body: JSON.stringify({ name: `Bench Visitor ${i}`, email: `v-${i}-${randomUUID().slice(0, 8)}@bench.example`, phone: null, company: 'Bench', jobTitle: 'T', note: 'n', consent: true, sendMeTheCard: false, clientRequestId: randomUUID(), source: 'qr', fillMs: 5000 }) };
  },
};
const go = (s: number) => new Promise<autocannon.Result>((res, rej) => autocannon({ url: `http://127.0.0.1:${product.port}`, connections: Number(process.env.CONN ?? 50), duration: s, requests: [req] }, (e, r) => (e ? rej(e) : res(r))));
await go(3);
import pg from 'pg';
const adm = new pg.Client({ connectionString: database.adminUrl }); await adm.connect();
const xq = async () => Number((await adm.query('select xact_commit from pg_stat_database where datname=$1', [database.name])).rows[0].xact_commit);
const x0 = await xq();
const c0 = cpuOf(product.child.pid);
const r = await go(Number(process.env.SECS ?? 10));
const c1 = cpuOf(product.child.pid);
await new Promise((r) => setTimeout(r, 600)); const x1 = await xq(); console.log('xacts per exchange', (x1 - x0) / r.requests.total);
console.log(JSON.stringify({ rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, cpuMsPer: ((c1.main + c1.others - c0.main - c0.others) * 1000) / r.requests.total }));
await stop(product.child);
await database.drop();

// Issue 27, "Measured": a brand-template change reaches 5,000 linked cards. The product as a user
// runs it (product.ts: the built server in its own process, PostgreSQL, default log level); the
// seed (in this process, through the app) makes a business whose admin has 5,000 cards linked to
// it. Every card's public read (GET /api/vbc/virtualcontact/{quickId}) is warmed into the card
// cache, then the admin PUTs a new template; the figure is the time from that PUT's start until
// the last of the 5,000 reads sent after its answer has come back, each showing the new
// organization (a read showing the old one is counted as stale; the target wants none).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { makeQuickId } from '../../packages/shared/src/ids.ts';
import { virtualContacts } from '../../packages/server/src/platform/db/schema/index.ts';
import { buildAccount } from '../../packages/server/src/test/factories.ts';
import { BENCH_ADMIN_TOKEN, benchDatabase, median, startProduct, stop } from './product.ts';
import { seedApp } from './seed-app.ts';

/** Reads in flight at once (a crowd opening the business's cards). */
const CONCURRENCY = 50;
const ROUNDS = 3;

/** Migrates the database; a business whose admin owns `cards` cards linked to it. */
async function seed(databaseUrl: string, cards: number) {
  const { app, close } = await seedApp(databaseUrl);
  try {
    const admin = await buildAccount(app, { name: 'Bench Admin' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/corporates',
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
      payload: { name: 'Bench Harbours', members: [admin.account.email], verified: true },
    });
    if (created.statusCode !== 201) throw new Error(`create-corporate: ${created.statusCode} ${created.body}`);
    const { corporateAccountId, corporateProfileId } = created.json<{ corporateAccountId: string; corporateProfileId: string }>();
    const quickIds: string[] = [];
    for (let i = 0; i < cards; i += 500) {
      const rows = Array.from({ length: Math.min(500, cards - i) }, (_, k) => ({
        quickId: makeQuickId((n) => randomBytes(n)),
        ownerAccountId: admin.account.id,
        corporateProfileId,
        firstName: 'Member',
        lastName: String(i + k),
        organization: 'Own organization',
        designSpecification: {
          design: { designation: 'default' },
          theme: { designation: 'dark' },
          accentColor1: null,
          accentColor2: null,
          accentColor3: null,
        },
      }));
      const inserted = await app.db.insert(virtualContacts).values(rows).returning({ quickId: virtualContacts.quickId });
      quickIds.push(...inserted.map((r) => r.quickId));
    }
    return { headers: admin.headers, corporateAccountId, quickIds };
  } finally {
    await close();
  }
}

/**
 * Keep-alive connections for the reads, one per reader, on node:http: the lightest client Node has,
 * so that the 5,000 reads measure the product more than this process's client.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** GET `url`'s JSON body over `agent`. */
const getJson = (url: string): Promise<{ status: number; body: unknown }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });

/** Reads every card, CONCURRENCY at a time; how many did not show `organization`. */
async function readAll(base: string, quickIds: string[], organization: string | null): Promise<number> {
  let next = 0;
  let stale = 0;
  const worker = async () => {
    while (next < quickIds.length) {
      const quickId = quickIds[next++]!;
      const res = await getJson(`${base}/api/vbc/virtualcontact/${quickId}`);
      if (res.status !== 200) throw new Error(`read ${quickId}: ${res.status}`);
      const card = res.body as { organization: string | null };
      if (organization !== null && card.organization !== organization) stale++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return stale;
}

export async function benchTeamTemplate(cards = 5000) {
  const database = await benchDatabase();
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'vbc-bench-team-')), 'server.log');
  try {
    const seeded = await seed(database.url, cards);
    const product = await startProduct(database.url, logFile);
    try {
      const base = `http://127.0.0.1:${product.port}`;
      const rounds: { putMs: number; reachedMs: number; stale: number; warmReadMs: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const w0 = performance.now();
        await readAll(base, seeded.quickIds, null); // every card cached
        const warmReadMs = performance.now() - w0;
        const organization = `Bench Harbours ${round} ${Date.now()}`;
        const t0 = performance.now();
        const put = await fetch(`${base}/api/corporate/${seeded.corporateAccountId}/template`, {
          method: 'PUT',
          headers: { ...seeded.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ organization, locked: ['organization'] }),
        });
        if (put.status !== 200) throw new Error(`PUT template: ${put.status} ${await put.text()}`);
        const putMs = performance.now() - t0;
        const stale = await readAll(base, seeded.quickIds, organization);
        rounds.push({ putMs: Math.round(putMs), reachedMs: Math.round(performance.now() - t0), stale, warmReadMs: Math.round(warmReadMs) });
      }
      return {
        cards,
        rounds,
        reachedMs: median(rounds.map((r) => r.reachedMs)),
        worstMs: Math.max(...rounds.map((r) => r.reachedMs)),
        stale: rounds.reduce((n, r) => n + r.stale, 0),
        logFile,
      };
    } finally {
      agent.destroy();
      await stop(product.child);
    }
  } finally {
    await database.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await benchTeamTemplate(Number(process.argv[2] ?? 5000))));
}

/**
 * Bulk onboarding (issue 27): a 1,000-row CSV validated (dryRun=true) and its invitations written
 * and queued (dryRun=false), timed by the server's own request log (`ms` of the import's
 * `request completed` line: from the request's arrival to the answer, the body's reading and the
 * CSV's parsing included), and the time until every invitation e-mail has reached a local SMTP
 * sink (the queue's delivery, after the answer).
 *   npx tsx scripts/bench/team-import.ts [rows=1000]
 * The product as `npm start` runs it (product.ts), on PostgreSQL, with SMTP_URL at the sink; the
 * business and its admin are written beforehand by an app in this process.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config/config.ts';
import { openDatabase } from '../../packages/server/src/platform/db/client.ts';
import { buildAccount } from '../../packages/server/src/test/factories.ts';
import { startSmtpSink } from '../../packages/server/src/test/notify-sinks.ts';
import { BENCH_ADMIN_TOKEN, benchDatabase, startProduct, stop } from './product.ts';

export interface TTeamImportBench {
  rows: number;
  /** Server time of the dry run (validation only), ms. */
  dryRunMs: number;
  /** Server time of the import that invites (validation, invitations written, e-mails queued), ms. */
  importMs: number;
  /** From sending the import to the last invitation e-mail at the sink, ms. */
  allMailedMs: number;
  mailed: number;
}

/** The `ms` of the log's last `request completed` line for the import route. */
function serverMs(logFile: string): number {
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => l.includes('/members/import') && l.includes('request completed'));
  const last = lines.at(-1);
  if (!last) throw new Error('the import request is not in the server log');
  return (JSON.parse(last) as { ms: number }).ms;
}

export async function benchTeamImport(rows = 1000): Promise<TTeamImportBench> {
  const smtp = await startSmtpSink();
  const database = await benchDatabase();
  const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vbc-bench-')), DATABASE_URL: database.url, ADMIN_TOKEN: BENCH_ADMIN_TOKEN };
  const seedDatabase = await openDatabase({ url: database.url, dataDir: '', maxConnections: 4 });
  const seedApp = await buildApp({ config: loadConfig(env), database: seedDatabase, logger: false });
  let child: Awaited<ReturnType<typeof startProduct>>['child'] | undefined;
  try {
    const admin = await buildAccount(seedApp, { name: 'Bench Admin' });
    const created = await seedApp.inject({
      method: 'POST',
      url: '/api/admin/corporates',
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
      payload: { name: 'Bench Co', members: [admin.account.email], verified: true },
    });
    if (created.statusCode !== 201) throw new Error(`create-corporate: ${created.statusCode} ${created.body}`);
    const { corporateAccountId } = created.json<{ corporateAccountId: string }>();
    const csv = [
      'name,email,phone,jobTitle,department',
      ...Array.from(
        { length: rows },
        (_, i) => `Person Number${i},person${i}@bench.example,0917${String(i).padStart(7, '0')},Engineer,Team ${i % 20}`,
      ),
    ].join('\n');

    const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'vbc-bench-log-')), 'server.log');
    const started = await startProduct(database.url, logFile, { SMTP_URL: smtp.url, MAIL_FROM: 'bench@vbc.test' });
    child = started.child;
    const post = async (dryRun: boolean) => {
      const res = await fetch(`http://127.0.0.1:${started.port}/api/corporate/${corporateAccountId}/members/import?dryRun=${dryRun}`, {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'text/csv' },
        body: csv,
      });
      const body = (await res.json()) as { valid: number };
      if (res.status !== 200 || body.valid !== rows) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      // The log line is written as the answer goes out; give the file a moment.
      await new Promise((r) => setTimeout(r, 200));
      return serverMs(logFile);
    };
    await post(true); // warm-up: the route's first call compiles its code paths
    const dryRunMs = await post(true);
    const sentAt = performance.now();
    const importMs = await post(false);
    while (smtp.mails.length < rows && performance.now() - sentAt < 120_000) await new Promise((r) => setTimeout(r, 20));
    return { rows, dryRunMs, importMs, allMailedMs: Math.round(performance.now() - sentAt), mailed: smtp.mails.length };
  } finally {
    if (child) await stop(child);
    await seedApp.close();
    await seedDatabase.close();
    await smtp.close();
    await database.drop();
  }
}

/** The lines `npm run bench` prints for this section. */
export function teamImportLines(r: TTeamImportBench, verdict: (ok: boolean) => string): string[] {
  return [
    `  ${r.rows.toLocaleString('en')}-row CSV: validated (dry run) in ${r.dryRunMs} ms of server time`,
    `  validated, invitations written and e-mails queued in ${r.importMs} ms of server time (target ≤ 2000: ${verdict(r.importMs <= 2000)})`,
    `  every invitation e-mail at the SMTP sink ${r.allMailedMs} ms after the import was sent (${r.mailed} of ${r.rows})`,
  ];
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const result = await benchTeamImport(Number(process.argv[2] ?? 1000));
  for (const line of teamImportLines(result, (ok) => (ok ? 'meets target' : 'MISSES target'))) console.log(line);
}

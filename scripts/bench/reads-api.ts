// Issue 11's reads at 50 connections on PostgreSQL with 10,000 people, each owning a card in one
// of five businesses whose directories are public team directories: GET /api/vbc/search?q= and
// GET /api/personalAccount/announcements (the reader receives every product-wide announcement and
// those of the business it belongs to and the one it follows; each of those went to thousands of
// recipients), against the same server's GET /api/vbc/recents (an authenticated read of a few
// rows) measured in the same run. The server runs as production does (its built entry, default
// log level, its own process); the load comes from this process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { ZAdminAnnouncementInput } from '../../packages/shared/src/announcement.ts';
import { makeQuickId } from '../../packages/shared/src/ids.ts';
import { openDatabase } from '../../packages/server/src/platform/db/client.ts';
import {
  accountRecents,
  accounts,
  corporateAccountMembers,
  corporateAccounts,
  corporateFollowers,
  virtualContacts,
} from '../../packages/server/src/platform/db/schema/index.ts';
import { issueSession } from '../../packages/server/src/accounts/sessions.ts';
import { createCorporate } from '../../packages/server/src/admin/create-corporate.ts';
import { createAnnouncement } from '../../packages/server/src/announcements/write-announcement.ts';
import { benchDatabase, startProduct, stop } from './product.ts';

const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'Dario',
  'Elena',
  'Felix',
  'Gina',
  'Hugo',
  'Iris',
  'Jon',
  'Kira',
  'Leo',
  'Maya',
  'Nico',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
];
const LAST = ['Reyes', 'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Silva', 'Novak', 'Haddad', 'Kowalski', 'Brennan'];
const TITLES = ['Engineer', 'Designer', 'Cartographer', 'Sales Lead', 'Account Manager', 'Producer', 'Analyst', 'Pilot'];
const ORGS = ['Harbor Studio', 'Atlas Maps', 'Northwind', 'Compass Labs', 'Orbit Works'];
/** Product-wide announcements (each to all 10,001 accounts) and announcements per business (each to its 2,000 members and followers). */
const PRODUCT_ANNOUNCEMENTS = 20;
const BUSINESS_ANNOUNCEMENTS = 3;
const BATCH = 1000;

export async function seed(url: string, people: number) {
  const database = await openDatabase({ url, dataDir: '', maxConnections: 4 });
  const { db } = database;
  try {
    const businesses: Awaited<ReturnType<typeof createCorporate>>[] = [];
    for (const org of ORGS) businesses.push(await createCorporate(db, { name: org, members: [], verified: true }));
    const design = {
      design: { designation: 'simple' as const },
      theme: { designation: 'dark' },
      accentColor1: null,
      accentColor2: null,
      accentColor3: null,
    };
    const cardIds: string[] = [];
    for (let start = 0; start < people; start += BATCH) {
      const size = Math.min(BATCH, people - start);
      const owners = await db
        .insert(accounts)
        .values(Array.from({ length: size }, (_, k) => ({ name: `Person ${start + k}`, email: `person-${start + k}@example.test` })))
        .returning({ id: accounts.id });
      const rows = owners.map(({ id: ownerAccountId }, k) => {
        const i = start + k;
        return {
          quickId: makeQuickId((n) => randomBytes(n)),
          ownerAccountId,
          firstName: FIRST[i % FIRST.length]!,
          lastName: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}-${i}`,
          jobTitle: TITLES[i % TITLES.length]!,
          organization: ORGS[i % ORGS.length]!,
          corporateProfileId: businesses[i % businesses.length]!.corporateProfileId,
          designSpecification: design,
        };
      });
      cardIds.push(...(await db.insert(virtualContacts).values(rows).returning({ id: virtualContacts.id })).map((r) => r.id));
      await db.insert(corporateAccountMembers).values(
        owners.map(({ id: accountId }, k) => ({
          corporateAccountId: businesses[(start + k) % businesses.length]!.corporateAccountId,
          accountId,
        })),
      );
    }
    // Every business's directory is a public team directory: all the cards are searchable.
    await db.update(corporateAccounts).set({ directoryPublic: true });
    const [reader] = await db
      .insert(accounts)
      .values({ name: 'Bench Reader', email: `bench-${randomBytes(4).toString('hex')}@example.test` })
      .returning();
    const readerId = reader!.id;
    await db.insert(corporateAccountMembers).values({ corporateAccountId: businesses[0]!.corporateAccountId, accountId: readerId });
    await db.insert(corporateFollowers).values({ corporateAccountId: businesses[1]!.corporateAccountId, accountId: readerId });
    await db
      .insert(accountRecents)
      .values(cardIds.slice(0, 20).map((contactId, i) => ({ accountId: readerId, contactId, viewedAt: new Date(Date.now() - i * 1000) })));
    // Published as the operator and the console publish them: one set-based write of the recipients each.
    const content = '## Notes\n\nWhat changed this week, and what comes next.\n\n- one\n- two\n- three';
    const published: string[] = [];
    const announce = async (corporateAccountId: string | null, title: string) =>
      published.push(
        (
          await createAnnouncement(
            db,
            { kind: 'operator' },
            corporateAccountId,
            ZAdminAnnouncementInput.parse({ title, content, corporateAccountId }),
          )
        ).announcement.announcementId,
      );
    for (let i = 0; i < PRODUCT_ANNOUNCEMENTS; i++) await announce(null, `Product news ${i + 1}`);
    for (const business of businesses) {
      for (let i = 0; i < BUSINESS_ANNOUNCEMENTS; i++) await announce(business.corporateAccountId, `News from the team ${i + 1}`);
    }
    // The reader has read the older half of what it received; statistics as a running database
    // has them (autovacuum would gather them within a minute or so).
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('update announcement_recipients set read_at = now() where account_id = $1 and announcement_id = any($2::uuid[])', [
        readerId,
        published.slice(0, PRODUCT_ANNOUNCEMENTS / 2),
      ]);
      await client.query('analyze');
    } finally {
      await client.end();
    }
    const session = await issueSession(db, readerId);
    return { authorization: `Bearer ${session.accessToken}`, 'x-session-id': session.sessionId };
  } finally {
    await database.close();
  }
}

export const SEARCH_TERMS = ['maya', 'cartographer', 'harbor', 'ana reyes', 'atlas pilot'];

export type TReadFigure = { rps: number; p50: number; p99: number; errors: number };

const figure = (r: autocannon.Result): TReadFigure => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.non2xx,
});

/**
 * Measures the baseline (recents) and those of `reads` asked for on one seeded server,
 * alternating rounds of `seconds / 2` each and keeping each read's best.
 */
export async function benchReadsApi(reads: { search: boolean; announcements: boolean }, seconds = 10, people = 10_000) {
  const database = await benchDatabase();
  try {
    const headers = await seed(database.url, people);
    const product = await startProduct(database.url, path.join(mkdtempSync(path.join(tmpdir(), 'vbc-bench-reads-')), 'server.log'));
    try {
      let term = 0;
      const run = (pathOf: () => string, duration: number) =>
        autocannon({
          url: `http://127.0.0.1:${product.port}`,
          connections: 50,
          duration,
          pipelining: 1,
          headers,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathOf() }) }],
        });
      const paths = {
        recents: () => '/api/vbc/recents',
        search: () => `/api/vbc/search?q=${encodeURIComponent(SEARCH_TERMS[term++ % SEARCH_TERMS.length]!)}`,
        announcements: () => '/api/personalAccount/announcements',
      };
      const labels = (['recents', 'search', 'announcements'] as const).filter((label) => label === 'recents' || reads[label]);
      for (const label of labels) await run(paths[label], 1); // warm-up
      const best: Partial<Record<(typeof labels)[number], autocannon.Result>> = {};
      for (let round = 0; round < 2; round++) {
        for (const label of labels) {
          const result = await run(paths[label], seconds / 2);
          const previous = best[label];
          if (!previous || result.requests.average > previous.requests.average) best[label] = result;
        }
      }
      return {
        people,
        recents: figure(best.recents!),
        search: best.search ? figure(best.search) : null,
        announcements: best.announcements ? figure(best.announcements) : null,
      };
    } finally {
      await stop(product.child);
    }
  } finally {
    await database.drop();
  }
}

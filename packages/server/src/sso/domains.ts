import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { DOMAIN_VERIFICATION_PATH, type TCorporateDomain } from '@vbc/shared/sso';
import type { Db } from '../platform/db/client.ts';
import { corporateAccounts, corporateDomains } from '../platform/db/schema/index.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../platform/errors/app-error.ts';
import { OutboundError, type OutboundFetch } from '../platform/outbound/outbound-fetch.ts';
import { recordAudit } from '../corporate/index.ts';

/** A business names at most this many domains. */
export const MAX_DOMAINS = 50;

/** What the domain services need beyond the database. */
export interface TDomainDeps {
  db: Db;
  /** The guarded outbound fetch (platform/outbound/outbound-fetch.ts). */
  fetch: OutboundFetch;
  /** ALLOW_INSECURE_OUTBOUND: `127.0.0.1:PORT` domains are allowed and fetched over http. */
  allowInsecure: boolean;
  now(): Date;
}

type TDomainRow = typeof corporateDomains.$inferSelect;

/** Local test domains (`host:port`) are fetched over http; every other domain over https. */
const hasPort = (domain: string) => domain.includes(':');

/** Where `domain`'s token must be served. */
export const verificationUrl = (domain: string) => `${hasPort(domain) ? 'http' : 'https'}://${domain}${DOMAIN_VERIFICATION_PATH}`;

export function presentDomain(row: TDomainRow): TCorporateDomain {
  return {
    domain: row.domain,
    token: row.token,
    fileUrl: verificationUrl(row.domain),
    verified: row.verifiedAt !== null,
    verifiedBy: row.verifiedBy ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Refuses a `host:port` domain unless the server runs with ALLOW_INSECURE_OUTBOUND (tests). */
function checkAllowed(domain: string, allowInsecure: boolean) {
  if (hasPort(domain) && !allowInsecure) throw badRequest('domain: Must be a domain name such as example.com.');
}

async function findDomain(db: Db, corporateAccountId: string, domain: string): Promise<TDomainRow | undefined> {
  const [row] = await db
    .select()
    .from(corporateDomains)
    .where(and(eq(corporateDomains.corporateAccountId, corporateAccountId), eq(corporateDomains.domain, domain)))
    .limit(1);
  return row;
}

const alreadyVerified = (domain: string) => conflict(`domain: ${domain} is already verified by another business.`);

/** The business's domains, verified or not, by name. */
export async function listDomains(db: Db, corporateAccountId: string): Promise<TCorporateDomain[]> {
  const rows = await db
    .select()
    .from(corporateDomains)
    .where(eq(corporateDomains.corporateAccountId, corporateAccountId))
    .orderBy(asc(corporateDomains.domain));
  return rows.map(presentDomain);
}

/** The business's verified domains (the 'Verified Business' dialog lists them; SSO domains must be among them). */
export async function verifiedDomains(db: Db, corporateAccountId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: corporateDomains.domain })
    .from(corporateDomains)
    .where(and(eq(corporateDomains.corporateAccountId, corporateAccountId), isNotNull(corporateDomains.verifiedAt)))
    .orderBy(asc(corporateDomains.domain));
  return rows.map((r) => r.domain);
}

/** Adds a domain to prove (idempotent: the same domain keeps its token). 201-worthy when new. */
export async function addDomain(
  deps: TDomainDeps,
  corporateAccountId: string,
  domain: string,
  actorId: string | null,
): Promise<{ domain: TCorporateDomain; created: boolean }> {
  checkAllowed(domain, deps.allowInsecure);
  const existing = await findDomain(deps.db, corporateAccountId, domain);
  if (existing) return { domain: presentDomain(existing), created: false };
  const [{ count }] = (await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(corporateDomains)
    .where(eq(corporateDomains.corporateAccountId, corporateAccountId))) as [{ count: number }];
  if (count >= MAX_DOMAINS) throw badRequest(`domain: A business has at most ${MAX_DOMAINS} domains.`);
  const row = await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(corporateDomains)
      .values({ corporateAccountId, domain, token: `vbc-verification=${randomBytes(18).toString('base64url')}`, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning();
    if (added) await recordAudit(tx, { corporateAccountId, actorAccountId: actorId, action: 'domain.added', detail: { domain } });
    return added;
  });
  return { domain: presentDomain(row ?? (await findDomain(deps.db, corporateAccountId, domain))!), created: row !== undefined };
}

/** Removes a domain (an SSO that names it stops covering it: discovery needs a verified domain). */
export async function removeDomain(db: Db, corporateAccountId: string, domain: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(corporateDomains)
      .where(and(eq(corporateDomains.corporateAccountId, corporateAccountId), eq(corporateDomains.domain, domain)))
      .returning({ domain: corporateDomains.domain });
    if (removed.length === 0) throw notFound('domain');
    await recordAudit(tx, { corporateAccountId, actorAccountId: actorId, action: 'domain.removed', detail: { domain } });
  });
}

/** Marks a domain verified (by its file, `actorId` the admin who asked; or by the operator, null) and audits it. */
async function markVerified(db: Db, row: TDomainRow, by: 'file' | 'operator', at: Date, actorId: string | null): Promise<TCorporateDomain> {
  try {
    const updated = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(corporateDomains)
        .set({ verifiedAt: at, verifiedBy: by })
        .where(and(eq(corporateDomains.corporateAccountId, row.corporateAccountId), eq(corporateDomains.domain, row.domain)))
        .returning();
      await recordAudit(tx, {
        corporateAccountId: row.corporateAccountId,
        actorAccountId: actorId,
        action: 'domain.verified',
        detail: { domain: row.domain, by },
      });
      return marked;
    });
    return presentDomain(updated!);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyVerified(row.domain);
    throw error;
  }
}

/**
 * Looks for the domain's token at its verification URL and marks it verified when found (one
 * line of the file, or the whole of it). Every failure is a 400 naming the domain and what was
 * found instead.
 */
export async function verifyDomain(
  deps: TDomainDeps,
  corporateAccountId: string,
  domain: string,
  actorId: string,
): Promise<TCorporateDomain> {
  checkAllowed(domain, deps.allowInsecure);
  const row = await findDomain(deps.db, corporateAccountId, domain);
  if (!row) throw notFound('domain');
  if (row.verifiedAt) return presentDomain(row);
  const url = verificationUrl(domain);
  let text: string;
  try {
    const response = await deps.fetch(url, { headers: { accept: 'text/plain' } });
    if (response.status !== 200) throw badRequest(`domain: ${url} answered ${response.status}; serve the token there with status 200.`);
    text = await response.text();
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(`domain: ${url} could not be read (${error.message}).`);
    throw error;
  }
  if (!text.split(/\r?\n/).some((line) => line.trim() === row.token)) {
    throw badRequest(`domain: ${url} does not contain this domain's token ${row.token}.`);
  }
  return markVerified(deps.db, row, 'file', deps.now(), actorId);
}

/**
 * The operator vouches for a domain (or withdraws it): adds it when the business has not, then
 * marks it verified (or not). 404 for an unknown business.
 */
export async function vouchDomain(
  deps: TDomainDeps,
  corporateAccountId: string,
  domain: string,
  verified: boolean,
): Promise<TCorporateDomain> {
  const [business] = await deps.db
    .select({ id: corporateAccounts.id })
    .from(corporateAccounts)
    .where(eq(corporateAccounts.id, corporateAccountId));
  if (!business) throw notFound('corporate account');
  const { domain: added } = await addDomain(deps, corporateAccountId, domain, null);
  const row = (await findDomain(deps.db, corporateAccountId, added.domain))!;
  if (verified) return row.verifiedAt ? presentDomain(row) : markVerified(deps.db, row, 'operator', deps.now(), null);
  const updated = await deps.db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .update(corporateDomains)
      .set({ verifiedAt: null, verifiedBy: null })
      .where(and(eq(corporateDomains.corporateAccountId, corporateAccountId), eq(corporateDomains.domain, row.domain)))
      .returning();
    if (row.verifiedAt)
      await recordAudit(tx, { corporateAccountId, actorAccountId: null, action: 'domain.unverified', detail: { domain: row.domain } });
    return withdrawn;
  });
  return presentDomain(updated!);
}

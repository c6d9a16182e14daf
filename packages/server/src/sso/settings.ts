import { eq } from 'drizzle-orm';
import type { TSsoSettings, TSsoSettingsInput, ZSsoSettingsInput } from '@vbc/shared/sso';
import type { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { corporateSso } from '../platform/db/schema/index.ts';
import { badRequest, notFound } from '../platform/errors/app-error.ts';
import { checkOutboundUrl } from '../platform/outbound/address-guard.ts';
import type { TSsoDeps } from './deps.ts';
import { verifiedDomains } from './domains.ts';
import { recordAudit } from '../corporate/index.ts';

type TSsoRow = typeof corporateSso.$inferSelect;

function presentSso(row: TSsoRow, redirectUri: string): TSsoSettings {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretSealed.length > 0,
    domains: row.domains,
    requireSso: row.requireSso,
    redirectUri,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findSsoRow(db: Db, corporateAccountId: string): Promise<TSsoRow | undefined> {
  const [row] = await db.select().from(corporateSso).where(eq(corporateSso.corporateAccountId, corporateAccountId)).limit(1);
  return row;
}

/** The business's SSO settings without the secret, or a 404 when none are set. */
export async function getSso(deps: TSsoDeps, corporateAccountId: string): Promise<TSsoSettings> {
  const row = await findSsoRow(deps.db, corporateAccountId);
  if (!row) throw notFound('single sign-on configuration');
  return presentSso(row, deps.redirectUri);
}

/** The issuer's discovery failed: said with what the library or the connection reported, never the secret. */
function unreachable(issuer: string, error: unknown): Error {
  const code = (error as { code?: string }).code;
  const reason = error instanceof Error ? error.message : 'no answer';
  return badRequest(`issuer: No OpenID provider answered at ${issuer}/.well-known/openid-configuration (${code ?? reason}).`);
}

/**
 * Sets the business's identity provider: every domain must be one of its verified domains, the
 * issuer an https URL of a public host (http to loopback only with ALLOW_INSECURE_OUTBOUND) whose
 * discovery answers; the client secret is sealed, and kept when a later PUT leaves it out.
 */
export async function putSso(
  deps: TSsoDeps,
  corporateAccountId: string,
  input: z.output<typeof ZSsoSettingsInput> | TSsoSettingsInput,
  actorId: string,
): Promise<TSsoSettings> {
  const domains = [...new Set(input.domains)];
  const verified = await verifiedDomains(deps.db, corporateAccountId);
  for (const domain of domains) {
    if (!verified.includes(domain)) throw badRequest(`domains: ${domain} is not a verified domain of this business; verify it first.`);
  }
  const issuer = input.issuer.replace(/\/+$/, '');
  await checkOutboundUrl({ field: 'issuer', mustBe: 'a public identity provider' }, issuer, deps.allowInsecure);
  const existing = await findSsoRow(deps.db, corporateAccountId);
  const clientSecret = input.clientSecret || (existing ? deps.box.open(existing.clientSecretSealed) : undefined);
  if (!clientSecret) throw badRequest('clientSecret: Required.');
  try {
    await deps.oidc({ issuer, clientId: input.clientId, clientSecret });
  } catch (error) {
    throw unreachable(issuer, error);
  }
  const values = {
    issuer,
    clientId: input.clientId,
    clientSecretSealed: deps.box.seal(clientSecret),
    domains,
    requireSso: input.requireSso ?? false,
    updatedAt: deps.now(),
  };
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(corporateSso)
      .values({ corporateAccountId, ...values })
      .onConflictDoUpdate({ target: corporateSso.corporateAccountId, set: values })
      .returning();
    // Never the secret: whether a new one came is enough.
    await recordAudit(tx, {
      corporateAccountId,
      actorAccountId: actorId,
      action: 'sso.updated',
      detail: { issuer, clientId: input.clientId, domains, requireSso: values.requireSso, newClientSecret: !!input.clientSecret },
    });
    return saved!;
  });
  return presentSso(row, deps.redirectUri);
}

/** Turns the business's single sign-on off. */
export async function deleteSso(db: Db, corporateAccountId: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(corporateSso).where(eq(corporateSso.corporateAccountId, corporateAccountId)).returning();
    if (removed.length === 0) throw notFound('single sign-on configuration');
    await recordAudit(tx, { corporateAccountId, actorAccountId: actorId, action: 'sso.removed' });
  });
}

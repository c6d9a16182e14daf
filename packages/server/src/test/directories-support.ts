/** Helpers for the directory and search tests: businesses with members, followers and linked cards. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { corporateAccounts, corporateFollowers, virtualContacts } from '../platform/db/schema/index.ts';
import { createCorporate } from '../admin/create-corporate.ts';
import { buildAccount, buildCard } from './factories.ts';

/** A business as the operator makes it (its first member an admin), optionally with a public directory. */
export async function buildBusiness(app: FastifyInstance, options: { name?: string; memberEmails?: string[]; isPublic?: boolean } = {}) {
  const created = await createCorporate(app.db, {
    name: options.name ?? `Acme ${randomBytes(4).toString('hex')}`,
    members: (options.memberEmails ?? []).map((value) => ({ kind: 'email' as const, value })),
    verified: true,
  });
  if (options.isPublic)
    await app.db.update(corporateAccounts).set({ directoryPublic: true }).where(eq(corporateAccounts.id, created.corporateAccountId));
  return created;
}

/** A signed-in account that follows the business. */
export async function buildFollower(app: FastifyInstance, corporateAccountId: string) {
  const follower = await buildAccount(app);
  await app.db.insert(corporateFollowers).values({ corporateAccountId, accountId: follower.account.id });
  return follower;
}

/** A card linked to the business's corporate profile: it is in the business's directory. */
export async function buildLinkedCard(app: FastifyInstance, corporateProfileId: string, fields: Parameters<typeof buildCard>[1] = {}) {
  const card = await buildCard(app, fields);
  await app.db.update(virtualContacts).set({ corporateProfileId }).where(eq(virtualContacts.id, card.id));
  return card;
}

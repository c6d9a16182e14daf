import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateAccountMembers, corporateAccounts, corporateProfiles } from '../platform/db/schema/index.ts';

/** A member as the operator types it: an e-mail address, or a phone number (digits, optional +). */
export const ZMember = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .transform((v, ctx) => {
    if (v.includes('@')) {
      const email = z.string().email().safeParse(v.toLowerCase());
      if (email.success) return { kind: 'email' as const, value: email.data };
      ctx.addIssue({ code: 'custom', message: `"${v}" is not a valid e-mail address` });
      return z.NEVER;
    }
    const phone = v.replace(/[\s().-]/g, '');
    if (/^\+?\d{7,15}$/.test(phone)) return { kind: 'phone' as const, value: phone };
    ctx.addIssue({ code: 'custom', message: `"${v}" is neither an e-mail address nor a phone number` });
    return z.NEVER;
  });
export type TMember = z.output<typeof ZMember>;

/** POST /api/admin/corporates body. */
export const ZCreateCorporateBody = z.object({
  name: z.string().trim().min(1).max(200),
  members: z.array(ZMember).max(100).default([]),
  verified: z.boolean().default(false),
});

/** POST /api/admin/corporates answer: the new account, its profile and each member (created: a new account). */
export const ZCreatedCorporate = z.object({
  corporateAccountId: z.string(),
  corporateProfileId: z.string(),
  members: z.array(
    z.object({ accountId: z.string(), email: z.string().nullable(), phoneNumber: z.string().nullable(), created: z.boolean() }),
  ),
});
export type TCreatedCorporate = z.infer<typeof ZCreatedCorporate>;

/**
 * A corporate account with its profile ('Verified Business' when verified) and
 * member accounts. A member with no account yet gets one, which they sign in
 * to with a one-time code sent to that e-mail or phone.
 */
export async function createCorporate(db: Db, input: z.output<typeof ZCreateCorporateBody>): Promise<TCreatedCorporate> {
  return db.transaction(async (tx) => {
    const [profile] = await tx.insert(corporateProfiles).values({ name: input.name, verified: input.verified }).returning();
    const [corporate] = await tx.insert(corporateAccounts).values({ name: input.name, corporateProfileId: profile!.id }).returning();
    const members: TCreatedCorporate['members'] = [];
    for (const member of input.members) {
      const { kind, value } = member;
      let [account] = await tx
        .select()
        .from(accounts)
        .where(eq(kind === 'email' ? accounts.email : accounts.phoneNumber, value))
        .limit(1);
      let created = false;
      if (!account) {
        const values = kind === 'email' ? { name: value.split('@')[0]!, email: value } : { name: value, phoneNumber: value };
        [account] = await tx.insert(accounts).values(values).returning();
        created = true;
      }
      if (members.some((m) => m.accountId === account!.id)) continue;
      // The first member named is the business's admin; the others are members.
      const role = members.length === 0 ? 'admin' : 'member';
      await tx.insert(corporateAccountMembers).values({ corporateAccountId: corporate!.id, accountId: account!.id, role });
      members.push({ accountId: account!.id, email: account!.email, phoneNumber: account!.phoneNumber, created });
    }
    return { corporateAccountId: corporate!.id, corporateProfileId: profile!.id, members };
  });
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TImportResult } from '@vbc/shared/member-import';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { emailDomain } from '@vbc/shared/sso';
import type { Db } from '../platform/db/client.ts';
import {
  accounts,
  corporateAccountMembers,
  corporateAccounts,
  corporateInvitations,
  corporateProfiles,
} from '../platform/db/schema/index.ts';
import { recipientLocale } from '../platform/i18n/translator.ts';
import { recordAudit } from './audit.ts';
import { joinExistingInvitees, verifiedDomainsOf } from './auto-join.ts';
import type { TCardLinkDeps } from './deps.ts';
import { checkImportCsv, type TCheckedRow } from './import-rows.ts';
import type { InvitationMailer, TInvitationMailItem } from './invitation-mailer.ts';

export interface TImportDeps extends Pick<TCardLinkDeps, 'db' | 'cardChanged'> {
  mailer: Pick<InvitationMailer, 'queue'>;
}

/** Rows written per INSERT (7 parameters a row, far below PostgreSQL's 65,535). */
const CHUNK = 1000;

/** The business's name, as its invitation e-mails say it. */
async function businessName(db: Db, corporateAccountId: string): Promise<string> {
  const [row] = await db
    .select({ name: corporateProfiles.name })
    .from(corporateAccounts)
    .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
    .where(eq(corporateAccounts.id, corporateAccountId));
  return row?.name ?? '';
}

/** The languages chosen by the accounts that hold these e-mails (lower-cased), for their invitation e-mails. */
async function accountLanguages(db: Db, emails: string[]): Promise<Map<string, TLocale>> {
  const found = new Map<string, TLocale>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await db
      .select({ email: accounts.email, language: accounts.language })
      .from(accounts)
      .where(
        and(
          inArray(
            sql`lower(${accounts.email})`,
            emails.slice(i, i + CHUNK).map((e) => e.toLowerCase()),
          ),
          sql`${accounts.language} is not null`,
        ),
      );
    for (const r of rows) if (r.email && r.language) found.set(r.email.toLowerCase(), r.language);
  }
  return found;
}

async function memberEmails(db: Db, corporateAccountId: string, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await db
      .select({ email: accounts.email })
      .from(corporateAccountMembers)
      .innerJoin(accounts, eq(accounts.id, corporateAccountMembers.accountId))
      .where(
        and(
          eq(corporateAccountMembers.corporateAccountId, corporateAccountId),
          inArray(sql`lower(${accounts.email})`, emails.slice(i, i + CHUNK)),
        ),
      );
    for (const r of rows) if (r.email) found.add(r.email.toLowerCase());
  }
  return found;
}

/**
 * Console (admin), bulk onboarding: checks a CSV of people (import-rows.ts) and, unless `dryRun`,
 * invites each valid row as a member. Re-importing is idempotent: an e-mail with a pending
 * invitation keeps that invitation (its card details are replaced by the row's); its e-mail is
 * queued again only if it was never sent. A member already is an invalid row. The invitations and
 * the audit entry are one transaction. After it commits, invitees in a domain the business has
 * verified who have an account join at once (auto-join.ts; the others join at their first sign-in),
 * and the e-mails are queued: for a verified domain they say the invitee is on the team. Each is
 * written in its invitee's language when they have an account with one, else in `locale` (the
 * importing request's).
 */
export async function importMembers(
  deps: TImportDeps,
  actorId: string,
  corporateAccountId: string,
  csv: string,
  dryRun: boolean,
  locale: TLocale,
): Promise<TImportResult> {
  const { db, mailer } = deps;
  const rows = checkImportCsv(csv);
  const members = await memberEmails(
    db,
    corporateAccountId,
    rows.flatMap((r) => (r.card ? [r.card.email] : [])),
  );
  for (const row of rows) {
    if (row.card && members.has(row.card.email)) {
      row.errors.push({ field: 'email', message: 'Already a member of this business.' });
      row.status = 'invalid';
      row.card = null;
    }
  }
  const valid = rows.filter((r): r is TCheckedRow & { card: NonNullable<TCheckedRow['card']> } => r.card !== null);
  let joined = 0;
  if (!dryRun && valid.length > 0) {
    const queued = await db.transaction(async (tx) => {
      const queued: { id: string; email: string; name: string }[] = [];
      for (let i = 0; i < valid.length; i += CHUNK) {
        const written = await tx
          .insert(corporateInvitations)
          .values(
            valid.slice(i, i + CHUNK).map((r) => ({
              corporateAccountId,
              email: r.card.email,
              role: 'member' as const,
              invitedByAccountId: actorId,
              card: r.card,
              mailStatus: 'queued' as const,
            })),
          )
          .onConflictDoUpdate({
            target: [corporateInvitations.corporateAccountId, corporateInvitations.email],
            set: {
              card: sql`excluded.card`,
              // An e-mail that went out is not sent again; one never sent (or refused) is queued again.
              mailStatus: sql`case when ${corporateInvitations.mailStatus} = 'sent' then 'sent' else 'queued' end`,
            },
          })
          .returning({ id: corporateInvitations.id, mailStatus: corporateInvitations.mailStatus, card: corporateInvitations.card });
        for (const w of written) if (w.mailStatus === 'queued' && w.card) queued.push({ id: w.id, email: w.card.email, name: w.card.name });
      }
      await recordAudit(tx, {
        corporateAccountId,
        actorAccountId: actorId,
        action: 'members.imported',
        detail: { valid: valid.length, invalid: rows.length - valid.length, mailed: queued.length },
      });
      return queued;
    });
    const accepted = await joinExistingInvitees(
      deps,
      corporateAccountId,
      valid.map((r) => r.card.email),
    );
    joined = accepted.size;
    const [verified, business, languages] = await Promise.all([
      verifiedDomainsOf(db, corporateAccountId),
      businessName(db, corporateAccountId),
      accountLanguages(
        db,
        queued.map((q) => q.email),
      ),
    ]);
    mailer.queue(
      queued.map((q): TInvitationMailItem => ({
        invitationId: q.id,
        to: q.email,
        inviteeName: q.name,
        businessName: business,
        onTeam: verified.has(emailDomain(q.email)),
        joined: accepted.has(q.id),
        locale: recipientLocale(languages.get(q.email.toLowerCase()), locale),
      })),
    );
  }
  return {
    valid: valid.length,
    invalid: rows.length - valid.length,
    invited: dryRun ? 0 : valid.length,
    joined,
    rows: rows.map(({ line, email, status, errors }) => ({ line, email, status, errors })),
  };
}

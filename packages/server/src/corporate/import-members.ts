import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TImportResult } from '@vbc/shared/member-import';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateAccountMembers, corporateInvitations } from '../platform/db/schema/index.ts';
import { recordAudit } from './audit.ts';
import { checkImportCsv, type TCheckedRow } from './import-rows.ts';
import type { InvitationMailer } from './invitation-mailer.ts';

export interface TImportDeps {
  db: Db;
  mailer: Pick<InvitationMailer, 'queue'>;
}

/** Rows written per INSERT (7 parameters a row, far below PostgreSQL's 65,535). */
const CHUNK = 1000;

/** The e-mails among `emails` that are members of the business already. */
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
 * the audit entry are one transaction; their e-mails are queued after it commits, each in its
 * invitee's language when they have an account with one, else in `locale` (the importing request's).
 */
export async function importMembers(
  { db, mailer }: TImportDeps,
  actorId: string,
  corporateAccountId: string,
  csv: string,
  dryRun: boolean,
  locale: TLocale,
): Promise<TImportResult> {
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
  let toMail: string[] = [];
  if (!dryRun && valid.length > 0) {
    toMail = await db.transaction(async (tx) => {
      const queued: string[] = [];
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
          .returning({ id: corporateInvitations.id, mailStatus: corporateInvitations.mailStatus });
        queued.push(...written.filter((w) => w.mailStatus === 'queued').map((w) => w.id));
      }
      await recordAudit(tx, {
        corporateAccountId,
        actorAccountId: actorId,
        action: 'members.imported',
        detail: { valid: valid.length, invalid: rows.length - valid.length, mailed: queued.length },
      });
      return queued;
    });
    mailer.queue(toMail, locale);
  }
  return {
    valid: valid.length,
    invalid: rows.length - valid.length,
    invited: dryRun ? 0 : valid.length,
    rows: rows.map(({ line, email, status, errors }) => ({ line, email, status, errors })),
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { Db } from '../platform/db/client.ts';
import { accounts, corporateAccounts, corporateInvitations, corporateProfiles } from '../platform/db/schema/index.ts';
import { recipientLocale } from '../platform/i18n/translator.ts';
import type { Notifier } from '../platform/notify/notifier.ts';
import { invitationAcceptUrl, invitationMail } from './invitation-mail.ts';

/** How many invitation e-mails go to the mail server at once. */
const CONCURRENCY = 4;

export interface TInvitationMailerDeps {
  db: Db;
  notifier: Pick<Notifier, 'sendMail'>;
  publicUrl: string;
  log: { warn(object: object, message: string): void };
}

/** Sends imported invitations' e-mails after their commit, a few at a time, in this process. */
export interface InvitationMailer {
  /**
   * Queues the e-mails of these invitations (their `mailStatus` is `queued`); returns at once. Each
   * is written in its invitee's account language when they have one, else in `locale`.
   */
  queue(invitationIds: string[], locale: TLocale): void;
  /** Resolves when every queued e-mail has been tried. */
  idle(): Promise<void>;
}

/**
 * The import's mail queue: each invitation still `queued` gets its e-mail and becomes `sent`, or
 * `failed` when the mail server refuses it (the log names the invitation, never the address).
 * The queue lives in this process: e-mails queued when it stops are not sent (their rows stay
 * `queued`; importing the file again queues them again).
 */
export function createInvitationMailer(deps: TInvitationMailerDeps): InvitationMailer {
  const waiting: { invitationId: string; locale: TLocale }[] = [];
  let running = 0;
  let drained: Promise<void> = Promise.resolve();
  let resolveDrained: (() => void) | null = null;

  async function sendOne({ invitationId, locale }: { invitationId: string; locale: TLocale }) {
    const [row] = await deps.db
      .select({ invitation: corporateInvitations, businessName: corporateProfiles.name, inviteeLanguage: accounts.language })
      .from(corporateInvitations)
      .innerJoin(corporateAccounts, eq(corporateAccounts.id, corporateInvitations.corporateAccountId))
      .innerJoin(corporateProfiles, eq(corporateProfiles.id, corporateAccounts.corporateProfileId))
      .leftJoin(accounts, eq(accounts.email, sql`lower(${corporateInvitations.email})`))
      .where(and(eq(corporateInvitations.id, invitationId), eq(corporateInvitations.mailStatus, 'queued')));
    if (!row?.invitation.email) return;
    let status: 'sent' | 'failed' = 'sent';
    try {
      await deps.notifier.sendMail(
        invitationMail({
          to: row.invitation.email,
          inviteeName: row.invitation.card?.name ?? row.invitation.email,
          businessName: row.businessName,
          acceptUrl: invitationAcceptUrl(deps.publicUrl, invitationId),
          locale: recipientLocale(row.inviteeLanguage, locale),
        }),
      );
    } catch (error) {
      status = 'failed';
      deps.log.warn({ invitationId, error: (error as Error).message }, 'invitation e-mail not delivered');
    }
    await deps.db
      .update(corporateInvitations)
      .set({ mailStatus: status })
      .where(and(eq(corporateInvitations.id, invitationId), eq(corporateInvitations.mailStatus, 'queued')));
  }

  function pump() {
    while (running < CONCURRENCY && waiting.length > 0) {
      const next = waiting.shift()!;
      running++;
      void sendOne(next)
        .catch((error: unknown) =>
          deps.log.warn({ invitationId: next.invitationId, error: (error as Error).message }, 'invitation e-mail step failed'),
        )
        .finally(() => {
          running--;
          if (running === 0 && waiting.length === 0) resolveDrained?.();
          else pump();
        });
    }
  }

  return {
    queue(invitationIds, locale) {
      if (invitationIds.length === 0) return;
      if (running === 0 && waiting.length === 0) drained = new Promise((resolve) => (resolveDrained = resolve));
      waiting.push(...invitationIds.map((invitationId) => ({ invitationId, locale })));
      pump();
    },
    idle: () => drained,
  };
}

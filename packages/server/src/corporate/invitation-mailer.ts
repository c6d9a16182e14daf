import { and, eq } from 'drizzle-orm';
import type { TLocale } from '@vbc/shared/i18n/locales';
import type { Db } from '../platform/db/client.ts';
import { corporateInvitations } from '../platform/db/schema/index.ts';
import type { Notifier } from '../platform/notify/notifier.ts';
import { appStartUrl, invitationAcceptUrl, invitationMail } from './invitation-mail.ts';

/** How many invitation e-mails go to the mail server at once. */
const CONCURRENCY = 4;

export interface TInvitationMailerDeps {
  db: Db;
  notifier: Pick<Notifier, 'sendMail'>;
  publicUrl: string;
  log: { warn(object: object, message: string): void };
}

/** One invitation's e-mail, with what it says (read by the import in its transaction). */
export interface TInvitationMailItem {
  invitationId: string;
  to: string;
  inviteeName: string;
  businessName: string;
  /** The business verified the address's domain: the mail says they are on the team (auto-join), no link to accept. */
  onTeam: boolean;
  /** Accepted already (an account with the address joined at once): its row is gone, and its e-mail still goes. */
  joined: boolean;
  /** The e-mail's language: the invitee's account's, else the importing request's. */
  locale: TLocale;
}

/** Sends imported invitations' e-mails after their commit, a few at a time, in this process. */
export interface InvitationMailer {
  /** Queues these invitations' e-mails (their `mailStatus` is `queued`, unless joined); returns at once. */
  queue(items: TInvitationMailItem[]): void;
  /** Resolves when every queued e-mail has been tried. */
  idle(): Promise<void>;
}

/**
 * The import's mail queue: each invitation still `queued` (or joined at once) gets its e-mail and
 * becomes `sent`, or `failed` when the mail server refuses it (the log names the invitation, never
 * the address). One accepted, declined or revoked before its turn gets none, unless it was joined
 * at once. The queue lives in this process: e-mails queued when it stops are not sent (their rows
 * stay `queued`; importing the file again queues them again).
 */
export function createInvitationMailer(deps: TInvitationMailerDeps): InvitationMailer {
  const waiting: TInvitationMailItem[] = [];
  let running = 0;
  let drained: Promise<void> = Promise.resolve();
  let resolveDrained: (() => void) | null = null;

  async function sendOne(item: TInvitationMailItem) {
    const { invitationId } = item;
    if (!item.joined) {
      const [row] = await deps.db
        .select({ mailStatus: corporateInvitations.mailStatus })
        .from(corporateInvitations)
        .where(eq(corporateInvitations.id, invitationId));
      if (row?.mailStatus !== 'queued') return;
    }
    let status: 'sent' | 'failed' = 'sent';
    try {
      await deps.notifier.sendMail(
        invitationMail({
          to: item.to,
          inviteeName: item.inviteeName,
          businessName: item.businessName,
          url: item.onTeam ? appStartUrl(deps.publicUrl) : invitationAcceptUrl(deps.publicUrl, invitationId),
          onTeam: item.onTeam,
          locale: item.locale,
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
      const item = waiting.shift()!;
      running++;
      void sendOne(item)
        .catch((error: unknown) =>
          deps.log.warn({ invitationId: item.invitationId, error: (error as Error).message }, 'invitation e-mail step failed'),
        )
        .finally(() => {
          running--;
          if (running === 0 && waiting.length === 0) resolveDrained?.();
          else pump();
        });
    }
  }

  return {
    queue(items) {
      if (items.length === 0) return;
      if (running === 0 && waiting.length === 0) drained = new Promise((resolve) => (resolveDrained = resolve));
      waiting.push(...items);
      pump();
    },
    idle: () => drained,
  };
}

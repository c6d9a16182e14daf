import type { TPersonalAccount } from '@vbc/shared';

/** Why an account's sessions ended. */
export type TSignOutReason = 'logout' | 'deleted';

export interface TSignedOut {
  reason: TSignOutReason;
  /** The one session that ended (logout); absent when every session of the account ended (deletion). */
  sessionRowId?: string;
}

type SignedOutListener = (accountId: string, info: TSignedOut) => void | Promise<void>;
type DeletedListener = (accountId: string) => void | Promise<void>;
type UpdatedListener = (accountId: string, account: TPersonalAccount) => void | Promise<void>;

/**
 * Lets other modules react to sign-out and account deletion (the real-time hub
 * closes the account's connections). Listeners run after the change is committed;
 * a failing listener is logged and never fails the request.
 */
export class AccountEvents {
  private readonly signedOut: SignedOutListener[] = [];
  private readonly deleted: DeletedListener[] = [];
  private readonly updated: UpdatedListener[] = [];
  constructor(private readonly log: { error(object: object, message: string): void }) {}

  /** Called after logout (one session) and after account deletion (all sessions). */
  onAccountSignedOut(listener: SignedOutListener): void {
    this.signedOut.push(listener);
  }

  /** Called after an account and its personal data were deleted. */
  onAccountDeleted(listener: DeletedListener): void {
    this.deleted.push(listener);
  }

  /** Called after the account's own fields changed (the hub sends AccountUpdated). */
  onAccountUpdated(listener: UpdatedListener): void {
    this.updated.push(listener);
  }

  async emitUpdated(accountId: string, account: TPersonalAccount): Promise<void> {
    await this.run(this.updated.map((l) => () => l(accountId, account)));
  }

  async emitSignedOut(accountId: string, info: TSignedOut): Promise<void> {
    await this.run(this.signedOut.map((l) => () => l(accountId, info)));
  }

  async emitDeleted(accountId: string): Promise<void> {
    await this.run(this.deleted.map((l) => () => l(accountId)));
  }

  private async run(calls: (() => void | Promise<void>)[]) {
    for (const call of calls) {
      try {
        await call();
      } catch (err) {
        this.log.error({ err }, 'account event listener failed');
      }
    }
  }
}

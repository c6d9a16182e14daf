import type { Backplane } from '../platform/backplane/index.ts';
import type { AuthAccount } from '../platform/plugins/auth.ts';

/** A live session as its lookup found it: the account, and the times its expiry is judged by. */
export interface FoundSession extends AuthAccount {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Which cached sessions to forget: one session, or every session of an account. */
export interface TForget {
  accountId: string;
  sessionRowId?: string;
}

/** The backplane channel on which every instance hears which sessions to forget. */
export const SESSIONS_CHANNEL = 'accounts:forget-sessions';
/** How long a session found stays cached: the longest an account's change nobody announced (no event) may go unseen. */
export const SESSION_CACHE_MS = 10_000;
/** Most sessions one instance keeps (the oldest go first). */
export const SESSION_CACHE_MAX = 100_000;

/**
 * This instance's sessions by token hash, so a signed-in read is its own statement alone, not a
 * session lookup too. Sign-out and account deletion reach every instance through the backplane
 * (`forget`: dropped here at once, on the others as soon as the message arrives); after the
 * backplane lost messages, everything is forgotten. A lookup that started before something was
 * forgotten is not kept (its answer may predate the change).
 */
export class SessionCache {
  private readonly byTokenHash = new Map<string, { session: FoundSession; until: number }>();
  /** Counts forgets: a lookup keeps its answer only if none happened since it started. */
  private generation = 0;

  constructor(
    private readonly backplane: Backplane,
    private readonly ttlMs = SESSION_CACHE_MS,
    private readonly maxEntries = SESSION_CACHE_MAX,
  ) {}

  /** Listens for other instances' forgets (and for lost messages). */
  async start(): Promise<() => Promise<void>> {
    this.backplane.onResync(() => this.clear());
    return this.backplane.subscribe(SESSIONS_CHANNEL, (payload) => {
      try {
        this.drop(JSON.parse(payload) as TForget);
      } catch {
        this.clear();
      }
    });
  }

  /** The cached session of a token hash, while fresh. */
  get(tokenHash: string, now: number): FoundSession | undefined {
    const entry = this.byTokenHash.get(tokenHash);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.session;
    this.byTokenHash.delete(tokenHash);
    return undefined;
  }

  /** Where a lookup starts: pass it to `set` with the lookup's answer. */
  mark(): number {
    return this.generation;
  }

  /** Keeps a looked-up session, unless something was forgotten since the lookup started (`mark`). */
  set(tokenHash: string, session: FoundSession, mark: number, now: number): void {
    if (mark !== this.generation) return;
    if (this.byTokenHash.size >= this.maxEntries) this.byTokenHash.delete(this.byTokenHash.keys().next().value!);
    this.byTokenHash.set(tokenHash, { session, until: now + this.ttlMs });
  }

  /** Forgets sessions here and now, and tells every other instance. */
  async forget(which: TForget): Promise<void> {
    this.drop(which);
    await this.backplane.publish(SESSIONS_CHANNEL, JSON.stringify(which));
  }

  private drop(which: TForget): void {
    this.generation++;
    for (const [tokenHash, { session }] of this.byTokenHash) {
      if (session.id === which.accountId && (which.sessionRowId === undefined || session.sessionRowId === which.sessionRowId)) {
        this.byTokenHash.delete(tokenHash);
      }
    }
  }

  private clear(): void {
    this.generation++;
    this.byTokenHash.clear();
  }
}

import type { FoundContact } from './find-contact.ts';

/** How long a cached card may be served without hearing of a change (a safety net: changes invalidate at once). */
export const CONTACT_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  found: FoundContact;
  expiresAt: number;
}

/**
 * Public card reads from memory. A card that changes is dropped on every
 * instance at once (invalidate → backplane); the TTL bounds staleness if a
 * message is lost. Keys are the id and the quickId. Past MAX_ENTRIES the
 * oldest-cached go first (the Map's insertion order): a read does not move its
 * card, since every card leaves within the TTL anyway (sooner when its counts
 * are written) and a move on each hit cost a Map delete and insert per read.
 */
export class ContactCache {
  private entries = new Map<string, Entry>();
  /** Lookups in flight, by key: concurrent misses of one card share one database read. */
  private loading = new Map<string, Promise<FoundContact | null>>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): FoundContact | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.found;
  }

  /**
   * The card cached under `key`, else what `load` finds (cached when found). Concurrent misses
   * of a key wait for one lookup; a lookup overtaken by a change (drop) is returned to those
   * already waiting but not cached, and later reads start a new one.
   */
  getOrLoad(key: string, load: () => Promise<FoundContact | null>): Promise<FoundContact | null> {
    const hit = this.get(key);
    if (hit) return Promise.resolve(hit);
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const settle = () => {
      const current = this.loading.get(key) === pending;
      if (current) this.loading.delete(key);
      return current;
    };
    const pending: Promise<FoundContact | null> = load().then(
      (found) => {
        if (settle() && found) this.set(found);
        return found;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    this.loading.set(key, pending);
    return pending;
  }

  set(found: FoundContact): void {
    const entry = { found, expiresAt: this.now() + CONTACT_CACHE_TTL_MS };
    for (const key of [found.row.id, found.row.quickId]) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops every cached card linked to a corporate profile (its business's template changed); lookups in flight are not cached. */
  dropLinkedTo(corporateProfileId: string): void {
    this.loading.clear();
    for (const [key, entry] of this.entries) if (entry.found.row.corporateProfileId === corporateProfileId) this.entries.delete(key);
  }

  /** Drops a card under every key it was cached by; lookups in flight (of any card: they are keyed by what was asked) are not cached. */
  drop(contactId: string): void {
    this.loading.clear();
    const entry = this.entries.get(contactId);
    this.entries.delete(contactId);
    if (entry) this.entries.delete(entry.found.row.quickId);
  }
}

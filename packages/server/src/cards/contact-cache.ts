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
 * message is lost. Keys are the id and the quickId. Insertion order makes the
 * Map a cheap LRU.
 */
export class ContactCache {
  private entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): FoundContact | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.found;
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

  /** Drops a card under every key it was cached by. */
  drop(contactId: string): void {
    const entry = this.entries.get(contactId);
    this.entries.delete(contactId);
    if (entry) this.entries.delete(entry.found.row.quickId);
  }
}

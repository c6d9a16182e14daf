import type { Db } from '../platform/db/client.ts';
import type { FileStorage } from '../files/index.ts';

/** Drops a card from every instance's cache and tells this instance's listeners (plugin.ts `changed`). */
export type CardChanged = (contactId: string) => Promise<void>;

/**
 * What a card write needs: the database, storage (the pictures a write released are removed
 * after its commit) and the change notice it sends once the change is committed.
 */
export interface TCardWriteDeps {
  db: Db;
  storage: FileStorage;
  changed: CardChanged;
}

/** Removes released pictures' files, after the commit that released them. */
export async function removeStored(storage: FileStorage, storageKeys: readonly string[]): Promise<void> {
  await Promise.all(storageKeys.map((key) => storage.delete(key)));
}

/**
 * The files of photos and documents on their way out (outbox.ts), kept in IndexedDB — local
 * storage holds only strings — so that a reload or a closed tab mid-send loses none. One record
 * per message, keyed by its clientMessageId: `{ blob, name, type }`.
 *
 * Nothing here throws or rejects. Without IndexedDB (private mode, an old browser, a full disk)
 * every call resolves to "not kept" and a file lives as long as the page, as it did before.
 * Calls run one after another in the order they were made, so a delete never overtakes the
 * write it undoes (a send confirmed before its file was stored).
 */

const DB_NAME = 'vbc-outbox';
const DB_VERSION = 1;
const STORE = 'files';

interface TKeptFile {
  blob: Blob;
  name: string;
  type: string;
}

let opening: Promise<IDBDatabase | null> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading, or the browser clearing site data: let go, reopen on the next call.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        db.onclose = () => {
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => resolve(null);
    } catch {
      // No `indexedDB` at all, or opening it is refused outright.
      resolve(null);
    }
  });
  return opening;
}

/**
 * Runs `work` in one transaction, after every earlier call has finished. `work` makes its
 * requests and returns how to read the outcome, read once the transaction has committed;
 * undefined when it could not (no database, a failed or aborted transaction).
 */
function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => () => T): Promise<T | undefined> {
  const next = queue.then(async () => {
    const db = await open();
    if (!db) return undefined;
    return new Promise<T | undefined>((resolve) => {
      try {
        const tx = db.transaction(STORE, mode);
        const outcome = work(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(outcome());
        tx.onerror = () => resolve(undefined);
        tx.onabort = () => resolve(undefined);
      } catch {
        resolve(undefined);
      }
    });
  });
  queue = next;
  return next;
}

/** Keeps a message's file until dropFile; true once it is stored (false: it lives as long as the page). */
export async function keepFile(clientMessageId: string, file: File): Promise<boolean> {
  const record: TKeptFile = { blob: file, name: file.name, type: file.type };
  const stored = await run('readwrite', (store) => {
    store.put(record, clientMessageId);
    return () => true;
  });
  return stored === true;
}

/** The file kept for a message, or null (never kept, already dropped, or no IndexedDB). */
export async function readFile(clientMessageId: string, fallbackName: string): Promise<File | null> {
  const found: unknown = await run('readonly', (store) => {
    const request = store.get(clientMessageId);
    return () => request.result;
  });
  if (!found || typeof found !== 'object') return null;
  const { blob, name, type } = found as Partial<TKeptFile>;
  if (!(blob instanceof Blob)) return null;
  return new File([blob], typeof name === 'string' && name ? name : fallbackName, { type: typeof type === 'string' ? type : blob.type });
}

/** Forgets a message's file (sent or discarded). */
export async function dropFile(clientMessageId: string): Promise<void> {
  await run('readwrite', (store) => {
    store.delete(clientMessageId);
    return () => undefined;
  });
}

/** Forgets every file (signed out). */
export async function dropAllFiles(): Promise<void> {
  await run('readwrite', (store) => {
    store.clear();
    return () => undefined;
  });
}

/**
 * Forgets every file whose message is not in `keep` (asked when the call's turn comes): files
 * left behind by a page closed between a message's confirmation and the deletion of its file.
 */
export async function dropFilesExcept(keep: () => ReadonlySet<string>): Promise<void> {
  await run('readwrite', (store) => {
    const kept = keep();
    const cursor = store.openKeyCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return;
      if (typeof at.primaryKey !== 'string' || !kept.has(at.primaryKey)) store.delete(at.primaryKey);
      at.continue();
    };
    return () => undefined;
  });
}

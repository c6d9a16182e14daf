/**
 * Local storage with the product prefix (docs/contracts.md §3 "Local storage"). Every read
 * and write tolerates a browser that refuses storage (private mode, quota).
 */
export const STORAGE_KEYS = {
  accessToken: 'vbc.accessToken',
  sessionId: 'vbc.sessionId',
  userName: 'vbc.userName',
  phone: 'vbc.phone',
  email: 'vbc.email',
  recents: 'vbc.recents',
  pushAsked: 'vbc.pushAsked',
  /** Exchanges sent without a network, waiting to go (exchange/exchange-outbox.ts). */
  exchangeOutbox: 'vbc.exchangeOutbox',
  /** The language chosen on this device (i18n/choose-locale.ts); absent: follow the browser. */
  language: 'vbc.language',
} as const;

export type TStorageKey = keyof typeof STORAGE_KEYS;

export function readStored(key: TStorageKey): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS[key]);
  } catch {
    return null;
  }
}

/** Writes a value; null or '' removes the key. */
export function writeStored(key: TStorageKey, value: string | null): void {
  try {
    if (value === null || value === '') window.localStorage.removeItem(STORAGE_KEYS[key]);
    else window.localStorage.setItem(STORAGE_KEYS[key], value);
  } catch {
    // Storage unavailable: the session simply does not persist.
  }
}

/** The keys logout clears (docs/contracts.md §4: token, session id, name, phone and e-mail). */
export const SESSION_KEYS: readonly TStorageKey[] = ['accessToken', 'sessionId', 'userName', 'phone', 'email'];

/**
 * When the 'Unread Messages' prompt (docs/contracts.md §4) is asked: once per browser session,
 * and again only when a message has arrived since. The session's record lives in
 * sessionStorage (a tab's session: a reload keeps it, a new browser session starts
 * afresh), keyed by the signed-in session so that another account is asked anew.
 */

/** sessionStorage key of the record. */
export const UNREAD_PROMPT_KEY = 'vbc.unreadPrompt';

/** What this browser session remembers: the sign-in session, and the fewest unread messages seen since the last ask. */
export interface TUnreadPromptRecord {
  session: string;
  /** The unread count when last asked, lowered whenever fewer were unread since (read in the meantime). */
  baseline: number;
}

/** Reads the record; null when there is none or it is not this session's. */
export function readPromptRecord(
  session: string,
  storage: Pick<Storage, 'getItem'> | null = safeSessionStorage(),
): TUnreadPromptRecord | null {
  try {
    const record = JSON.parse(storage?.getItem(UNREAD_PROMPT_KEY) ?? 'null') as TUnreadPromptRecord | null;
    return record && record.session === session && typeof record.baseline === 'number' ? record : null;
  } catch {
    return null;
  }
}

export function writePromptRecord(record: TUnreadPromptRecord, storage: Pick<Storage, 'setItem'> | null = safeSessionStorage()): void {
  try {
    storage?.setItem(UNREAD_PROMPT_KEY, JSON.stringify(record));
  } catch {
    // Storage refused: the prompt may ask again on the next load, as before.
  }
}

/** True when `count` unread messages should be asked about: some are unread, and this session never asked or more arrived since. */
export const shouldAskAboutUnread = (record: TUnreadPromptRecord | null, count: number): boolean =>
  count > 0 && (record === null || count > record.baseline);

/** The record after the unread count became `count`: asking sets the baseline, reading lowers it. */
export const nextPromptRecord = (
  record: TUnreadPromptRecord | null,
  session: string,
  count: number,
  asked: boolean,
): TUnreadPromptRecord | null =>
  asked ? { session, baseline: count } : record ? { session, baseline: Math.min(record.baseline, count) } : null;

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

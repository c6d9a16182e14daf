/**
 * Messages on their way out, per conversation, outside React so that a send goes on when the
 * user switches conversations. Each keeps its clientMessageId for life: a retry (automatic after
 * a network error or server fault, or the user's tap) sends the SAME id, which the server turns
 * into the original message, never a duplicate. Unconfirmed messages are kept — texts and the
 * details of photos and documents in local storage, their files in IndexedDB (outbox-files.ts) —
 * and sent again by the next page (resumeOutbox), so a reload or closing the tab mid-send loses
 * nothing. Without IndexedDB a photo or document is kept for the page's life only.
 */
import { useSyncExternalStore } from 'react';
import type { TConversationMessage } from '@vbc/shared/conversation';
import { sendAttachment, sendMessage } from '../api/conversations.ts';
import { HttpError } from '../api/http.ts';
import { errorText } from '../api/error-text.ts';
import { dropAllFiles, dropFile, dropFilesExcept, keepFile, readFile } from './outbox-files.ts';

export interface TOutgoing {
  clientMessageId: string;
  conversationId: string;
  kind: 'text' | 'photo' | 'document';
  text: string;
  file?: File;
  /** A local object URL of a photo being sent. */
  previewUrl?: string;
  status: 'sending' | 'failed';
  error?: string;
  /** The failure may pass by itself (no answer, server fault): retried when the network or the hub comes back. */
  transient?: boolean;
  createdAt: string;
  /** Automatic retries done. */
  tries: number;
}

/** Automatic retries after a network error or a 5xx, before asking the user. */
const AUTO_RETRY_DELAYS_MS = [1_000, 3_000, 8_000];
const EMPTY: readonly TOutgoing[] = [];

let byConversation = new Map<string, readonly TOutgoing[]>();
const listeners = new Set<() => void>();
const sentListeners = new Set<(message: TConversationMessage) => void>();

/**
 * Messages the server has not confirmed yet survive a reload or a closed tab here: texts whole,
 * photos and documents once their file is in IndexedDB (so an entry here has its file there).
 */
const STORE_KEY = 'vbc.outbox';
type TStored = Pick<TOutgoing, 'clientMessageId' | 'conversationId' | 'text' | 'createdAt'> & {
  /** Absent from entries stored before files were kept: those are texts. */
  kind?: TOutgoing['kind'];
  /** A photo's or document's file name (the file itself is in IndexedDB). */
  fileName?: string;
};

/** Photos and documents of this page whose file IndexedDB holds. */
const keptFiles = new Set<string>();
/** Photos and documents an earlier page left, while their files are read back: still stored. */
const restoring = new Map<string, TStored>();
/** Counts sign-outs: a file read back across one is not sent. */
let generation = 0;

const toStored = ({ clientMessageId, conversationId, kind, text, file, createdAt }: TOutgoing): TStored =>
  kind === 'text'
    ? { clientMessageId, conversationId, kind, text, createdAt }
    : { clientMessageId, conversationId, kind, text, fileName: file?.name, createdAt };

/** Every message this page has queued or taken over: its entries in storage are this page's to write. */
const owned = new Set<string>();

/**
 * Writes this page's unconfirmed messages to storage beside those of other open tabs (each tab
 * rewrites only its own entries; a confirmed message's entry goes with it).
 */
function persist(): void {
  const entries = [...byConversation.values()]
    .flat()
    .filter((i) => i.kind === 'text' || keptFiles.has(i.clientMessageId))
    .map(toStored)
    .concat([...restoring.values()]);
  for (const e of entries) owned.add(e.clientMessageId);
  try {
    const all = [...readStoredEntries().filter((s) => !owned.has(s.clientMessageId)), ...entries];
    if (all.length > 0) localStorage.setItem(STORE_KEY, JSON.stringify(all));
    else localStorage.removeItem(STORE_KEY);
  } catch {
    // No storage: the queue lives as long as the page.
  }
}

/** The well-formed entries in storage (text-only entries of older versions included); anything else is ignored. */
function readStoredEntries(): TStored[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(STORE_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return (parsed as Partial<TStored>[]).filter(
    (s): s is TStored =>
      typeof s?.clientMessageId === 'string' &&
      typeof s.conversationId === 'string' &&
      typeof s.text === 'string' &&
      (s.kind === undefined || s.kind === 'text' || s.kind === 'photo' || s.kind === 'document'),
  );
}

function update(conversationId: string, fn: (items: readonly TOutgoing[]) => readonly TOutgoing[]): void {
  const next = fn(byConversation.get(conversationId) ?? EMPTY);
  byConversation = new Map(byConversation).set(conversationId, next);
  persist();
  for (const l of [...listeners]) l();
}

const patch = (item: TOutgoing, changes: Partial<TOutgoing>) =>
  update(item.conversationId, (items) => items.map((i) => (i.clientMessageId === item.clientMessageId ? { ...i, ...changes } : i)));

const find = (conversationId: string, clientMessageId: string) =>
  (byConversation.get(conversationId) ?? EMPTY).find((i) => i.clientMessageId === clientMessageId);

/** A retry may help: no answer, or the server failed (not a refusal of the message itself). */
const transient = (error: unknown) => error instanceof HttpError && (error.status === 0 || error.status >= 500);

async function attempt(item: TOutgoing): Promise<void> {
  patch(item, { status: 'sending', error: undefined });
  try {
    const message =
      item.kind === 'text'
        ? await sendMessage(item.conversationId, item.text, item.clientMessageId)
        : await sendAttachment(item.conversationId, item.kind, item.file!, item.clientMessageId);
    for (const l of [...sentListeners]) l(message);
    settle(item.conversationId, item.clientMessageId);
  } catch (error) {
    const current = find(item.conversationId, item.clientMessageId);
    if (!current) return;
    const delay = AUTO_RETRY_DELAYS_MS[current.tries];
    if (transient(error) && delay !== undefined) {
      patch(current, { tries: current.tries + 1 });
      window.setTimeout(() => {
        const still = find(item.conversationId, item.clientMessageId);
        if (still && still.status === 'sending') void attempt(still);
      }, delay);
      return;
    }
    patch(current, { status: 'failed', error: errorText(error), transient: transient(error) });
  }
}

/** Queues a text (or a file) and sends it at once. */
export function enqueue(conversationId: string, content: { text: string } | { file: File; kind: 'photo' | 'document' }): void {
  const item: TOutgoing = {
    clientMessageId: crypto.randomUUID(),
    conversationId,
    kind: 'text' in content ? 'text' : content.kind,
    text: 'text' in content ? content.text : '',
    status: 'sending',
    createdAt: new Date().toISOString(),
    tries: 0,
  };
  if ('file' in content) {
    item.file = content.file;
    if (content.kind === 'photo') item.previewUrl = URL.createObjectURL(content.file);
    // Stored beside the send, not before it: the bubble and the upload wait for nothing. The
    // entry goes to local storage once the file is in IndexedDB; confirmed first, the message is
    // gone from the outbox, and settle's dropFile (queued behind this write) removes the file.
    void keepFile(item.clientMessageId, content.file).then((kept) => {
      if (!kept || !find(conversationId, item.clientMessageId)) return;
      keptFiles.add(item.clientMessageId);
      persist();
    });
  }
  update(conversationId, (items) => [...items, item]);
  void attempt(item);
}

/**
 * Sends again, with their own clientMessageIds, the messages an earlier page left unconfirmed
 * (the server answers a repeat with the original, so nothing doubles): texts at once, photos
 * and documents once their file is read back. Safe to call again.
 */
export function resumeOutbox(): void {
  for (const s of readStoredEntries()) {
    if (find(s.conversationId, s.clientMessageId) || restoring.has(s.clientMessageId)) continue;
    const entry = { ...s, createdAt: String(s.createdAt) };
    if (entry.kind === undefined || entry.kind === 'text') {
      const item: TOutgoing = { ...entry, kind: 'text', status: 'sending', tries: 0 };
      update(s.conversationId, (items) => [...items, item]);
      void attempt(item);
    } else {
      restoring.set(s.clientMessageId, entry);
      void restoreFile(entry, entry.kind);
    }
  }
  // Files no page will send: their message was confirmed or discarded, but the page closed
  // before the file was deleted. Files of messages queued here, being read back, or listed in
  // storage (another tab's too) stay.
  void dropFilesExcept(
    () =>
      new Set([
        ...[...byConversation.values()].flat().map((i) => i.clientMessageId),
        ...restoring.keys(),
        ...readStoredEntries().map((s) => s.clientMessageId),
      ]),
  );
}

/** Reads back a stored photo's or document's file and sends it again; without it the entry goes. */
async function restoreFile(entry: TStored, kind: 'photo' | 'document'): Promise<void> {
  const since = generation;
  const file = await readFile(entry.clientMessageId, entry.fileName ?? 'file');
  if (since !== generation) return;
  restoring.delete(entry.clientMessageId);
  if (!file || find(entry.conversationId, entry.clientMessageId)) {
    persist();
    return;
  }
  keptFiles.add(entry.clientMessageId);
  const item: TOutgoing = {
    clientMessageId: entry.clientMessageId,
    conversationId: entry.conversationId,
    kind,
    text: '',
    file,
    previewUrl: kind === 'photo' ? URL.createObjectURL(file) : undefined,
    status: 'sending',
    createdAt: entry.createdAt,
    tries: 0,
  };
  // In the order it was written, among what this page has queued since.
  update(entry.conversationId, (items) => [...items, item].sort((a, b) => a.createdAt.localeCompare(b.createdAt)));
  void attempt(item);
}

/** The user's retry of a failed message (same clientMessageId). */
export function retry(conversationId: string, clientMessageId: string): void {
  const item = find(conversationId, clientMessageId);
  if (item && item.status === 'failed') void attempt({ ...item, tries: 0 });
}

/** Retries every message whose failure may have been the network (the network or the hub is back). */
export function retryTransient(): void {
  for (const items of byConversation.values()) {
    for (const item of items) if (item.status === 'failed' && item.transient) void attempt({ ...item, tries: 0 });
  }
}

window.addEventListener('online', retryTransient);

/** Gives up on a failed message. */
export function discard(conversationId: string, clientMessageId: string): void {
  settle(conversationId, clientMessageId);
}

/** The server has the message (its answer, or its event arrived first): drop the local copy. */
export function settle(conversationId: string, clientMessageId: string): void {
  const item = find(conversationId, clientMessageId);
  if (!item) return;
  if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
  if (item.kind !== 'text') {
    keptFiles.delete(clientMessageId);
    void dropFile(clientMessageId);
  }
  update(conversationId, (items) => items.filter((i) => i.clientMessageId !== clientMessageId));
}

/** Hears every message the server accepted from this device. */
export function onSent(listener: (message: TConversationMessage) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Signed out: forget everything queued, here and in storage (files included). */
export function clearOutbox(): void {
  for (const items of byConversation.values()) for (const i of items) if (i.previewUrl) URL.revokeObjectURL(i.previewUrl);
  byConversation = new Map();
  generation += 1;
  keptFiles.clear();
  restoring.clear();
  owned.clear();
  void dropAllFiles();
  // Signed out everywhere: every tab's entries go, not only this page's.
  try {
    localStorage.removeItem(STORE_KEY);
  } catch {
    // No storage: nothing was kept.
  }
  for (const l of [...listeners]) l();
}

export function useOutbox(conversationId: string): readonly TOutgoing[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => byConversation.get(conversationId) ?? EMPTY,
  );
}

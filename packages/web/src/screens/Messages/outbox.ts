/**
 * Messages on their way out, per conversation, outside React so that a send goes on when the
 * user switches conversations. Each keeps its clientMessageId for life: a retry (automatic after
 * a network error or server fault, or the user's tap) sends the SAME id, which the server turns
 * into the original message, never a duplicate. Unconfirmed texts are kept in local storage and
 * sent again by the next page (resumeOutbox), so closing the tab mid-send loses nothing.
 */
import { useSyncExternalStore } from 'react';
import type { TConversationMessage } from '@vbc/shared/conversation';
import { sendAttachment, sendMessage } from '../../api/conversations.ts';
import { HttpError, errorText } from '../../api/http.ts';

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

/** Texts the server has not confirmed yet survive a reload or a closed tab here (files cannot be kept). */
const STORE_KEY = 'vbc.outbox';
type TStored = Pick<TOutgoing, 'clientMessageId' | 'conversationId' | 'text' | 'createdAt'>;

function persist(): void {
  const texts: TStored[] = [...byConversation.values()].flat().filter((i) => i.kind === 'text')
    .map(({ clientMessageId, conversationId, text, createdAt }) => ({ clientMessageId, conversationId, text, createdAt }));
  try {
    if (texts.length > 0) localStorage.setItem(STORE_KEY, JSON.stringify(texts));
    else localStorage.removeItem(STORE_KEY);
  } catch {
    // No storage: the queue lives as long as the page.
  }
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
    const message = item.kind === 'text'
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
  }
  update(conversationId, (items) => [...items, item]);
  void attempt(item);
}

/**
 * Sends again, with their own clientMessageIds, the texts an earlier page left unconfirmed
 * (the server answers a repeat with the original, so nothing doubles). Safe to call again.
 */
export function resumeOutbox(): void {
  let stored: TStored[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? '[]');
    if (Array.isArray(parsed)) stored = parsed as TStored[];
  } catch {
    return;
  }
  for (const s of stored) {
    if (typeof s?.clientMessageId !== 'string' || typeof s.conversationId !== 'string' || typeof s.text !== 'string') continue;
    if (find(s.conversationId, s.clientMessageId)) continue;
    const item: TOutgoing = { ...s, createdAt: String(s.createdAt), kind: 'text', status: 'sending', tries: 0 };
    update(s.conversationId, (items) => [...items, item]);
    void attempt(item);
  }
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
  update(conversationId, (items) => items.filter((i) => i.clientMessageId !== clientMessageId));
}

/** Hears every message the server accepted from this device. */
export function onSent(listener: (message: TConversationMessage) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Signed out: forget everything queued, here and in storage. */
export function clearOutbox(): void {
  for (const items of byConversation.values()) for (const i of items) if (i.previewUrl) URL.revokeObjectURL(i.previewUrl);
  byConversation = new Map();
  persist();
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

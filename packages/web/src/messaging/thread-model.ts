/**
 * Pure helpers of a conversation thread: merging pages and live events by sequence, day
 * separators, times, previews. Kept free of React so they are tested directly.
 */
import type { TConversationMessage, TConversationSummary } from '@vbc/shared/conversation';

/**
 * Adds `incoming` to `current` (both oldest first): one entry per sequence, the newer copy
 * winning, always ordered by sequence. Returns `current` itself when nothing changed.
 */
export function mergeMessages(current: readonly TConversationMessage[], incoming: readonly TConversationMessage[]): TConversationMessage[] {
  if (incoming.length === 0) return current as TConversationMessage[];
  const bySequence = new Map<number, TConversationMessage>();
  for (const m of current) bySequence.set(m.sequence, m);
  let changed = false;
  for (const m of incoming) {
    const old = bySequence.get(m.sequence);
    if (old && old.messageId === m.messageId && old.senderDeleted === m.senderDeleted && fileUrlOf(old) === fileUrlOf(m)) continue;
    bySequence.set(m.sequence, m);
    changed = true;
  }
  if (!changed) return current as TConversationMessage[];
  return [...bySequence.values()].sort((a, b) => a.sequence - b.sequence);
}

/**
 * Whether the address (`location.pathname`) shows conversation `conversationId`. A thread is still
 * mounted for a moment after the visitor leaves it (React Router keeps the old screen until the
 * next one has loaded), and must not mark what arrives then as seen.
 */
export function showsConversation(pathname: string, conversationId: string): boolean {
  const last = /\/messages\/([^/]+)\/?$/i.exec(pathname)?.[1];
  return last !== undefined && last.toLowerCase() === conversationId.toLowerCase();
}

/** A photo's or document's signed address ('' for a text). */
const fileUrlOf = (m: TConversationMessage): string => m.photo?.url ?? m.document?.url ?? '';

/** How long before a file link expires the thread reads its messages again for fresh links. */
export const LINK_REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * When the held messages need fresh file links (ms since the epoch): a margin before the first
 * signed link expires (its `expires`, in seconds); null when no message holds one.
 */
export function linksRefreshAt(messages: readonly TConversationMessage[]): number | null {
  let first: number | null = null;
  for (const m of messages) {
    const url = fileUrlOf(m);
    if (!url) continue;
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    if (Number.isFinite(expires) && expires > 0 && (first === null || expires * 1000 < first)) first = expires * 1000;
  }
  return first === null ? null : first - LINK_REFRESH_MARGIN_MS;
}

/** The highest sequence held, 0 when none. */
export const lastSequenceOf = (messages: readonly TConversationMessage[]): number => messages.at(-1)?.sequence ?? 0;

/**
 * Where a catch-up reads from (`after=`): the last sequence held before the first hole, else the
 * highest held; 0 when none. A live message can arrive before the ones under it (one sent while
 * the hub reconnected): it is shown at once, and the catch-up still fills the hole under it.
 */
export function caughtUpTo(messages: readonly TConversationMessage[]): number {
  for (let i = 1; i < messages.length; i++) if (messages[i]!.sequence > messages[i - 1]!.sequence + 1) return messages[i - 1]!.sequence;
  return lastSequenceOf(messages);
}

/** True when `sequence` skips past the newest message held (a hole to fill). */
export function hasGapBefore(messages: readonly TConversationMessage[], sequence: number): boolean {
  const last = lastSequenceOf(messages);
  return messages.length > 0 && sequence > last + 1;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** The words time labels need, in the active language (the `messages` catalogue), and its locale for Intl. */
export interface TTimeWords {
  locale: string;
  today: string;
  yesterday: string;
}

/** Day separator text: 'Today', 'Yesterday', a weekday within the week, else the date (Intl, in `words.locale`). */
export function dayLabel(iso: string, words: TTimeWords, now: Date = new Date()): string {
  const d = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days === 0) return words.today;
  if (days === 1) return words.yesterday;
  if (days > 1 && days < 7) return d.toLocaleDateString(words.locale, { weekday: 'long' });
  return d.toLocaleDateString(words.locale, {
    day: 'numeric',
    month: 'long',
    year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });
}

/** True when two ISO times fall on different local days. */
export const differentDay = (a: string, b: string): boolean => startOfDay(new Date(a)) !== startOfDay(new Date(b));

/** A bubble's time: hours and minutes, in `locale`. */
export const timeLabel = (iso: string, locale: string): string =>
  new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });

/** A list row's time: the time today, 'Yesterday', a short weekday this week, else a short date. */
export function listTimeLabel(iso: string, words: TTimeWords, now: Date = new Date()): string {
  const d = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days <= 0) return timeLabel(iso, words.locale);
  if (days === 1) return words.yesterday;
  if (days < 7) return d.toLocaleDateString(words.locale, { weekday: 'short' });
  return d.toLocaleDateString(words.locale, {
    day: 'numeric',
    month: 'short',
    year: d.getFullYear() === now.getFullYear() ? undefined : '2-digit',
  });
}

/** One line for the list: the text, or what was attached (`words`: the active language's names for them). */
export function previewOf(message: TConversationMessage | null, words: { photo: string; document: string }): string {
  if (!message) return '';
  if (message.kind === 'photo') return words.photo;
  if (message.kind === 'document') return message.document?.name ?? words.document;
  return message.message.replace(/\s+/g, ' ').trim();
}

/** Puts `summary` into the list (replacing its older copy), newest first. */
export function upsertSummary(list: readonly TConversationSummary[], summary: TConversationSummary): TConversationSummary[] {
  const rest = list.filter((s) => s.personalConversationId !== summary.personalConversationId);
  return [...rest, summary].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** docs/contracts.md §2 announcement attachments' kinds, reused for documents: image, video, audio, text, other. */
export type TDocumentKind = 'image' | 'video' | 'audio' | 'text' | 'other';

export function documentKind(contentType: string): TDocumentKind {
  const type = contentType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('text/') || type === 'application/json' || type === 'application/xml') return 'text';
  return 'other';
}

/** 1234567 → '1.2 MB' (Intl units in `locale`: '1,2 MB', '١٫٢ ميغابايت'). */
export function sizeLabel(bytes: number, locale: string): string {
  const unit = (value: number, name: string, digits: number) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  if (bytes < 1024) return unit(bytes, 'byte', 0);
  if (bytes < 1024 * 1024) return unit(bytes / 1024, 'kilobyte', bytes < 10 * 1024 ? 1 : 0);
  return unit(bytes / (1024 * 1024), 'megabyte', 1);
}

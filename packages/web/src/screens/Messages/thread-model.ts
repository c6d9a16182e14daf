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
    if (old && old.messageId === m.messageId && old.senderDeleted === m.senderDeleted) continue;
    bySequence.set(m.sequence, m);
    changed = true;
  }
  if (!changed) return current as TConversationMessage[];
  return [...bySequence.values()].sort((a, b) => a.sequence - b.sequence);
}

/** The highest sequence held, 0 when none. */
export const lastSequenceOf = (messages: readonly TConversationMessage[]): number => messages.at(-1)?.sequence ?? 0;

/** True when the newest messages are contiguous up to `sequence` (no hole to fill). */
export function hasGapBefore(messages: readonly TConversationMessage[], sequence: number): boolean {
  const last = lastSequenceOf(messages);
  return messages.length > 0 && sequence > last + 1;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** Day separator text: 'Today', 'Yesterday', a weekday within the week, else the date. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return d.toLocaleDateString(undefined, { weekday: 'long' });
  return d.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric' });
}

/** True when two ISO times fall on different local days. */
export const differentDay = (a: string, b: string): boolean => startOfDay(new Date(a)) !== startOfDay(new Date(b));

/** A bubble's time: hours and minutes. */
export const timeLabel = (iso: string): string => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** A list row's time: the time today, 'Yesterday', a short weekday this week, else a short date. */
export function listTimeLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days <= 0) return timeLabel(iso);
  if (days === 1) return 'Yesterday';
  if (days < 7) return d.toLocaleDateString(undefined, { weekday: 'short' });
  return d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: d.getFullYear() === now.getFullYear() ? undefined : '2-digit' });
}

/** One line for the list: the text, or what was attached. */
export function previewOf(message: TConversationMessage | null): string {
  if (!message) return '';
  if (message.kind === 'photo') return 'Photo';
  if (message.kind === 'document') return message.document?.name ?? 'Document';
  return message.message.replace(/\s+/g, ' ').trim();
}

/** Puts `summary` into the list (replacing its older copy), newest first. */
export function upsertSummary(list: readonly TConversationSummary[], summary: TConversationSummary): TConversationSummary[] {
  const rest = list.filter((s) => s.personalConversationId !== summary.personalConversationId);
  return [...rest, summary].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** SPEC §2 announcement attachments' kinds, reused for documents: image, video, audio, text, other. */
export type TDocumentKind = 'image' | 'video' | 'audio' | 'text' | 'other';

export function documentKind(contentType: string): TDocumentKind {
  const type = contentType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('text/') || type === 'application/json' || type === 'application/xml') return 'text';
  return 'other';
}

/** 1234567 → '1.2 MB'. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

import { describe, expect, it } from 'vitest';
import type { TConversationMessage } from '@vbc/shared/conversation';
import {
  caughtUpTo,
  dayLabel,
  documentKind,
  hasGapBefore,
  linksRefreshAt,
  LINK_REFRESH_MARGIN_MS,
  listTimeLabel,
  mergeMessages,
  previewOf,
  showsConversation,
  sizeLabel,
} from './thread-model.ts';

const msg = (sequence: number, extra: Partial<TConversationMessage> = {}): TConversationMessage => ({
  messageId: `m${sequence}`,
  personalConversationId: 'c',
  sequence,
  kind: 'text',
  message: `#${sequence}`,
  senderAccountId: 'a',
  senderDeleted: false,
  fromVbcId: null,
  clientMessageId: null,
  createdAt: '2026-01-01T10:00:00Z',
  ...extra,
});

describe('thread model', () => {
  it('merges pages and live events by sequence, without duplicates, in order', () => {
    const a = mergeMessages([msg(3), msg(4)], [msg(1), msg(2), msg(3)]);
    expect(a.map((m) => m.sequence)).toEqual([1, 2, 3, 4]);
    const same = mergeMessages(a, [msg(4)]);
    expect(same).toBe(a);
    const deleted = mergeMessages(a, [msg(2, { senderDeleted: true, senderAccountId: null })]);
    expect(deleted[1]!.senderDeleted).toBe(true);
  });
  it('takes a message again when its file link was minted anew, and knows when the first link needs it', () => {
    const photo = (expires: number) => ({
      obsecuredDisplayItemId: 'p',
      width: 1,
      height: 1,
      url: `/ds/vbc/odisplay/p?account=a&expires=${expires}&signature=s`,
    });
    const doc = (expires: number) => ({
      documentFileItemId: 'd',
      name: 'a.pdf',
      contentType: 'application/pdf',
      size: 1,
      url: `/ds/vbc/file/d?account=a&expires=${expires}&signature=s`,
    });
    const held = [msg(1), msg(2, { kind: 'photo', photo: photo(1_000) }), msg(3, { kind: 'document', document: doc(900) })];
    expect(linksRefreshAt(held)).toBe(900_000 - LINK_REFRESH_MARGIN_MS);
    expect(linksRefreshAt([msg(1)])).toBeNull();
    expect(mergeMessages(held, [msg(2, { kind: 'photo', photo: photo(1_000) })])).toBe(held);
    const fresh = mergeMessages(held, [msg(2, { kind: 'photo', photo: photo(4_600) }), msg(3, { kind: 'document', document: doc(4_600) })]);
    expect(linksRefreshAt(fresh)).toBe(4_600_000 - LINK_REFRESH_MARGIN_MS);
  });
  it('knows whether the address still shows a conversation', () => {
    const id = '6f1c2a8e-0b7d-4c3e-9a51-2f0d8e7b9c10';
    expect(showsConversation(`/vbc/messages/${id}`, id)).toBe(true);
    expect(showsConversation(`/vbc/messages/${id.toUpperCase()}/`, id)).toBe(true);
    expect(showsConversation('/vbc/', id)).toBe(false);
    expect(showsConversation('/vbc/messages', id)).toBe(false);
    expect(showsConversation(`/vbc/messages/${id.replace('6f', '7f')}`, id)).toBe(false);
  });
  it('sees a hole when a live message skips sequences', () => {
    expect(hasGapBefore([msg(1), msg(2)], 3)).toBe(false);
    expect(hasGapBefore([msg(1), msg(2)], 5)).toBe(true);
  });
  it('catches up from under the first hole, not from the live message that skipped it', () => {
    expect(caughtUpTo([])).toBe(0);
    expect(caughtUpTo([msg(1), msg(2), msg(3)])).toBe(3);
    // The latest page starts anywhere: only a hole inside what is held counts.
    expect(caughtUpTo([msg(51), msg(52)])).toBe(52);
    // 3 and 4 were sent while the hub reconnected; 5 came live and is shown already.
    expect(caughtUpTo([msg(1), msg(2), msg(5)])).toBe(2);
    expect(caughtUpTo(mergeMessages([msg(1), msg(2), msg(5)], [msg(3), msg(4)]))).toBe(5);
  });
  it('labels days and list times', () => {
    const now = new Date(2026, 4, 20, 15, 0);
    const words = { locale: 'es', today: 'Hoy', yesterday: 'Ayer' };
    expect(dayLabel(new Date(2026, 4, 20, 9).toISOString(), words, now)).toBe('Hoy');
    expect(dayLabel(new Date(2026, 4, 19, 23).toISOString(), words, now)).toBe('Ayer');
    expect(listTimeLabel(new Date(2026, 4, 19, 23).toISOString(), words, now)).toBe('Ayer');
    expect(dayLabel(new Date(2026, 4, 16, 9).toISOString(), words, now)).toBe('sábado');
    expect(dayLabel(new Date(2025, 0, 2, 9).toISOString(), words, now)).toBe('2 de enero de 2025');
    expect(listTimeLabel(new Date(2026, 4, 20, 9, 5).toISOString(), { ...words, locale: 'en' }, now)).toBe('09:05 AM');
  });
  it('previews attachments and names document kinds', () => {
    const words = { photo: 'Larawan', document: 'Dokumento' };
    expect(previewOf(msg(1, { kind: 'photo', message: '' }), words)).toBe('Larawan');
    expect(previewOf(msg(1, { message: 'a\n  b' }), words)).toBe('a b');
    expect(documentKind('video/mp4')).toBe('video');
    expect(documentKind('audio/mpeg')).toBe('audio');
    expect(documentKind('text/plain')).toBe('text');
    expect(documentKind('image/png')).toBe('image');
    expect(documentKind('application/pdf')).toBe('other');
    expect(sizeLabel(1536, 'en')).toBe('1.5 kB');
    expect(sizeLabel(3 * 1024 * 1024, 'en')).toBe('3.0 MB');
    expect(sizeLabel(3 * 1024 * 1024, 'es')).toBe('3,0 MB');
  });
});

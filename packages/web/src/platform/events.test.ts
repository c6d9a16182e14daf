import { describe, expect, it, vi } from 'vitest';
import { emitClientEvent, onClientEvent, PENDING_EVENT_MS } from './events.ts';

describe('client event bus', () => {
  it('delivers to every listener until it unsubscribes', () => {
    const seen: string[] = [];
    const off = onClientEvent('notification', (n) => seen.push(`a:${n.message}`));
    onClientEvent('notification', (n) => seen.push(`b:${n.message}`));
    emitClientEvent('notification', { message: 'one' });
    off();
    emitClientEvent('notification', { message: 'two' });
    expect(seen).toEqual(['a:one', 'b:one', 'b:two']);
  });

  it('hands an event sent before anyone listened to the first listener, if recent', async () => {
    vi.useFakeTimers();
    try {
      emitClientEvent('qr', { title: 'old', code: '1' });
      vi.advanceTimersByTime(PENDING_EVENT_MS + 1);
      emitClientEvent('qr', { title: 'Scan with WeChat', code: 'weixin://dl/chat?ana' });
      const got: string[] = [];
      onClientEvent('qr', (q) => got.push(q.title));
      await vi.runAllTimersAsync();
      expect(got).toEqual(['Scan with WeChat']);
    } finally {
      vi.useRealTimers();
    }
  });
});

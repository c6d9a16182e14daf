import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../api/http.ts';
import { adoptFailureReason } from './adoption-reason.ts';

describe('the reason under "Error! Failed to adopt!"', () => {
  const at = '2026-11-22T09:00:00.000Z';
  const clock = new Date(at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

  it('counts the tries left after a wrong code, then says until when', () => {
    const wrong = (details: Record<string, unknown>) => new HttpError('Wrong adoption code.', 403, 'forbidden', details);
    expect(adoptFailureReason(wrong({ reason: 'wrong_code', triesLeft: 9 }))).toBe('Wrong code: 9 tries left.');
    expect(adoptFailureReason(wrong({ reason: 'wrong_code', triesLeft: 1 }))).toBe('Wrong code: 1 try left.');
    expect(adoptFailureReason(wrong({ reason: 'wrong_code', triesLeft: 0, retryAt: at }))).toBe(
      `Wrong code: no tries left. Locked until ${clock}.`,
    );
  });

  it('says until when for a lock-out, and the server message for a card that is gone or locked for good', () => {
    expect(adoptFailureReason(new HttpError('Too many…', 429, 'too_many_requests', { reason: 'too_many_tries', retryAt: at }))).toBe(
      `Too many wrong codes. Locked until ${clock}.`,
    );
    const adopted = new HttpError('This card has already been adopted.', 409, 'conflict', { reason: 'already_adopted' });
    expect(adoptFailureReason(adopted)).toBe('This card has already been adopted.');
    expect(adoptFailureReason(new HttpError('Something went wrong on our side.', 500, 'internal'))).toBeNull();
    expect(adoptFailureReason(new Error('boom'))).toBeNull();
  });
});

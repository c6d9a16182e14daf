import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/http.ts';
import { pinFailure } from './pin-outcome.ts';

describe('what the PIN window shows for a refused PIN', () => {
  it('a wrong PIN (403) is "Wrong Pin" with the tries left the server counts', () => {
    expect(pinFailure(new HttpError('Wrong PIN. 3 tries left.', 403, 'forbidden'))).toEqual({ kind: 'wrong', detail: '3 tries left.' });
    expect(pinFailure(new HttpError('Wrong PIN. Too many wrong PINs: try again in 15 minutes.', 403))).toEqual({
      kind: 'wrong',
      detail: 'Too many wrong PINs: try again in 15 minutes.',
    });
  });

  it('a PIN that cannot be one (400) or a bare 403 is just "Wrong Pin"', () => {
    expect(pinFailure(new HttpError('pinCode: must be 4 to 8 digits', 400))).toEqual({ kind: 'wrong', detail: null });
    expect(pinFailure(new HttpError('403', 403))).toEqual({ kind: 'wrong', detail: null });
  });

  it('a lock-out (429) shows the server message with its wait', () => {
    expect(pinFailure(new HttpError('Too many wrong PINs. Try again in 15 minutes.', 429))).toEqual({
      kind: 'locked',
      message: 'Too many wrong PINs. Try again in 15 minutes.',
    });
  });

  it('no answer is not a wrong PIN: the network error is shown', () => {
    expect(pinFailure(new HttpError('Network error: the server could not be reached.', 0))).toEqual({
      kind: 'error',
      message: 'Network error: the server could not be reached.',
    });
  });
});

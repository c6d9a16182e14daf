import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/http.ts';
import { codeProblem, contactError, nameError } from './problems.ts';
import { withoutField } from '../../api/error-text.ts';

describe('docs/contracts.md §5 texts in the sign-in form', () => {
  it('names the first problem of a phone number, in the SPEC order', () => {
    expect(contactError('phone', '')).toBe('Required.');
    expect(contactError('phone', '09ab')).toBe('Must be numbers.');
    expect(contactError('phone', '0812345678')).toBe('Must start with 09.');
    expect(contactError('phone', '0912')).toBe('Min 9 characters');
    expect(contactError('phone', '09171234567')).toBeNull();
  });

  it('checks e-mail addresses and names', () => {
    expect(contactError('email', '')).toBe('Required.');
    expect(contactError('email', 'ana@')).toBe('Invalid email format');
    expect(contactError('email', ' Ana@Example.com ')).toBeNull();
    expect(nameError('  ')).toBe('Required.');
    expect(nameError('Jo')).toBe('Min 3 characters');
    expect(nameError('Joe')).toBeNull();
  });
});

describe('what a failed code check tells the person', () => {
  it('a wrong code: the server text without its field prefix, try again', () => {
    expect(codeProblem(new HttpError('otp: The code is wrong. Check it and try again.', 400, 'bad_request'))).toEqual({
      message: 'The code is wrong. Check it and try again.',
      needNewCode: false,
    });
  });

  it('a used-up or expired code (410): asks for a new one', () => {
    const problem = codeProblem(new HttpError('otp: Too many wrong tries: this code no longer works. Request a new code.', 410, 'gone'));
    expect(problem.needNewCode).toBe(true);
    expect(problem.message).toMatch(/Request a new code\.$/);
  });

  it('no answer at all: says so instead of blaming the code', () => {
    expect(codeProblem(new HttpError('Network error: the server could not be reached.', 0)).message).toMatch(/^Network error/);
    expect(codeProblem(new Error('boom')).message).toBe('The code could not be checked. Try again in a moment.');
  });

  it('strips only a leading field name', () => {
    expect(withoutField('phoneNumber: Must start with 09.')).toBe('Must start with 09.');
    expect(withoutField('Too many codes were requested. Try again in 5 minutes.')).toBe(
      'Too many codes were requested. Try again in 5 minutes.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ZAccountEmail, ZAccountName, ZAccountPhoneNumber, ZMergeRecents, ZRegisterAppAccount, ZRequestVerifyOtp } from './account.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('docs/contracts.md §5 account validation texts', () => {
  it.each([
    ['', 'Required.'],
    ['ab', 'Min 3 characters'],
    ['  ab  ', 'Min 3 characters'],
    ['Ana', null],
  ])('name %j → %j', (value, message) => {
    expect(firstMessage(ZAccountName.safeParse(value))).toBe(message);
  });

  it.each([
    ['', 'Required.'],
    ['09a', 'Must be numbers.'],
    ['0917 123', 'Must be numbers.'],
    ['19171234567', 'Must start with 09.'],
    ['0917123', 'Min 9 characters'],
    ['09171234567', null],
  ])('phone %j → %j', (value, message) => {
    expect(firstMessage(ZAccountPhoneNumber.safeParse(value))).toBe(message);
  });

  it.each([
    ['', 'Required.'],
    ['ana', 'Invalid email format'],
    ['ana@example', 'Invalid email format'],
    ['ana @example.com', 'Invalid email format'],
    ['Ana@Example.COM', null],
  ])('email %j → %j', (value, message) => {
    expect(firstMessage(ZAccountEmail.safeParse(value))).toBe(message);
  });

  it('a missing field says Required.', () => {
    expect(firstMessage(ZAccountName.safeParse(undefined))).toBe('Required.');
  });

  it('e-mail is lower-cased, a field gives one message only', () => {
    expect(ZAccountEmail.parse(' Ana@Example.COM ')).toBe('ana@example.com');
    const result = ZAccountPhoneNumber.safeParse('x');
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(['Must be numbers.']);
  });
});

describe('request shapes', () => {
  it('RequestVerifyOtp takes exactly one contact; empty strings count as absent', () => {
    expect(ZRequestVerifyOtp.parse({ email: 'a@b.co', phoneNumber: '' })).toEqual({ email: 'a@b.co' });
    expect(firstMessage(ZRequestVerifyOtp.safeParse({}))).toBe('Give a phoneNumber or an email.');
    expect(firstMessage(ZRequestVerifyOtp.safeParse({ email: 'a@b.co', phoneNumber: '09171234567' }))).toBe(
      'Give a phoneNumber or an email, not both.',
    );
  });

  it('RegisterAppAccount needs the code of each contact given', () => {
    const result = ZRegisterAppAccount.safeParse({ name: 'Ana', email: 'a@b.co' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['emailVerificationCode'], message: 'Required.' });
    expect(ZRegisterAppAccount.parse({ name: 'Ana', email: 'a@b.co', emailVerificationCode: '123456', password: '' }).email).toBe('a@b.co');
  });

  it('recents take epoch ms or ISO times', () => {
    expect(ZMergeRecents.parse({ recents: [{ id: 'abc', time: '2026-01-01T00:00:00Z' }] }).recents[0]!.time).toBe(Date.UTC(2026, 0, 1));
    expect(ZMergeRecents.safeParse({ recents: [{ id: 'abc', time: 'yesterday' }] }).success).toBe(false);
  });
});

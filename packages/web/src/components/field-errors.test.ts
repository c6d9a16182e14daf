import { expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, friendlyMessage, serverFieldErrors } from './field-errors.ts';

it("words a schema's problems for the field they are under, first problem of each field only", () => {
  const schema = z.object({
    name: z.string().min(1).max(5),
    emails: z.array(z.object({ email: z.email('must be an e-mail address') })),
    code: z.string().min(4),
  });
  expect(fieldErrors(schema, { name: '', emails: [{ email: 'x' }], code: 'ab' })).toEqual({
    name: 'Required.',
    'emails.0.email': 'Must be an e-mail address',
    code: 'At least 4 characters.',
  });
  expect(fieldErrors(schema, { name: 'toolong', emails: [], code: 'abcd' })).toEqual({ name: 'At most 5 characters.' });
  expect(fieldErrors(schema, { name: 'Ana', emails: [], code: 'abcd' })).toEqual({});
  expect(friendlyMessage('not a phone number')).toBe('Not a phone number');
});

it('reads the fields a server 400 names, one or several, and nothing from a message that names none', () => {
  expect(serverFieldErrors('emails.0.email: Invalid email format')).toEqual({ 'emails.0.email': 'Invalid email format' });
  expect(
    serverFieldErrors(
      'links.1.linkUrl: Too small: expected string to have >=1 characters; logoDisplayItemId: this picture is not stored; upload it first.',
    ),
  ).toEqual({ 'links.1.linkUrl': 'Required.', logoDisplayItemId: 'This picture is not stored; upload it first.' });
  expect(serverFieldErrors('This card was changed elsewhere')).toEqual({});
});

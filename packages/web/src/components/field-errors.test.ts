import { expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, friendlyMessage } from './field-errors.ts';

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

import type { z } from 'zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** Field path ("emails.0.email") → the message shown under that field. */
export type TFieldErrors = Record<string, string>;

/** A schema's message as a person reads it under a field: "Required.", "At most 100 characters.", else capitalised. */
export function friendlyMessage(message: string): string {
  const min = />=\s*(\d+)/.exec(message);
  if (min && /too small/i.test(message)) return min[1] === '1' ? 'Required.' : `At least ${min[1]} characters.`;
  const max = /<=\s*(\d+)/.exec(message);
  if (max && /too big/i.test(message)) return `At most ${max[1]} characters.`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The shared schema's verdict on a form's input, as field errors: the first problem of each field; empty when valid. */
export function fieldErrors(schema: z.ZodType, input: unknown): TFieldErrors {
  const result = schema.safeParse(input);
  const errors: TFieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= friendlyMessage(issue.message);
  return errors;
}

/** Rewords every message of a resolver's errors in place (nested fields and lists included). */
function friendlyErrors(errors: object): void {
  for (const node of Object.values(errors) as unknown[]) {
    if (!node || typeof node !== 'object') continue;
    const error = node as { message?: unknown; type?: unknown };
    if (typeof error.message === 'string' && typeof error.type === 'string') error.message = friendlyMessage(error.message);
    else friendlyErrors(node);
  }
}

/**
 * A react-hook-form resolver (`zodResolver` over a shared schema) whose messages read as
 * `fieldErrors`' do: "Required.", "At most 100 characters.", else capitalised.
 */
export function friendlyResolver<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    friendlyErrors(result.errors);
    return result;
  };
}

/**
 * react-hook-form's nested errors as a dotted map ("phones.0.phoneNumber" → message), for forms
 * whose fields read their message by path. A node may carry a message and hold others too ("phones.0").
 */
export function flatFieldErrors(errors: FieldErrors, prefix = ''): TFieldErrors {
  const flat: TFieldErrors = {};
  for (const [key, node] of Object.entries(errors) as [string, unknown][]) {
    if (!node || typeof node !== 'object' || key === 'ref' || key === 'types') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') flat[path] = message;
    Object.assign(flat, flatFieldErrors(node as FieldErrors, path));
  }
  return flat;
}

/** A field path at the start of a server message ("links.0.linkUrl: …"), and before each further issue ("; socialMedias.1.accountId: …"). */
const FIELD_PATH = /^([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*):\s*/;
const NEXT_ISSUE = /;\s(?=[a-zA-Z]+(?:\.[a-zA-Z0-9]+)*:\s)/;

/**
 * A server 400's message as field errors: the server names each refused field
 * ("emails.0.email: Invalid email format", several joined by "; "). Empty when it names none.
 */
export function serverFieldErrors(message: string): TFieldErrors {
  const errors: TFieldErrors = {};
  for (const part of message.split(NEXT_ISSUE)) {
    const m = FIELD_PATH.exec(part);
    if (m) errors[m[1]!] ??= friendlyMessage(part.slice(m[0].length));
  }
  return errors;
}

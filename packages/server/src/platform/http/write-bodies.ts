import { z } from 'zod';

type Patch<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]>;
};

/**
 * Every field optional and WITHOUT its default: a field left out of a partial
 * update must keep its stored value (zod 4's `.partial()` would fill defaults in).
 */
export function patchShape<S extends z.ZodRawShape>(shape: S): Patch<S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      ((schema instanceof z.ZodDefault ? schema.unwrap() : schema) as z.ZodType).optional(),
    ]),
  ) as unknown as Patch<S>;
}

/** Unknown keys (owner, counts, quickId, passcode, PIN hash, corporate flags…) are refused by name. */
export const refuseUnknown = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' && issue.keys ? `these fields cannot be written here: ${issue.keys.join(', ')}` : undefined,
};

/** The optimistic-concurrency token of an owner's write: the `updatedAt` the client last read. */
export const ZUpdatedAt = z.iso.datetime({ offset: true, message: 'must be the updatedAt the card was read with' });

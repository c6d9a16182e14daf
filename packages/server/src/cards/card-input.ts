import { z } from 'zod';
import { ZDesignSpecification, ZVirtualContactInput, ZVirtualPetInput } from '@vbc/shared';

type Patch<S extends z.ZodRawShape> = {
  [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]>;
};

/**
 * Every field optional and WITHOUT its default: a field left out of a partial
 * update must keep its stored value (zod 4's `.partial()` would fill defaults in).
 */
export function patchShape<S extends z.ZodRawShape>(shape: S): Patch<S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [key, ((schema instanceof z.ZodDefault ? schema.unwrap() : schema) as z.ZodType).optional()]),
  ) as unknown as Patch<S>;
}

/** Unknown keys (owner, counts, quickId, passcode, PIN hash, corporate flags…) are refused by name. */
const refuseUnknown = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' && issue.keys
      ? `these fields cannot be written here: ${issue.keys.join(', ')}`
      : undefined,
};

/** The optimistic-concurrency token: the `updatedAt` the client last read. */
const ZUpdatedAt = z.iso.datetime({ offset: true, message: 'must be the updatedAt the card was read with' });

/** POST /api/vbc/virtualcontact: the owner-writable fields; a blank card is allowed. */
export const ZCardCreateBody = z.strictObject(
  {
    ...ZVirtualContactInput.shape,
    firstName: ZVirtualContactInput.shape.firstName.default(''),
    lastName: ZVirtualContactInput.shape.lastName.default(''),
    designSpecification: ZDesignSpecification.default({
      design: { designation: 'default' }, theme: { designation: 'dark' }, accentColor1: null, accentColor2: null, accentColor3: null,
    }),
  },
  refuseUnknown,
);

/**
 * PUT /api/vbc/virtualcontact/{id}: any subset of the owner-writable fields
 * (each replaces the stored value whole), plus the optional `updatedAt` precondition.
 */
export const ZCardPatchBody = z.strictObject({ ...patchShape(ZVirtualContactInput.shape), updatedAt: ZUpdatedAt.optional() }, refuseUnknown);
export type TCardPatchBody = z.infer<typeof ZCardPatchBody>;

/** POST /api/vp/virtualpet. */
export const ZPetCreateBody = z.strictObject(ZVirtualPetInput.shape, refuseUnknown);
/** PUT or POST /api/vp/virtualpet/{id}: any subset of the pet's fields, plus the optional `updatedAt` precondition. */
export const ZPetPatchBody = z.strictObject({ ...patchShape(ZVirtualPetInput.shape), updatedAt: ZUpdatedAt.optional() }, refuseUnknown);
export type TPetPatchBody = z.infer<typeof ZPetPatchBody>;

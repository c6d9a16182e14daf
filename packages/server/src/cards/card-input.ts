import { z } from 'zod';
import { cardCreateShape, ZVirtualContactInput } from '@vbc/shared';
import { patchShape, refuseUnknown, ZUpdatedAt } from '../platform/http/write-bodies.ts';

/** POST /api/vbc/virtualcontact: the owner-writable fields; a blank card is allowed. */
export const ZCardCreateBody = z.strictObject(cardCreateShape, refuseUnknown);

/**
 * PUT /api/vbc/virtualcontact/{id}: any subset of the owner-writable fields
 * (each replaces the stored value whole), plus the optional `updatedAt` precondition.
 */
export const ZCardPatchBody = z.strictObject(
  { ...patchShape(ZVirtualContactInput.shape), updatedAt: ZUpdatedAt.optional() },
  refuseUnknown,
);
export type TCardPatchBody = z.infer<typeof ZCardPatchBody>;

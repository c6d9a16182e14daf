import { z } from 'zod';
import { ZDesignSpecification, ZVirtualContactInput } from '@vbc/shared';
import { patchShape, refuseUnknown, ZUpdatedAt } from '../platform/http/write-bodies.ts';

/** POST /api/vbc/virtualcontact: the owner-writable fields; a blank card is allowed. */
export const ZCardCreateBody = z.strictObject(
  {
    ...ZVirtualContactInput.shape,
    firstName: ZVirtualContactInput.shape.firstName.default(''),
    lastName: ZVirtualContactInput.shape.lastName.default(''),
    designSpecification: ZDesignSpecification.default({
      design: { designation: 'default' },
      theme: { designation: 'dark' },
      accentColor1: null,
      accentColor2: null,
      accentColor3: null,
    }),
  },
  refuseUnknown,
);

/**
 * PUT /api/vbc/virtualcontact/{id}: any subset of the owner-writable fields
 * (each replaces the stored value whole), plus the optional `updatedAt` precondition.
 */
export const ZCardPatchBody = z.strictObject(
  { ...patchShape(ZVirtualContactInput.shape), updatedAt: ZUpdatedAt.optional() },
  refuseUnknown,
);
export type TCardPatchBody = z.infer<typeof ZCardPatchBody>;

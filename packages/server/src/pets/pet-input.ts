import { z } from 'zod';
import { ZVirtualPetInput } from '@vbc/shared';
import { patchShape, refuseUnknown, ZUpdatedAt } from '../platform/http/write-bodies.ts';

/** POST /api/vp/virtualpet. */
export const ZPetCreateBody = z.strictObject(ZVirtualPetInput.shape, refuseUnknown);
/** PUT or POST /api/vp/virtualpet/{id}: any subset of the pet's fields, plus the optional `updatedAt` precondition. */
export const ZPetPatchBody = z.strictObject({ ...patchShape(ZVirtualPetInput.shape), updatedAt: ZUpdatedAt.optional() }, refuseUnknown);
export type TPetPatchBody = z.infer<typeof ZPetPatchBody>;

import { z } from 'zod';

/** A business's SCIM token as the console lists it (issue 27): never the token itself. */
export const ZScimToken = z.object({
  id: z.string(),
  /** The token's last four characters, to tell tokens apart. */
  hint: z.string(),
  createdAt: z.string(),
  /** When an identity provider last called with it (to the minute), or null. */
  lastUsedAt: z.string().nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

/** The answer to making a SCIM token: the only time `token` is shown. */
export const ZScimTokenCreated = ZScimToken.extend({
  /** The bearer token the identity provider sends (`Authorization: Bearer …`). */
  token: z.string(),
});
export type TScimTokenCreated = z.infer<typeof ZScimTokenCreated>;

import { z } from 'zod';

/** A route's id parameter: a UUID (`what`: "a corporate account" → "must be a corporate account id"), lower-cased as stored. */
export const uuidParam = (what: string) =>
  z
    .string()
    .uuid(`must be ${what} id`)
    .transform((v) => v.toLowerCase());

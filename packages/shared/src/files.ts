/**
 * Upload limits and shapes shared by the server and the web app. Free of zod
 * on purpose: screens import it without pulling the schema library into
 * their bundle. Import as `@vbc/shared/files`.
 */

const MB = 1024 * 1024;

/** Largest picture (card picture, wall photo, message photo), in bytes. */
export const PICTURE_MAX_BYTES = 10 * MB;
/** Largest document (message attachment, announcement file), in bytes. */
export const DOCUMENT_MAX_BYTES = 20 * MB;
/** Longest message text, in characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 4000;

/** POST /api/files/display result: a normal (≤512 px) and a high-resolution (≤1600 px) variant. */
export interface TDisplayUpload {
  displayItemId: string;
  obsecuredDisplayItemId: string;
  width: number;
  height: number;
  highResDisplayItemId: string;
  highResObsecuredDisplayItemId: string;
  highResWidth: number;
  highResHeight: number;
  contentType: string;
}

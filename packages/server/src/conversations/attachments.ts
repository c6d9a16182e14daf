import sharp from 'sharp';
import { AppError, badRequest } from '../platform/errors/app-error.ts';

/** Longest edge of a stored photo; larger ones are scaled down. */
export const PHOTO_MAX_EDGE = 4096;
/** Decoding more pixels than this is refused (a small file can expand to gigabytes). */
const PHOTO_MAX_INPUT_PIXELS = 100_000_000;

const KEEP_FORMAT = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks that `data` is an image by its bytes (never by the name or declared type), turns it
 * upright by its EXIF orientation and re-encodes it without any metadata (no GPS position, camera
 * or EXIF block survives). JPEG, PNG and WebP keep their format; other readable formats become JPEG.
 */
export async function reencodePhoto(data: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || format === 'svg') {
    throw new AppError('unsupported_media_type', 'The photo must be an image (JPEG, PNG, WebP, GIF, AVIF or TIFF).');
  }
  try {
    const image = sharp(data, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    if (format === 'png') return await image.png().toBuffer();
    if (format === 'webp') return await image.webp({ quality: 85 }).toBuffer();
    return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw badRequest(
      KEEP_FORMAT.has(format) ? `The ${format.toUpperCase()} image is damaged and cannot be read.` : 'The image cannot be read.',
    );
  }
}

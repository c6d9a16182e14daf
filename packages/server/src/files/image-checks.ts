import sharp from 'sharp';
import { AppError } from '../platform/errors/app-error.ts';
import { detectImageFormat, describeRefusal } from './detect-type.ts';

/** Pictures above this many pixels are refused before they are decoded (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Longest side of the normal variant (cards, lists, the vCard photo). */
export const NORMAL_MAX_SIDE = 512;
/** Longest side of the high-resolution variant. */
export const HIGH_RES_MAX_SIDE = 1600;

export interface TImageVariants {
  normal: Buffer;
  highRes: Buffer;
}

const ACCEPTED = 'Upload a JPEG, PNG, WebP, GIF or AVIF picture.';

/**
 * Checks an uploaded picture by its bytes (format by magic number, then the
 * decoder's own reading; at most 40 megapixels) and re-encodes it twice:
 * orientation applied, every metadata block (EXIF, GPS, XMP, comments)
 * dropped, one frame. Opaque pictures become JPEG; pictures with transparency
 * PNG (normal) and WebP (high-res), so the vCard photo stays a type contact apps read.
 */
export async function makeImageVariants(bytes: Buffer): Promise<TImageVariants> {
  const format = detectImageFormat(bytes);
  if (!format) throw new AppError('unsupported_media_type', `${describeRefusal(bytes)} ${ACCEPTED}`);
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'none' }).metadata();
  } catch {
    throw new AppError(
      'unsupported_media_type',
      `The picture could not be read (damaged or not really a ${format.toUpperCase()}). ${ACCEPTED}`,
    );
  }
  const sharpFormat = meta.format === 'heif' ? 'avif' : meta.format;
  if (sharpFormat !== format || !meta.width || !meta.height) {
    throw new AppError('unsupported_media_type', `The picture could not be read as ${format.toUpperCase()}. ${ACCEPTED}`);
  }
  const pixels = meta.width * meta.height;
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new AppError(
      'payload_too_large',
      `The picture is too large: ${meta.width}×${meta.height} is ${(pixels / 1e6).toFixed(1)} megapixels; the limit is ${MAX_IMAGE_PIXELS / 1e6}.`,
    );
  }
  const variant = async (maxSide: number, alphaFormat: 'png' | 'webp') => {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, pages: 1, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    if (!meta.hasAlpha) return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    return alphaFormat === 'png'
      ? pipeline.png({ compressionLevel: 9, palette: false }).toBuffer()
      : pipeline.webp({ quality: 85 }).toBuffer();
  };
  try {
    return { normal: await variant(NORMAL_MAX_SIDE, 'png'), highRes: await variant(HIGH_RES_MAX_SIDE, 'webp') };
  } catch {
    throw new AppError('unsupported_media_type', `The picture is damaged and could not be converted. ${ACCEPTED}`);
  }
}

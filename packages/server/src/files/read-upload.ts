import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../platform/errors/app-error.ts';

export const MB = 1024 * 1024;

/** One uploaded file, read whole into memory (never more than its cap). */
export interface TUpload {
  /** The name the client gave, cleaned for storage and Content-Disposition; never trusted for the kind. */
  filename: string;
  data: Buffer;
}

/** A client's file name made safe: no folders, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}

const mbText = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * The multipart field `file` of a request, read into a buffer that stops at
 * `maxBytes`: one byte more is a 413 naming the limit. Not multipart → 415;
 * no file → 400. The declared type is ignored (callers check the bytes).
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, what: string): Promise<TUpload> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', `Send the ${what} as multipart/form-data with a field named "file".`);
  }
  // A body declared far larger than the cap is refused before a byte is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + MB) throw new AppError('payload_too_large', `The ${what} is too large: the limit is ${mbText(maxBytes)}.`);
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes } });
  } catch (error) {
    throw asUploadError(error, maxBytes, what);
  }
  if (!part) throw badRequest(`file: Required. Send the ${what} in a multipart field named "file".`);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`file: Required. The ${what} must be sent in a field named "file", not "${part.fieldname}".`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) break;
      chunks.push(chunk);
    }
  } catch (error) {
    throw asUploadError(error, maxBytes, what);
  }
  if (size > maxBytes || part.file.truncated) {
    part.file.destroy();
    throw new AppError('payload_too_large', `The ${what} is too large: the limit is ${mbText(maxBytes)}.`);
  }
  if (size === 0) throw badRequest(`file: the ${what} is empty.`);
  return { filename: cleanFileName(part.filename), data: Buffer.concat(chunks, size) };
}

function asUploadError(error: unknown, maxBytes: number, what: string): Error {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('payload_too_large', `The ${what} is too large: the limit is ${mbText(maxBytes)}.`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('payload_too_large', `Send one ${what} per request, with at most 10 other fields.`);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('unsupported_media_type', `Send the ${what} as multipart/form-data with a field named "file".`);
  }
  if (code === 'FST_MP_PREMATURE_CLOSE' || (error instanceof Error && /terminated early|Unexpected end/i.test(error.message))) {
    return badRequest(`file: the upload of the ${what} was cut off; please try again.`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

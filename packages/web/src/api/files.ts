/** Picture uploads (POST /api/files/display, multipart field `file`). */
import { PICTURE_MAX_BYTES, type TDisplayUpload } from '@vbc/shared/files';
import { HttpError, requestHeaders } from './http.ts';

export type { TDisplayUpload };

/** Uploads one picture; rejects with an HttpError carrying the server's message (413, 415 ...). */
export async function uploadPicture(file: Blob, name = 'picture'): Promise<TDisplayUpload> {
  if (file.size > PICTURE_MAX_BYTES) throw new HttpError('This picture is larger than 10 MB. Choose a smaller one.', 413);
  const body = new FormData();
  body.append('file', file, file instanceof File ? file.name : name);
  let response: Response;
  try {
    response = await fetch('/api/files/display', { method: 'POST', body, headers: requestHeaders({}, false), credentials: 'same-origin' });
  } catch {
    throw new HttpError('Network error: the picture could not be uploaded.', 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string' ? (data as { message: string }).message : String(response.status);
    throw new HttpError(message, response.status);
  }
  return data as TDisplayUpload;
}

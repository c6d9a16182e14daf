/** Picture uploads (POST /api/files/display, multipart field `file`). */
import { PICTURE_MAX_BYTES, type TDisplayUpload } from '@vbc/shared/files';
import { HttpError, http } from './http.ts';

export type { TDisplayUpload };

/** Uploads one picture; rejects with an HttpError carrying the server's message (413, 415 ...). */
export async function uploadPicture(file: Blob, name = 'picture'): Promise<TDisplayUpload> {
  if (file.size > PICTURE_MAX_BYTES) throw new HttpError('This picture is larger than 10 MB. Choose a smaller one.', 413);
  const body = new FormData();
  body.append('file', file, file instanceof File ? file.name : name);
  return http.upload<TDisplayUpload>('/api/files/display', body, { networkError: 'Network error: the picture could not be uploaded.' });
}

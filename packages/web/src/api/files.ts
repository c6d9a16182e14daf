/** Picture and document uploads (POST /api/files/display and /api/files/document, multipart field `file`). */
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

/** A stored document as the upload answers (an announcement's attachment). */
export interface TDocumentUpload {
  documentFileItemId: string;
  name: string;
  contentType: string;
}

/** Uploads one document (judged by its bytes on the server: 415 for a kind it refuses, 413 when too large). */
export function uploadDocument(file: File): Promise<TDocumentUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.upload<TDocumentUpload>('/api/files/document', body, { networkError: 'Network error: the document could not be uploaded.' });
}

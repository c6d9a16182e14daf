/** The conversation limits, from the zod-free module of @vbc/shared (keeps zod out of this screen). */
export { DOCUMENT_MAX_BYTES, MESSAGE_MAX_LENGTH, PICTURE_MAX_BYTES as PHOTO_MAX_BYTES } from '@vbc/shared/files';

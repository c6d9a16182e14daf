/**
 * Files' public surface: what other domains may import of pictures, documents and uploads. Its
 * services are the `app.files` and `app.storage` decorators; everything else in files/ is private to it.
 */
export { claimPicture } from './claim-picture.ts';
export { findDisplayItemById } from './display-item-ref.ts';
export { cardImageColumns, claimOwnedImages, listImageRefs, type TImageRef } from './owned-images.ts';
export type { TFileRef } from './private-files.ts';
export { withinQuota } from './quota.ts';
export { readUpload, type TUpload } from './read-upload.ts';
export { releaseUnusedImages } from './release-images.ts';
export type { FileStorage } from './storage.ts';
export { storeDisplayImage } from './store-files.ts';
export { uploadDocument, ZDisplayUpload, ZDocumentUpload } from './upload.ts';

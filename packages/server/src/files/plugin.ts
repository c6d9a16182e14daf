import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../plugins/bind-services.ts';
import { deleteDisplayItem, deleteDocument } from './delete-file.ts';
import { findDisplayItem, findDisplayItemById } from './display-item-ref.ts';
import { findDocument } from './find-document.ts';
import { storageUsed } from './quota.ts';
import fileRoutes from './routes.ts';
import uploadRoutes from './upload-routes.ts';
import { uploadDisplayImage, uploadDocument } from './upload.ts';

const readServices = { findDisplayItem, findDisplayItemById, findDocument, storageUsed, deleteDisplayItem, deleteDocument };
const storeServices = { uploadDisplayImage, uploadDocument };

declare module 'fastify' {
  interface FastifyInstance {
    /** Pictures and documents: lookups for /ds/, uploads, the uploader's deletes and storage use. */
    files: BoundServices<typeof readServices> & BoundServices<typeof storeServices>;
  }
}

/** Files: decorates `app.files` and registers the /ds/ file reads and the DESIGN §4 upload routes. */
export default fp(
  async function files(app: FastifyInstance) {
    app.decorate('files', {
      ...bindServices(app.db, readServices),
      ...bindServices({ db: app.db, storage: app.storage }, storeServices),
    });
    await app.register(fileRoutes);
    await app.register(uploadRoutes);
  },
  { name: 'files', dependencies: ['db', 'storage', 'multipart', 'cards'] },
);

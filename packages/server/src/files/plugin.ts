import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { deleteDisplayItem, deleteDocument, type TDeleteFileDeps } from './delete-file.ts';
import { findDisplayItem, findDisplayItemById } from './display-item-ref.ts';
import { findDocument } from './find-document.ts';
import { documentLink, fileAccess, photoLink, type TFileLinkDeps, type TPrivateFileRule } from './private-files.ts';
import { loadSecret } from '../platform/plugins/secrets.ts';
import { storageUsed } from './quota.ts';
import fileRoutes from './routes.ts';
import uploadRoutes from './upload-routes.ts';
import { uploadDisplayImage, uploadDocument } from './upload.ts';

const readServices = { findDisplayItem, findDisplayItemById, findDocument, storageUsed };
/** The uploader's deletes: files go after the commit, and the cards that showed a picture are told. */
const deleteServices = { deleteDisplayItem, deleteDocument };
const storeServices = { uploadDisplayImage, uploadDocument };
const linkServices = { photoLink, documentLink, fileAccess };

declare module 'fastify' {
  interface FastifyInstance {
    /** Pictures and documents: lookups for /ds/, uploads, the uploader's deletes and storage use. */
    files: BoundServices<typeof readServices> &
      BoundServices<typeof deleteServices> &
      BoundServices<typeof storeServices> &
      BoundServices<typeof linkServices>;
    /** Rules of domains that keep some files private (conversations); `/ds/` serves those only by a signed link. */
    privateFileRules: TPrivateFileRule[];
  }
}

/** Files: decorates `app.files` (and `app.privateFileRules`, the hook of domains with private files) and registers the /ds/ file reads and the docs/contracts.md §D4 upload routes. */
export default fp(
  async function files(app: FastifyInstance) {
    const rules: TPrivateFileRule[] = [];
    // Shared by every instance: a link minted by one opens the file on any other.
    const links: TFileLinkDeps = { key: await loadSecret(app.db, 'file-link-key'), now: () => Date.now(), rules };
    app.decorate('privateFileRules', rules);
    app.decorate('files', {
      ...bindServices(app.db, readServices),
      ...bindServices({ db: app.db, storage: app.storage, cardChanged: app.cards.changed } satisfies TDeleteFileDeps, deleteServices),
      ...bindServices({ db: app.db, storage: app.storage }, storeServices),
      ...bindServices(links, linkServices),
    });
    await app.register(fileRoutes);
    await app.register(uploadRoutes);
  },
  { name: 'files', dependencies: ['db', 'storage', 'multipart', 'cards'] },
);

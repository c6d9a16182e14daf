import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { bindServices, type BoundServices } from '../platform/plugins/bind-services.ts';
import { findDirectory } from './find-directory.ts';
import { addCardToFolder, removeCardFromFolder } from './folder-cards.ts';
import { listDirectories } from './list-directories.ts';
import { createFolder, deleteFolder, renameFolder } from './manage-folders.ts';
import directoryRoutes from './routes.ts';

const services = { listDirectories, findDirectory, createFolder, renameFolder, deleteFolder, addCardToFolder, removeCardFromFolder };

declare module 'fastify' {
  interface FastifyInstance {
    /** Directories: businesses' member cards and each account's own folders. */
    directories: BoundServices<typeof services>;
  }
}

/** Directories: decorates `app.directories` and registers the docs/contracts.md §D4 directory routes and the folder writes. */
export default fp(
  async function directories(app: FastifyInstance) {
    app.decorate('directories', bindServices(app.db, services));
    await app.register(directoryRoutes);
  },
  { name: 'directories', dependencies: ['db', 'auth'] },
);

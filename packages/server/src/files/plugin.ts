import fp from 'fastify-plugin';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LocalFileStorage, type FileStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** File storage under DATA_DIR/files. */
export default fp(
  async function storagePlugin(app: FastifyInstance) {
    app.decorate('storage', new LocalFileStorage(path.resolve(app.config.DATA_DIR, 'files')));
  },
  { name: 'storage', dependencies: ['config'] },
);

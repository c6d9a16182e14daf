import fp from 'fastify-plugin';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LocalFileStorage, type FileStorage } from './storage.ts';
import { scheduleUploadSweep } from './sweep-uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** File storage under DATA_DIR/files, and the hourly sweep of uploads nothing has used. */
export default fp(
  async function storagePlugin(app: FastifyInstance) {
    const storage = new LocalFileStorage(path.resolve(app.config.DATA_DIR, 'files'));
    app.decorate('storage', storage);
    scheduleUploadSweep(app, storage);
  },
  { name: 'storage', dependencies: ['config', 'db'] },
);

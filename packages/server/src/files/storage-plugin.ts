import fp from 'fastify-plugin';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LocalFileStorage, type FileStorage } from './storage.ts';
import { S3FileStorage } from './s3-storage.ts';
import { scheduleUploadSweep } from './sweep-uploads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** File storage (the S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files), and the hourly sweep of uploads nothing has used. */
export default fp(
  async function storagePlugin(app: FastifyInstance) {
    const { S3_BUCKET } = app.config;
    let storage: FileStorage;
    if (S3_BUCKET) {
      const s3 = new S3FileStorage({ ...app.config, S3_BUCKET });
      await s3.check();
      app.addHook('onClose', async () => s3.close());
      storage = s3;
    } else {
      storage = new LocalFileStorage(path.resolve(app.config.DATA_DIR, 'files'));
    }
    app.decorate('storage', storage);
    scheduleUploadSweep(app, storage);
  },
  { name: 'storage', dependencies: ['config', 'db'] },
);

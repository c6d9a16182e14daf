/** Files on an S3-compatible bucket: a real S3 server (s3rver), the real app, upload → serve → delete. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, describeEachDatabase } from '../test/app.ts';
import { openTestDatabase } from '../test/databases.ts';
import { buildAccount } from '../test/factories.ts';
import { startS3Server } from '../test/s3-server.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { makePicture, multipartBody } from '../test/upload.ts';

const s3 = await startS3Server();
afterAll(() => s3.close());

const bucket = new S3Client({
  region: s3.env.S3_REGION,
  endpoint: s3.env.S3_ENDPOINT,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
});
afterAll(() => bucket.destroy());

/** Every key in the bucket now. */
async function objectKeys(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

function upload(
  app: FastifyInstance,
  kind: 'display' | 'document',
  headers: Record<string, string>,
  file: { data: Buffer; filename: string; contentType: string },
) {
  const form = multipartBody(file);
  return app.inject({ method: 'POST', url: `/api/files/${kind}`, headers: { ...headers, ...form.headers }, payload: form.payload });
}

describeEachDatabase(
  'files on an S3-compatible bucket',
  (ctx) => {
    const localFiles = () => path.join(ctx.app.config.DATA_DIR, 'files');

    it('stores both sizes of a picture as objects, serves them from the bucket, and deletes them', async () => {
      const a = await buildAccount(ctx.app);
      const before = await objectKeys();
      const res = await upload(ctx.app, 'display', a.headers, {
        data: await makePicture('png', 1200, 800),
        filename: 'p.png',
        contentType: 'image/png',
      });
      expect(res.statusCode).toBe(201);
      const picture = res.json<{ displayItemId: string; obsecuredDisplayItemId: string; highResObsecuredDisplayItemId: string }>();
      const added = (await objectKeys()).filter((k) => !before.includes(k));
      expect(added).toHaveLength(2);

      for (const [id, width] of [
        [picture.obsecuredDisplayItemId, 512],
        [picture.highResObsecuredDisplayItemId, 1200],
      ] as const) {
        const served = await ctx.app.inject({ url: `/ds/vbc/odisplay/${id}` });
        expect(served.statusCode).toBe(200);
        expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
      }
      expect(existsSync(localFiles())).toBe(false);

      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/files/display/${picture.displayItemId}`, headers: a.headers })).statusCode,
      ).toBe(204);
      const after = await objectKeys();
      expect(added.filter((k) => after.includes(k))).toEqual([]);
      expect((await ctx.app.inject({ url: `/ds/vbc/odisplay/${picture.obsecuredDisplayItemId}` })).statusCode).toBe(404);
    });

    it('streams a document from the bucket with its length, and deletes it', async () => {
      const a = await buildAccount(ctx.app);
      const text = Buffer.from('Meeting notes\n'.repeat(5000));
      const res = await upload(ctx.app, 'document', a.headers, { data: text, filename: 'notes.txt', contentType: 'text/plain' });
      expect(res.statusCode).toBe(201);
      const { documentFileItemId } = res.json<{ documentFileItemId: string }>();
      const served = await ctx.app.inject({ url: `/ds/vbc/file/${documentFileItemId}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-length']).toBe(String(text.length));
      expect(served.rawPayload.equals(text)).toBe(true);

      const keys = await objectKeys();
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/files/document/${documentFileItemId}`, headers: a.headers })).statusCode,
      ).toBe(204);
      expect((await objectKeys()).length).toBe(keys.length - 1);
      expect((await ctx.app.inject({ url: `/ds/vbc/file/${documentFileItemId}` })).statusCode).toBe(404);
    });
  },
  { env: s3.env },
);

it('refuses to start when the bucket cannot be used, naming S3_BUCKET', async () => {
  const database = await openTestDatabase('pglite');
  try {
    await expect(buildTestApp(database, { env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } })).rejects.toThrow(
      /^S3_BUCKET: cannot use bucket "no-such-bucket" \(404 NotFound\)$/,
    );
  } finally {
    await database.close();
  }
}, 120_000);

it('answers 503 within S3_TIMEOUT_MS when the bucket goes silent, and stores again once it is back', async () => {
  const endpoint = new URL(s3.env.S3_ENDPOINT);
  const proxy = await startTcpProxy({ host: endpoint.hostname, port: Number(endpoint.port) });
  const database = await openTestDatabase('pglite');
  const { app } = await buildTestApp(database, {
    env: { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`, S3_TIMEOUT_MS: '1000' },
  });
  try {
    const a = await buildAccount(app);
    const document = () =>
      upload(app, 'document', a.headers, { data: Buffer.from('Meeting notes\n'), filename: 'notes.txt', contentType: 'text/plain' });
    expect((await document()).statusCode).toBe(201);
    proxy.silence();
    const started = performance.now();
    const held = await document();
    const ms = performance.now() - started;
    expect(held.statusCode).toBe(503);
    expect(held.headers['retry-after']).toMatch(/^\d+$/);
    expect(held.json()).toEqual({ message: 'The file storage is not reachable right now. Try again in a moment.', code: 'unavailable' });
    // Two attempts of at most 1 s each, and the SDK's pause between them.
    expect(ms).toBeLessThan(4000);
    await proxy.restore();
    expect((await document()).statusCode).toBe(201);
  } finally {
    await proxy.restore();
    await app.close();
    await database.close();
    await proxy.close();
  }
}, 60_000);

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase } from '../test/databases.ts';
import { buildTestApp } from '../test/app.ts';
import type { Database } from '../platform/db/client.ts';

const webDir = mkdtempSync(path.join(tmpdir(), 'vbc-web-'));
const script = 'console.log("app");'.repeat(50);
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>V.B.C.</title></head><body></body></html>');
writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), script);
writeFileSync(path.join(webDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDir, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');

describe('serving the web app', () => {
  let database: Database;
  let app: FastifyInstance;
  let unbuilt: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = (await buildTestApp(database, { webDistDir: webDir })).app;
    unbuilt = (await buildTestApp(database)).app;
  });
  afterAll(async () => {
    await app.close();
    await unbuilt.close();
    await database.close();
  });

  it('falls back to index.html for every client route (history mode), never cached', async () => {
    for (const url of ['/vbc/', '/vbc/messages/123', '/vbc/edit/abc', '/vbc/settings']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>V.B.C.</title>');
    }
  });

  it('serves hashed assets for a year, pre-compressed when the browser accepts brotli', async () => {
    const plain = await app.inject('/vbc/assets/app-abc123.js');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(script);
    const br = await app.inject({ url: '/vbc/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
  });

  it('serves the service worker at /vbc/service-worker.js without long caching', async () => {
    const response = await app.inject('/vbc/service-worker.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the root to the app and says clearly when the app is not built', async () => {
    expect((await app.inject('/')).headers.location).toBe('/vbc/');
    expect((await app.inject('/order/')).headers.location).toBe('/vbc/');
    const response = await unbuilt.inject('/vbc/');
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/npm run build/);
  });
});

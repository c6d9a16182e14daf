// @vitest-environment node
// Node's own fetch and FormData (jsdom's FormData is not one Node's fetch can send; a browser sends its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http } from './http.ts';

let server: Server;
let origin = '';
let received = { contentType: '', body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received = { contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString() };
      const tooBig = req.url === '/too-big';
      res.writeHead(tooBig ? 413 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(tooBig ? { message: 'This picture is larger than 10 MB.', code: 'too_large' } : { displayItemId: 'd1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const form = () => {
  const f = new FormData();
  f.append('file', new Blob(['picture bytes'], { type: 'image/png' }), 'p.png');
  return f;
};

describe('http.upload', () => {
  it('posts the multipart form and answers with the JSON reply', async () => {
    expect(await http.upload(`${origin}/display`, form())).toEqual({ displayItemId: 'd1' });
    expect(received.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.body).toContain('filename="p.png"');
    expect(received.body).toContain('picture bytes');
  });

  it("rejects with the server's message and code, like a JSON call", async () => {
    await expect(http.upload(`${origin}/too-big`, form())).rejects.toMatchObject({
      message: 'This picture is larger than 10 MB.',
      status: 413,
      code: 'too_large',
    });
  });

  it('rejects with the given text when the request gets no answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      http.upload(`http://127.0.0.1:${port}/display`, form(), { networkError: 'Network error: the picture could not be uploaded.' }),
    ).rejects.toMatchObject({ message: 'Network error: the picture could not be uploaded.', status: 0 });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, HttpError } from './http.ts';

// A real HTTP server: what the client sends and how it reads errors (docs/contracts.md §7, §8).
let server: Server;
let base = '';
let lastHeaders: IncomingHttpHeaders = {};
let lastBody = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      lastBody = body;
      const send = (status: number, payload?: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (req.url === '/ok') send(200, { hello: 'world' });
      else if (req.url === '/with-message') send(403, { message: 'This card is protected by a PIN.', code: 'forbidden' });
      else if (req.url === '/no-message') send(502, '<html>bad gateway</html>', 'text/html');
      else if (req.url === '/file') send(200, 'BEGIN:VCARD', 'text/vcard');
      else send(404, { message: 'nope' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => localStorage.clear());

describe('http client', () => {
  it('sends JSON, the bearer token and the session id when stored', async () => {
    localStorage.setItem('vbc.accessToken', 'tok-123');
    localStorage.setItem('vbc.sessionId', 'sess-9');
    expect(await http.post(`${base}/ok`, { pinCode: '2468' })).toEqual({ hello: 'world' });
    expect(lastHeaders['content-type']).toBe('application/json');
    expect(lastHeaders.authorization).toBe('Bearer tok-123');
    expect(lastHeaders['x-session-id']).toBe('sess-9');
    expect(JSON.parse(lastBody)).toEqual({ pinCode: '2468' });
  });

  it('declares no JSON body on a delete (the server refuses an empty JSON body)', async () => {
    await http.delete(`${base}/ok`).catch(() => undefined);
    expect(lastHeaders['content-type']).toBeUndefined();
  });

  it('sends no Authorization without a token, or when auth is off', async () => {
    await http.get(`${base}/ok`);
    expect(lastHeaders.authorization).toBeUndefined();
    localStorage.setItem('vbc.accessToken', 'tok-123');
    await http.post(`${base}/ok`, {}, { auth: false });
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it("rejects with the response's message, else the status code", async () => {
    await expect(http.get(`${base}/with-message`)).rejects.toMatchObject({
      message: 'This card is protected by a PIN.',
      status: 403,
      code: 'forbidden',
    });
    await expect(http.get(`${base}/no-message`)).rejects.toMatchObject({ message: '502', status: 502 });
  });

  it("raw downloads reject with the status, and the server's message when it gave one; deletes with the status", async () => {
    expect(await (await http.download(`${base}/file`)).text()).toBe('BEGIN:VCARD');
    const error = await http.download(`${base}/missing`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'nope', status: 404 });
    await expect(http.download(`${base}/no-message`)).rejects.toMatchObject({ message: '502', status: 502 });
    await expect(http.delete(`${base}/missing`)).rejects.toMatchObject({ message: '404', status: 404 });
  });
});

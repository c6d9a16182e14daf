import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactAccessToken } from './index.ts';
import { eventually, sleep, startServer, tokenFor, type TTestServer } from '../test/hub-support.ts';

const RS = '\x1e';
let server: TTestServer;
const logLines: string[] = [];
const auth = { authorization: `Bearer ${tokenFor('raw-user')}` };

beforeAll(async () => {
  server = await startServer({
    hub: {
      keepAliveMs: 200,
      clientTimeoutMs: 800,
      handshakeTimeoutMs: 500,
      longPollTimeoutMs: 300,
      allowedOrigins: ['https://app.example'],
    },
    logLines,
  });
});
afterAll(async () => {
  await server.close();
});

async function negotiate(headers: Record<string, string> = auth, query = '?negotiateVersion=1'): Promise<Response> {
  return fetch(`${server.url}/negotiate${query}`, { method: 'POST', headers });
}

async function negotiated(): Promise<{ connectionId: string; connectionToken: string }> {
  const res = await negotiate();
  expect(res.status).toBe(200);
  return (await res.json()) as { connectionId: string; connectionToken: string };
}

/** Opens a raw WebSocket; resolves with it and its frames, or rejects with the HTTP status of a refused upgrade. */
function rawSocket(
  query: string,
  headers: Record<string, string> = auth,
): Promise<{ ws: WebSocket; frames: Array<{ text: string; binary: boolean }>; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}${query}`, { headers });
    const frames: Array<{ text: string; binary: boolean }> = [];
    ws.on('message', (data, binary) => frames.push({ text: String(data), binary }));
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('open', () => resolve({ ws, frames, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', (e) => reject(e));
  });
}

describe('raw protocol', () => {
  it('negotiate v1 separates the public connectionId from the secret token and lists three text transports', async () => {
    const res = await negotiate();
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.negotiateVersion).toBe(1);
    expect(body.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text'] },
      { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      { transport: 'LongPolling', transferFormats: ['Text'] },
    ]);
    for (const key of ['url', 'ProtocolVersion', 'useStatefulReconnect']) expect(body).not.toHaveProperty(key);
  });

  it('negotiate without negotiateVersion answers version 0 without a token', async () => {
    const body = (await (await negotiate(auth, '')).json()) as Record<string, unknown>;
    expect(body.negotiateVersion).toBe(0);
    expect(body).not.toHaveProperty('connectionToken');
    expect(typeof body.connectionId).toBe('string');
  });

  it('negotiate refuses a missing token (401) and a foreign origin (403); allows a listed origin with CORS', async () => {
    expect((await negotiate({})).status).toBe(401);
    const foreign = await negotiate({ ...auth, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const listed = await negotiate({ ...auth, origin: 'https://app.example' });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(listed.headers.get('access-control-allow-credentials')).toBe('true');
    const same = await negotiate({ ...auth, origin: `http://127.0.0.1:${server.port}` });
    expect(same.status).toBe(200);
  });

  it('answers a CORS preflight for a listed origin only', async () => {
    const preflight = (origin: string): Promise<Response> =>
      fetch(`${server.url}/negotiate?negotiateVersion=1`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-requested-with' },
      });
    const ok = await preflight('https://app.example');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-signalr-user-agent');
    const refused = await preflight('https://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 404 for an unknown connection id and 400 for a missing one, on every transport request', async () => {
    const bogus = `${server.url}?id=bogus`;
    expect((await fetch(bogus, { headers: auth })).status).toBe(404);
    expect((await fetch(bogus, { headers: { ...auth, accept: 'text/event-stream' } })).status).toBe(404);
    expect((await fetch(bogus, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: 'x' })).status).toBe(404);
    expect((await fetch(bogus, { method: 'DELETE', headers: auth })).status).toBe(404);
    await expect(rawSocket('?id=bogus')).rejects.toThrow('status 404');
    expect((await fetch(server.url, { headers: auth })).status).toBe(400);
  });

  it('refuses transport requests without a token (401) or from another user (403)', async () => {
    const { connectionToken } = await negotiated();
    expect((await fetch(`${server.url}?id=${connectionToken}`)).status).toBe(401);
    const other = { authorization: `Bearer ${tokenFor('someone-else')}` };
    expect((await fetch(`${server.url}?id=${connectionToken}`, { headers: other })).status).toBe(403);
    await expect(rawSocket(`?id=${connectionToken}`, other)).rejects.toThrow('status 403');
    await expect(rawSocket(`?id=${connectionToken}`, { ...auth, origin: 'https://evil.example' })).rejects.toThrow('status 403');
  });

  it('WebSocket handshake: {} as a text frame, then pings while idle; access_token in the query works', async () => {
    const { connectionToken } = await negotiated();
    const { ws, frames } = await rawSocket(`?id=${connectionToken}&access_token=${encodeURIComponent(tokenFor('raw-user'))}`, {});
    ws.send(`{"protocol":"json","version":1}${RS}`);
    await eventually(() => frames.length >= 3, 3000);
    expect(frames[0]).toEqual({ text: `{}${RS}`, binary: false });
    expect(frames[1]).toEqual({ text: `{"type":6}${RS}`, binary: false });
    ws.send(`{"type":1,"target":"Add","arguments":[40,2],"invocationId":"7"}${RS}{"type":6}${RS}`);
    await eventually(() => frames.some((f) => f.text.includes('"invocationId":"7"')), 3000);
    expect(frames.find((f) => f.text.includes('"invocationId":"7"'))?.text).toBe(`{"type":3,"invocationId":"7","result":42}${RS}`);
    ws.close();
  });

  it('a stall of the server process is not held against its clients: their pings wait unread behind the due timers', async () => {
    const { connectionToken } = await negotiated();
    const { ws, frames } = await rawSocket(`?id=${connectionToken}`);
    ws.send(`{"protocol":"json","version":1}${RS}`);
    await eventually(() => frames.length >= 1, 3000);
    ws.send(`{"type":6}${RS}`); // the client's ping: in the server's socket before the stall, read after it
    // The process stalls past the client timeout (800 ms here), as in a long GC pause or on a starved host.
    const until = Date.now() + 1500;
    while (Date.now() < until);
    await sleep(300);
    ws.send(`{"type":1,"target":"Add","arguments":[1,2],"invocationId":"8"}${RS}`);
    await eventually(() => frames.some((f) => f.text.includes('"invocationId":"8"')), 3000);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('a fan-out arrives as one text frame per send whatever its length (framed once, written to each socket), in order with what ws itself sends', async () => {
    const user = { authorization: `Bearer ${tokenFor('frame-user')}` };
    const sockets = await Promise.all([rawSocket('', user), rawSocket('', user)]);
    for (const { ws } of sockets) ws.send(`{"protocol":"json","version":1}${RS}`);
    await eventually(() => sockets.every(({ frames }) => frames.length >= 1), 3000);
    // Frames of 125 and 126, 65,535 and 65,536 bytes (the edges of the three lengths a frame header
    // can carry: a record of an empty argument is 44 bytes), a larger one, and text that is not ASCII.
    const texts = [
      '',
      'x'.repeat(125 - 44),
      'x'.repeat(126 - 44),
      'x'.repeat(65_535 - 44),
      'x'.repeat(65_536 - 44),
      'x'.repeat(200_000),
      'Grüße aus Köln 👋',
    ];
    for (const text of texts) await server.hub.sendToUser('frame-user', 'Note', text);
    // An invocation's completion goes out through ws's own sender, after the fan-outs.
    sockets[0]!.ws.send(`{"type":1,"target":"Add","arguments":[1,2],"invocationId":"9"}${RS}`);
    const expected = texts.map((text) => `${JSON.stringify({ type: 1, target: 'Note', arguments: [text] })}${RS}`);
    for (const { frames } of sockets) {
      await eventually(() => frames.filter((f) => f.text.includes('"Note"')).length === texts.length, 3000);
      expect(frames.filter((f) => f.text.includes('"Note"'))).toEqual(expected.map((text) => ({ text, binary: false })));
    }
    await eventually(() => sockets[0]!.frames.some((f) => f.text.includes('"invocationId":"9"')), 3000);
    expect(sockets[0]!.frames.findIndex((f) => f.text.includes('"invocationId":"9"'))).toBeGreaterThan(
      sockets[0]!.frames.findLastIndex((f) => f.text.includes('"Note"')),
    );
    for (const { ws } of sockets) ws.close();
  });

  it('WebSocket bad handshake gets an error record, then the socket closes', async () => {
    const { connectionToken } = await negotiated();
    const { ws, frames, closed } = await rawSocket(`?id=${connectionToken}`);
    ws.send(`{"protocol":"messagepack","version":1}${RS}`);
    await closed;
    expect(frames).toEqual([{ text: `{"error":"The protocol 'messagepack' is not supported."}${RS}`, binary: false }]);
    // The id is gone once its connection ended.
    await expect(rawSocket(`?id=${connectionToken}`)).rejects.toThrow('status 404');
  });

  it('closes a WebSocket that never completes the handshake, and one that goes silent (client timeout)', async () => {
    const quiet = await rawSocket(`?id=${(await negotiated()).connectionToken}`);
    const t0 = Date.now();
    await quiet.closed;
    expect(Date.now() - t0).toBeLessThan(2000);
    const silent = await rawSocket(`?id=${(await negotiated()).connectionToken}`);
    // Answer nothing after the handshake: no pings from this client.
    silent.ws.send(`{"protocol":"json","version":1}${RS}`);
    const t1 = Date.now();
    await silent.closed;
    expect(Date.now() - t1).toBeGreaterThanOrEqual(700);
    expect(silent.frames[0]?.text).toBe(`{}${RS}`);
  });

  it('a second WebSocket for a live id gets 409; POST on a WebSocket connection gets 405', async () => {
    const { connectionToken } = await negotiated();
    const first = await rawSocket(`?id=${connectionToken}`);
    await expect(rawSocket(`?id=${connectionToken}`)).rejects.toThrow('status 409');
    const post = await fetch(`${server.url}?id=${connectionToken}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(post.status).toBe(405);
    first.ws.close();
  });

  it('Server-Sent Events: event-stream headers, a comment first, each event data: …RS CRLF CRLF', async () => {
    const { connectionToken } = await negotiated();
    const controller = new AbortController();
    const res = await fetch(`${server.url}?id=${connectionToken}`, {
      headers: { ...auth, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const body = res.body;
    if (!body) throw new Error('no body');
    const reader = body.getReader();
    let text = '';
    const post = await fetch(`${server.url}?id=${connectionToken}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain;charset=UTF-8' },
      body: `{"protocol":"json","version":1}${RS}`,
    });
    expect(post.status).toBe(200);
    while (!text.includes(`data: {"type":6}`)) text += new TextDecoder().decode((await reader.read()).value);
    expect(text.startsWith(`:\r\ndata: {}${RS}\r\n\r\n`)).toBe(true);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    // Closing the stream ends the connection.
    await sleep(100);
    const after = await fetch(`${server.url}?id=${connectionToken}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: `{"type":6}${RS}`,
    });
    expect(after.status).toBe(404);
  });

  it('long polling: first poll empty at once, idle poll empty after the timeout, DELETE → 202 and the held poll gets 204', async () => {
    const { connectionToken } = await negotiated();
    const url = `${server.url}?id=${connectionToken}`;
    const t0 = Date.now();
    const firstPoll = await fetch(url, { headers: auth });
    expect(firstPoll.status).toBe(200);
    expect(await firstPoll.text()).toBe('');
    expect(Date.now() - t0).toBeLessThan(200);
    await fetch(url, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: `{"protocol":"json","version":1}${RS}` });
    expect(await (await fetch(url, { headers: auth })).text()).toBe(`{}${RS}`);
    const t1 = Date.now();
    const idle = await fetch(url, { headers: auth });
    expect(idle.status).toBe(200);
    expect(await idle.text()).toBe('');
    expect(Date.now() - t1).toBeGreaterThanOrEqual(250);
    const held = fetch(url, { headers: auth });
    await sleep(50);
    expect((await fetch(url, { method: 'DELETE', headers: auth })).status).toBe(202);
    expect((await held).status).toBe(204);
    expect((await fetch(url, { headers: auth })).status).toBe(404);
  });

  it('never writes a token to the log, even from the access_token query parameter', async () => {
    const secret = 'user:raw-user-LOGCHECK';
    const { connectionToken } = await negotiated();
    await fetch(`${server.url}?id=${connectionToken}&access_token=${secret}`, { headers: { accept: 'text/event-stream' } }).then((r) =>
      r.body?.cancel(),
    );
    await fetch(`${server.url}?id=nope&access_token=${secret}`, { headers: { accept: 'text/event-stream' } });
    await fetch(`${server.url}/negotiate?negotiateVersion=1&access_token=${secret}`, { method: 'POST' });
    await sleep(100);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain('LOGCHECK');
    expect(logLines.join('\n')).not.toContain(connectionToken);
  });

  it('redactAccessToken hides the token in URLs meant for logs', () => {
    expect(redactAccessToken('/personalHub?id=abc&access_token=s3cr3t&x=1')).toBe('/personalHub?id=[redacted]&access_token=[redacted]&x=1');
    expect(redactAccessToken('/personalHub?%61ccess_token=s3cr3t&ID=abc')).toBe('/personalHub?access_token=[redacted]&ID=[redacted]');
    expect(redactAccessToken('/personalHub?access_token=s3cr3t')).toBe('/personalHub?access_token=[redacted]');
  });

  it('shutting the app down sends Close with allowReconnect, then ends WebSocket (1000) and long polling (204)', async () => {
    const own = await startServer();
    const ws = new WebSocket(`${own.url.replace('http', 'ws')}`, { headers: auth });
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(String(d)));
    const code = new Promise<number>((r) => ws.on('close', (c) => r(c)));
    await new Promise((r) => ws.on('open', r));
    ws.send(`{"protocol":"json","version":1}${RS}`);
    const neg = (await (await fetch(`${own.url}/negotiate?negotiateVersion=1`, { method: 'POST', headers: auth })).json()) as {
      connectionToken: string;
    };
    const lp = `${own.url}?id=${neg.connectionToken}`;
    await fetch(lp, { headers: auth });
    await fetch(lp, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: `{"protocol":"json","version":1}${RS}` });
    expect(await (await fetch(lp, { headers: auth })).text()).toBe(`{}${RS}`);
    await eventually(() => frames.length === 1);
    const held = fetch(lp, { headers: auth });
    await sleep(50);
    await own.close();
    const closeText = `{"type":7,"error":"Server is shutting down.","allowReconnect":true}${RS}`;
    expect(await code).toBe(1000);
    expect(frames).toEqual([`{}${RS}`, closeText]);
    expect(await (await held).text()).toBe(closeText);
  });
});

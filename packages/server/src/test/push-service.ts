import http from 'node:http';
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A browser's side of one subscription: the keys a push service never sees. */
export interface TTestSubscription {
  endpoint: string;
  keyP256Dh: string;
  keyAuth: string;
  expirationTime: null;
  /** The receiving browser's private key (for decryption). */
  ecdh: ReturnType<typeof createECDH>;
}

/** One notification the service accepted: VAPID checked, payload decrypted. */
export interface TReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed as JSON. */
  payload: {
    kind: string;
    title: string;
    body: string;
    url: string;
    tag: string;
    personalConversationId?: string;
    announcementId?: string;
  };
  headers: { ttl: string; urgency?: string; topic?: string };
  vapid: { aud: string; sub: string; exp: number; k: string };
}

export interface TTestPushService {
  /** Makes a subscription (keys like a browser's) on this service. */
  subscribe(): TTestSubscription;
  received: TReceivedPush[];
  /** Requests refused (bad VAPID, undecryptable), with the reason. */
  refused: string[];
  /** Answer for an endpoint instead of 201 (e.g. 410). */
  answer: Map<string, number>;
  /** While set, requests are held until it resolves (to show delivery does not block). */
  hold: Promise<void> | null;
  /** Resolves when `count` notifications have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<TReceivedPush[]>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

/**
 * A local web push service (RFC 8030) for tests, over plain HTTP on 127.0.0.1 (the server's
 * PUSH_ALLOW_INSECURE_ENDPOINTS switch). For each request it checks what a real push service
 * checks — `Authorization: vapid t=<JWT>, k=<key>` with an ES256 signature valid for `k`, `k`
 * equal to `expectedPublicKey()`, `aud` the service's origin, `exp` in the next 24 h, a `sub`, a TTL
 * — then decrypts the aes128gcm body with the subscription's private key and auth secret (RFC 8291)
 * the way a browser does.
 */
export async function startTestPushService(expectedPublicKey: () => string): Promise<TTestPushService> {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const received: TReceivedPush[] = [];
  const refused: string[] = [];
  const answer = new Map<string, number>();
  const waiters: { count: number; resolve: () => void }[] = [];
  let origin = '';
  /** Tokens whose signature was already checked (a server reuses one JWT per push service): the claims are checked on every request. */
  const verified = new Set<string>();
  const service: TTestPushService = {
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64u(randomBytes(16));
      const endpoint = `${origin}/push/${randomUUID()}`;
      keys.set(new URL(endpoint).pathname, { ecdh, auth });
      return { endpoint, keyP256Dh: b64u(ecdh.getPublicKey()), keyAuth: auth, expirationTime: null, ecdh };
    },
    received,
    refused,
    answer,
    hold: null,
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`waited for ${count} pushes, got ${received.length} (refused: ${refused.join('; ')})`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received.slice())) });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', async () => {
      const refuse = (status: number, reason: string) => {
        refused.push(reason);
        response.writeHead(status).end(reason);
      };
      if (service.hold) await service.hold;
      const path = request.url ?? '';
      const sub = keys.get(path);
      if (request.method !== 'POST' || !sub) return refuse(404, 'no such subscription');
      const canned = answer.get(`${origin}${path}`);
      if (canned) return response.writeHead(canned).end();
      const vapid = checkVapid(String(request.headers.authorization ?? ''), origin, expectedPublicKey(), verified);
      if (typeof vapid === 'string') return refuse(401, vapid);
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return refuse(415, `content-encoding ${request.headers['content-encoding']}`);
      if (!request.headers.ttl) return refuse(400, 'no TTL');
      let payload: TReceivedPush['payload'];
      try {
        payload = JSON.parse(
          decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString('utf8'),
        );
      } catch (error) {
        return refuse(400, `undecryptable: ${(error as Error).message}`);
      }
      received.push({
        endpoint: `${origin}${path}`,
        payload,
        headers: {
          ttl: String(request.headers.ttl),
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
        },
        vapid,
      });
      response.writeHead(201).end();
      for (const w of waiters.splice(0)) {
        if (received.length >= w.count) w.resolve();
        else waiters.push(w);
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

/** RFC 8292 check of `vapid t=…, k=…`: the claims, or why it is refused. */
function checkVapid(header: string, audience: string, expectedKey: string, verified: Set<string>): TReceivedPush['vapid'] | string {
  const match = /^vapid t=([^,\s]+),\s*k=([^,\s]+)$/.exec(header);
  if (!match) return `not a vapid authorization: ${header.slice(0, 20)}`;
  const [, token, k] = match as unknown as [string, string, string];
  if (k !== expectedKey) return "k is not the server's public key";
  const [head, body, signature] = token.split('.') as [string, string, string];
  if (!verified.has(`${k} ${token}`)) {
    const point = Buffer.from(k, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
      format: 'jwk',
    });
    if (
      !verify(
        'sha256',
        Buffer.from(`${head}.${body}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature ?? '', 'base64url'),
      )
    )
      return 'bad JWT signature';
    verified.add(`${k} ${token}`);
  }
  const h = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: string; sub?: string; exp?: number };
  if (h.alg !== 'ES256') return `alg ${h.alg}`;
  if (claims.aud !== audience) return `aud ${claims.aud} is not ${audience}`;
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600 + 60) return 'exp out of range';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'no sub';
  return { aud: claims.aud, sub: claims.sub, exp: claims.exp, k };
}

import http2 from 'node:http2';
import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { TLSSocket } from 'node:tls';

/** A throwaway certificate authority and a server certificate it signed for 127.0.0.1 and localhost. */
export interface TestTls {
  /** The CA certificate (PEM): what a client trusts (`ca` option, or a file for NODE_EXTRA_CA_CERTS). */
  ca: string;
  /** The server's certificate and key (PEM). */
  cert: string;
  key: string;
}

/** Makes a CA and a server certificate with the system's openssl (test only; a second or so). */
export function makeTestTls(): TestTls {
  const dir = mkdtempSync(join(tmpdir(), 'vbc-test-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    run(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=VBC test CA',
    );
    run(
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
      '-subj',
      '/CN=localhost',
    );
    writeFileSync(
      join(dir, 'san.ext'),
      'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
    );
    run(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      '2',
      '-extfile',
      'san.ext',
    );
    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    return { ca: read('ca.pem'), cert: read('server.pem'), key: read('server.key') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fresh APNs signing key (like the .p8 from Apple) with its id and team. */
export function makeApnsKey(): { privatePem: string; publicKey: KeyObject; keyId: string; teamId: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey,
    keyId: 'KEY1234567',
    teamId: 'TEAM123456',
  };
}

/** One notification the stub accepted (its JWT was valid). */
export interface ApnsStubRequest {
  deviceToken: string;
  topic: string;
  pushType: string;
  priority: string;
  collapseId?: string;
  payload: unknown;
  /** The JWT's claims and header. */
  claims: { iss: string; iat: number };
  kid: string;
  /** The bearer token as sent (to see renewals). */
  token: string;
  /**
   * Certificate authentication (Wallet pass updates): the client certificate's UID, which the topic
   * must equal. Then `claims`, `kid` and `token` are empty.
   */
  certificateUid?: string;
}

export interface ApnsStub {
  url: string;
  ca: string;
  /** Every notification with a valid token, in arrival order. */
  received: ApnsStubRequest[];
  /** Requests refused for their token (reason). */
  refused: string[];
  /** Answer for a device token instead of 200 (e.g. `{status: 410, reason: 'Unregistered'}`). */
  answer: Map<string, { status: number; reason: string; retryAfter?: number }>;
  close(): Promise<void>;
}

/**
 * A local APNs provider API over HTTP/2 + TLS that checks what Apple checks: the ES256 provider
 * token against the team's public key (`kid`, `iss`, `iat` younger than an hour), the path's device
 * token, the topic and push type, and a JSON payload. Valid requests are recorded and answered
 * 200 with an apns-id (or what `answer` says for that token); a bad token 403 with Apple's reason.
 */
export async function startApnsStub(opts: {
  publicKey: KeyObject | string;
  keyId: string;
  teamId: string;
  tls?: TestTls;
  now?: () => number;
  /** Also accept certificate authentication: client certificates this CA signed (a pass type certificate's UID is its topic). */
  clientCa?: string;
}): Promise<ApnsStub> {
  const tls = opts.tls ?? makeTestTls();
  const publicKey = typeof opts.publicKey === 'string' ? createPublicKey(opts.publicKey) : opts.publicKey;
  const now = opts.now ?? Date.now;
  const received: ApnsStubRequest[] = [];
  const refused: string[] = [];
  const answer = new Map<string, { status: number; reason: string; retryAfter?: number }>();
  let sequence = 0;

  const server = http2.createSecureServer({
    cert: tls.cert,
    key: tls.key,
    ...(opts.clientCa ? { ca: [opts.clientCa], requestCert: true, rejectUnauthorized: false } : {}),
  });
  // open client sessions keep the server alive: close() ends them
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (s) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  server.on('stream', (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const reply = (status: number, reason?: string, extra: Record<string, string> = {}) => {
        if (reason) refused.push(reason);
        stream.respond({ ':status': status, 'apns-id': `stub-${++sequence}`, ...extra });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      };
      const path = String(headers[':path']);
      const match = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(path);
      if (headers[':method'] !== 'POST' || !match) return reply(404, 'BadPath');
      const auth = String(headers.authorization ?? '');
      const topic = headers['apns-topic'];
      const peer = opts.clientCa && !auth ? clientCertificate(stream.session?.socket) : null;
      let checked: ReturnType<typeof checkToken>;
      let certificateUid: string | undefined;
      if (peer) {
        // Certificate authentication: a certificate our CA signed, for this topic (Apple: TopicDisallowed).
        if (!peer.authorized) return reply(403, 'BadCertificate');
        if (!topic) return reply(400, 'MissingTopic');
        if (peer.uid !== String(topic)) return reply(400, 'TopicDisallowed');
        certificateUid = peer.uid;
        checked = { claims: { iss: '', iat: 0 }, kid: '' };
      } else {
        if (!auth.startsWith('bearer ')) return reply(403, 'MissingProviderToken');
        checked = checkToken(auth.slice('bearer '.length), publicKey, opts.keyId, opts.teamId, now());
        if (typeof checked === 'string') return reply(403, checked);
        if (!topic) return reply(400, 'MissingTopic');
      }
      const token = auth.slice('bearer '.length);
      const pushType = String(headers['apns-push-type'] ?? '');
      if (!['alert', 'background', 'voip', 'complication', 'fileprovider', 'mdm', 'liveactivity'].includes(pushType))
        return reply(400, 'InvalidPushType');
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, 'PayloadEmpty');
      }
      const deviceToken = match[1]!;
      received.push({
        deviceToken,
        topic: String(topic),
        pushType,
        priority: String(headers['apns-priority'] ?? ''),
        collapseId: headers['apns-collapse-id'] as string | undefined,
        payload,
        claims: checked.claims,
        kid: checked.kid,
        token,
        ...(certificateUid ? { certificateUid } : {}),
      });
      const canned = answer.get(deviceToken);
      if (canned) return reply(canned.status, canned.reason, canned.retryAfter ? { 'retry-after': String(canned.retryAfter) } : {});
      reply(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    ca: tls.ca,
    received,
    refused,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sessions) s.destroy();
      }),
  };
}

/** The TLS client certificate of a connection: whether our CA signed it, and its subject's UID. */
function clientCertificate(socket: unknown): { authorized: boolean; uid: string } | null {
  if (!(socket instanceof TLSSocket)) return null;
  const cert = socket.getPeerCertificate();
  if (!cert || !cert.subject) return null;
  const uid = (cert.subject as unknown as Record<string, string | undefined>).UID ?? '';
  return { authorized: socket.authorized, uid };
}

/** The token's header and claims if Apple would accept it, else Apple's refusal reason. */
function checkToken(
  token: string,
  publicKey: KeyObject,
  keyId: string,
  teamId: string,
  nowMs: number,
): { claims: { iss: string; iat: number }; kid: string } | string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'InvalidProviderToken';
  const [head, body, signature] = parts as [string, string, string];
  let header: { alg?: string; kid?: string };
  let claims: { iss?: string; iat?: number };
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return 'InvalidProviderToken';
  }
  if (header.alg !== 'ES256' || header.kid !== keyId || claims.iss !== teamId || typeof claims.iat !== 'number')
    return 'InvalidProviderToken';
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return 'InvalidProviderToken';
  if (nowMs / 1000 - claims.iat > 3600) return 'ExpiredProviderToken';
  return { claims: { iss: claims.iss, iat: claims.iat }, kid: header.kid };
}

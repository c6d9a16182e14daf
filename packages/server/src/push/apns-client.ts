import http2 from 'node:http2';
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { ConfigError } from '../platform/config/config.ts';

/** Apple's production provider host (`APNS_URL` default). Development devices use https://api.sandbox.push.apple.com. */
export const APNS_PRODUCTION_URL = 'https://api.push.apple.com';

/** A provider token is accepted for 60 minutes; Apple refuses renewing more often than every 20. */
const TOKEN_LIFETIME_MS = 50 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;

/** Provider token authentication (an app's alert pushes): the ES256 key of the developer account. */
export interface ApnsTokenAuth {
  /** The .p8 signing key, PEM text (`APNS_KEY`, read with pemSetting). */
  key: string;
  /** The key's id from the developer account (`APNS_KEY_ID`), the JWT's `kid`. */
  keyId: string;
  /** The team id (`APNS_TEAM_ID`), the JWT's `iss`. */
  teamId: string;
}

/**
 * Certificate authentication (TLS client certificate): what Wallet pass updates need — the pass type
 * certificate and its key (`APPLE_PASS_CERT`, `APPLE_PASS_KEY`); the topic is the pass type id.
 */
export interface ApnsCertificateAuth {
  certificate: { cert: string; key: string; passphrase?: string };
}

export type ApnsClientOptions = (ApnsTokenAuth | ApnsCertificateAuth) & {
  /** Origin of the provider API (`APNS_URL`), default Apple's production host. */
  url?: string;
  /** Extra trusted CA certificates (PEM) for the provider host; otherwise Node's store and NODE_EXTRA_CA_CERTS. */
  ca?: string | Buffer;
  /** Milliseconds clock, for tests of the token renewal. */
  now?: () => number;
};

export interface ApnsNotification {
  /** The device token the app got from `registerForRemoteNotifications` (hex). */
  deviceToken: string;
  /** The app's bundle id (`APNS_TOPIC`), or `<bundle id>.voip` etc. for other push types; a wallet pass's pass type id. */
  topic: string;
  /** `apns-push-type`: alert, background, … */
  pushType: 'alert' | 'background' | 'voip' | 'complication' | 'fileprovider' | 'mdm' | 'liveactivity';
  /** The JSON body (`{aps: {alert, badge, sound}, …}`; `{}` for a wallet pass update). */
  payload: object;
  /** `apns-priority`: 10 send now (alerts), 5 power-considerate (background). Default 10 for alerts, 5 otherwise. */
  priority?: 5 | 10;
  /** `apns-collapse-id`: a newer notification with the same id replaces the older one on the device. */
  collapseId?: string;
}

/**
 * What became of one notification: delivered to Apple; `unregistered` (410: the token is no longer
 * valid for the topic — forget it); `retryable` (throttled, Apple unavailable, network: try again
 * later, after `retryAfterMs` when Apple said); `failed` (refused for good: bad token, bad payload, config).
 */
export type ApnsOutcome =
  | { kind: 'ok'; apnsId?: string }
  | { kind: 'unregistered'; reason: string }
  | { kind: 'retryable'; status?: number; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; status: number; reason: string };

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** An ES256 provider token: header `{alg, kid}`, claims `{iss, iat}` (seconds). */
export function providerToken(key: KeyObject, keyId: string, teamId: string, nowMs: number): string {
  const head = `${base64url(JSON.stringify({ alg: 'ES256', kid: keyId }))}.${base64url(JSON.stringify({ iss: teamId, iat: Math.floor(nowMs / 1000) }))}`;
  const signature = sign('sha256', Buffer.from(head), { key, dsaEncoding: 'ieee-p1363' });
  return `${head}.${base64url(signature)}`;
}

/**
 * APNs HTTP/2 provider API with token authentication. One HTTP/2 connection, opened on first use
 * and reopened after Apple closes it (GOAWAY, idle) or it fails; the provider token is made once and
 * renewed after 50 minutes, or at once when Apple answers ExpiredProviderToken (then the request is
 * tried once more). Never throws for a delivery problem: every answer is an ApnsOutcome.
 */
export class ApnsClient {
  /** The provider token's signing key; null with certificate authentication. */
  private readonly key: KeyObject | null;
  private readonly url: string;
  private readonly now: () => number;
  private session: http2.ClientHttp2Session | null = null;
  private token: { value: string; madeAt: number } | null = null;
  /** Requests waiting for an answer: the connection keeps the process alive only while there are some. */
  private inFlight = 0;

  constructor(private readonly options: ApnsClientOptions) {
    if ('certificate' in options) {
      this.key = null;
    } else {
      try {
        this.key = createPrivateKey(options.key);
      } catch {
        throw new ConfigError('APNS_KEY: not a PEM private key');
      }
      if (this.key.asymmetricKeyType !== 'ec')
        throw new ConfigError('APNS_KEY: must be the EC (P-256) .p8 key from the Apple developer account');
    }
    this.url = (options.url ?? APNS_PRODUCTION_URL).replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  /** The current provider token, made anew when older than 50 minutes (or when `renew`). */
  bearer(renew = false): string {
    const { key, options } = this;
    if (!key || 'certificate' in options) throw new Error('APNs client: certificate authentication has no provider token');
    const now = this.now();
    if (renew || !this.token || now - this.token.madeAt >= TOKEN_LIFETIME_MS) {
      this.token = { value: providerToken(key, options.keyId, options.teamId, now), madeAt: now };
    }
    return this.token.value;
  }

  /** Sends one notification; see ApnsOutcome. */
  async send(notification: ApnsNotification): Promise<ApnsOutcome> {
    const first = await this.attempt(notification, false);
    if (first.kind === 'retryable' && first.reason === 'ExpiredProviderToken') return this.attempt(notification, true);
    return first;
  }

  /** Closes the connection (the app's onClose). */
  async close(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (!session || session.closed) return;
    // Held open until closed: an unref'd session would let the process exit while close() is awaited.
    session.ref();
    await new Promise<void>((resolve) => session.close(() => resolve()));
  }

  private connection(): http2.ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const { ca } = this.options;
    const certificate = 'certificate' in this.options ? this.options.certificate : null;
    const session = http2.connect(this.url, {
      ...(ca ? { ca } : {}),
      ...(certificate ? { cert: certificate.cert, key: certificate.key, passphrase: certificate.passphrase } : {}),
    });
    const forget = () => {
      if (this.session === session) this.session = null;
    };
    session.on('goaway', forget);
    session.on('close', forget);
    session.on('error', forget);
    session.unref();
    this.session = session;
    return session;
  }

  private attempt(n: ApnsNotification, renewToken: boolean): Promise<ApnsOutcome> {
    if (!/^[0-9a-fA-F]{16,200}$/.test(n.deviceToken)) {
      return Promise.resolve({ kind: 'failed', status: 400, reason: 'BadDeviceToken' });
    }
    return new Promise<ApnsOutcome>((resolve) => {
      let settled = false;
      let counted = false;
      const done = (outcome: ApnsOutcome) => {
        if (settled) return;
        settled = true;
        if (counted && --this.inFlight === 0) this.session?.unref();
        resolve(outcome);
      };
      let request: http2.ClientHttp2Stream;
      try {
        const headers: http2.OutgoingHttpHeaders = {
          ':method': 'POST',
          ':path': `/3/device/${n.deviceToken}`,
          'apns-topic': n.topic,
          'apns-push-type': n.pushType,
          'apns-priority': String(n.priority ?? (n.pushType === 'alert' ? 10 : 5)),
          'content-type': 'application/json',
        };
        if (this.key) headers.authorization = `bearer ${this.bearer(renewToken)}`;
        if (n.collapseId) headers['apns-collapse-id'] = n.collapseId;
        const connection = this.connection();
        request = connection.request(headers);
        connection.ref();
        this.inFlight++;
        counted = true;
      } catch (error) {
        done({ kind: 'retryable', reason: (error as Error).message });
        return;
      }
      request.setTimeout(REQUEST_TIMEOUT_MS, () => {
        request.close(http2.constants.NGHTTP2_CANCEL);
        done({ kind: 'retryable', reason: 'timeout' });
      });
      let status = 0;
      let apnsId: string | undefined;
      let retryAfter: string | undefined;
      const chunks: Buffer[] = [];
      request.on('response', (headers) => {
        status = Number(headers[':status']);
        apnsId = headers['apns-id'] as string | undefined;
        retryAfter = headers['retry-after'] as string | undefined;
      });
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => done(toOutcome(status, apnsId, Buffer.concat(chunks).toString('utf8'), retryAfter)));
      request.on('error', (error) => done({ kind: 'retryable', reason: error.message }));
      request.end(JSON.stringify(n.payload));
    });
  }
}

/** Apple's answer → outcome (status codes and reasons of Apple's "Handling notification responses from APNs"). */
function toOutcome(status: number, apnsId: string | undefined, body: string, retryAfter: string | undefined): ApnsOutcome {
  if (status === 200) return { kind: 'ok', apnsId };
  let reason = `HTTP ${status}`;
  try {
    reason = (JSON.parse(body) as { reason?: string }).reason ?? reason;
  } catch {
    // not JSON: keep the status as the reason
  }
  if (status === 410) return { kind: 'unregistered', reason };
  if (status === 403 && reason === 'ExpiredProviderToken') return { kind: 'retryable', status, reason };
  if (status === 429 || status >= 500 || status === 0) {
    const seconds = Number(retryAfter);
    return { kind: 'retryable', status, reason, ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}) };
  }
  return { kind: 'failed', status, reason };
}

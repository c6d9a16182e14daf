import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { guardedLookup, REFUSED_ADDRESS } from '../platform/outbound/address-guard.ts';
import type { TVapidKeys } from './vapid-keys.ts';
import type { TDeliveryOutcome } from './delivery-queue.ts';
import { createPayloadEncryptor } from './payload-encryption.ts';

export interface TWebPushTarget {
  endpoint: string;
  keyP256Dh: string;
  keyAuth: string;
}

export interface TWebPushOptions {
  vapid: TVapidKeys;
  /** ALLOW_INSECURE_OUTBOUND (or PUSH_ALLOW_INSECURE_ENDPOINTS): loopback push services (plain http too) are reached. */
  allowInsecure: boolean;
  /** Extra CA certificates (PEM) to trust for push services (tests); otherwise Node's store and NODE_EXTRA_CA_CERTS. */
  ca?: string;
  /** Seconds a push service keeps an undelivered notification (TTL). */
  ttlSeconds?: number;
}

const REQUEST_TIMEOUT_MS = 15_000;
/** A VAPID JWT is signed for this long (RFC 8292 allows up to 24 h)… */
const VAPID_JWT_SECONDS = 12 * 60 * 60;
/** …and reused until this long before it expires. */
const VAPID_JWT_RENEW_SECONDS = 60 * 60;

/**
 * `Authorization: vapid t=<JWT>, k=<key>` for a push service origin, signed once per origin and
 * reused for most of its lifetime: an ES256 signature per notification was the fan-out's
 * largest cost on the event loop (the claims, aud/exp/sub, are the same for every notification to
 * that service).
 */
export function vapidAuthorizations(vapid: TVapidKeys, now: () => number = Date.now) {
  const cache = new Map<string, { header: string; renewAt: number }>();
  return (audience: string): string => {
    const at = now() / 1000;
    const hit = cache.get(audience);
    if (hit && at < hit.renewAt) return hit.header;
    const expiration = Math.floor(at) + VAPID_JWT_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiration,
    ) as { Authorization: string };
    cache.set(audience, { header: Authorization, renewAt: expiration - VAPID_JWT_RENEW_SECONDS });
    return Authorization;
  };
}

/**
 * Sends web push notifications (RFC 8030/8291/8292: aes128gcm payload, VAPID). The payload is
 * encrypted per subscription on worker threads (payload-encryption.ts, `web-push`'s encryption);
 * the VAPID JWT comes from a per-origin cache; the request goes over keep-alive agents whose DNS
 * lookup refuses non-public addresses. Answers map to: 2xx ok, 404/410 gone (forget the
 * subscription), 429/5xx/network retryable, anything else failed.
 */
export function createWebPushSender(options: TWebPushOptions) {
  const lookup = guardedLookup(options.allowInsecure);
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup, ca: options.ca }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup }),
  };
  const authorization = vapidAuthorizations(options.vapid);
  const encryptor = createPayloadEncryptor();

  async function send(
    target: TWebPushTarget,
    payload: object,
    opts: { urgency?: 'normal' | 'high'; topic?: string } = {},
  ): Promise<TDeliveryOutcome> {
    let url: URL;
    let body: Buffer;
    try {
      url = new URL(target.endpoint);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowInsecure))
        return { kind: 'failed', reason: 'endpoint is not https' };
      body = await encryptor.encrypt(target.keyP256Dh, target.keyAuth, JSON.stringify(payload));
    } catch (error) {
      return { kind: 'failed', reason: (error as Error).message };
    }
    const headers: http.OutgoingHttpHeaders = {
      TTL: options.ttlSeconds ?? 24 * 60 * 60,
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      'Content-Length': body.length,
      Urgency: opts.urgency ?? 'normal',
      Authorization: authorization(url.origin),
      // Topic: ≤ 32 URL-safe base64 characters (RFC 8030 §5.4); the callers' are hex.
      ...(opts.topic ? { Topic: opts.topic } : {}),
    };
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<TDeliveryOutcome>((resolve) => {
      const request = transport.request(
        url,
        { method: 'POST', headers, agent: agents[url.protocol as 'https:' | 'http:'], timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          response.resume();
          response.on('end', () => resolve(outcomeOf(response.statusCode ?? 0, response.headers['retry-after'])));
          response.on('error', (error) => resolve({ kind: 'retryable', reason: error.message }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error: Error & { code?: string }) =>
        resolve(error.code === REFUSED_ADDRESS ? { kind: 'failed', reason: error.message } : { kind: 'retryable', reason: error.message }),
      );
      request.end(body);
    });
  }

  return {
    send,
    async close() {
      agents['https:'].destroy();
      agents['http:'].destroy();
      await encryptor.close();
    },
  };
}

export type WebPushSender = ReturnType<typeof createWebPushSender>;

function outcomeOf(status: number, retryAfter: string | undefined): TDeliveryOutcome {
  if (status >= 200 && status < 300) return { kind: 'ok' };
  if (status === 404 || status === 410) return { kind: 'gone', reason: `HTTP ${status}` };
  if (status === 429 || status >= 500) {
    const seconds = Number(retryAfter);
    return {
      kind: 'retryable',
      reason: `HTTP ${status}`,
      ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  return { kind: 'failed', reason: `HTTP ${status}` };
}

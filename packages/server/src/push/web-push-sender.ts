import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { guardedLookup } from './endpoint-guard.ts';
import type { TVapidKeys } from './vapid-keys.ts';
import type { TDeliveryOutcome } from './delivery-queue.ts';

export interface TWebPushTarget {
  endpoint: string;
  keyP256Dh: string;
  keyAuth: string;
}

export interface TWebPushOptions {
  vapid: TVapidKeys;
  /** PUSH_ALLOW_INSECURE_ENDPOINTS: loopback push services (plain http too) are reached. */
  allowInsecure: boolean;
  /** Extra CA certificates (PEM) to trust for push services (tests); otherwise Node's store and NODE_EXTRA_CA_CERTS. */
  ca?: string;
  /** Seconds a push service keeps an undelivered notification (TTL). */
  ttlSeconds?: number;
}

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Sends web push notifications (RFC 8030/8291/8292: aes128gcm payload, VAPID). `web-push` makes
 * the request (encryption and the VAPID JWT); this sends it over keep-alive agents whose DNS
 * lookup refuses non-public addresses, and maps the answer: 2xx ok, 404/410 gone (forget the
 * subscription), 429/5xx/network retryable, anything else failed.
 */
export function createWebPushSender(options: TWebPushOptions) {
  const lookup = guardedLookup(options.allowInsecure);
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup, ca: options.ca }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup }),
  };

  async function send(target: TWebPushTarget, payload: object, opts: { urgency?: 'normal' | 'high'; topic?: string } = {}): Promise<TDeliveryOutcome> {
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.keyP256Dh, auth: target.keyAuth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: options.vapid.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey },
          TTL: options.ttlSeconds ?? 24 * 60 * 60,
          contentEncoding: 'aes128gcm',
          urgency: opts.urgency ?? 'normal',
          ...(opts.topic ? { topic: opts.topic } : {}),
        },
      );
    } catch (error) {
      return { kind: 'failed', reason: (error as Error).message };
    }
    const url = new URL(target.endpoint);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowInsecure)) return { kind: 'failed', reason: 'endpoint is not https' };
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<TDeliveryOutcome>((resolve) => {
      const request = transport.request(
        url,
        { method: 'POST', headers: details.headers as http.OutgoingHttpHeaders, agent: agents[url.protocol as 'https:' | 'http:'], timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          response.resume();
          response.on('end', () => resolve(outcomeOf(response.statusCode ?? 0, response.headers['retry-after'])));
          response.on('error', (error) => resolve({ kind: 'retryable', reason: error.message }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error: Error & { code?: string }) =>
        resolve(error.code === 'EPUSHADDRESS' ? { kind: 'failed', reason: error.message } : { kind: 'retryable', reason: error.message }),
      );
      request.end(details.body ?? undefined);
    });
  }

  return {
    send,
    close() {
      agents['https:'].destroy();
      agents['http:'].destroy();
    },
  };
}

export type WebPushSender = ReturnType<typeof createWebPushSender>;

function outcomeOf(status: number, retryAfter: string | undefined): TDeliveryOutcome {
  if (status >= 200 && status < 300) return { kind: 'ok' };
  if (status === 404 || status === 410) return { kind: 'gone', reason: `HTTP ${status}` };
  if (status === 429 || status >= 500) {
    const seconds = Number(retryAfter);
    return { kind: 'retryable', reason: `HTTP ${status}`, ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}) };
  }
  return { kind: 'failed', reason: `HTTP ${status}` };
}

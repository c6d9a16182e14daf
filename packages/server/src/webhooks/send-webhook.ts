import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { addressAllowed, guardedLookup, REFUSED_ADDRESS } from '../platform/outbound/address-guard.ts';

/** A delivery gets no answer after this long: the attempt failed (timeout). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer is kept with the attempt. */
const RESPONSE_BYTES = 1024;

export interface TWebhookRequest {
  url: string;
  /** `whsec_…`. */
  secret: string;
  /** `webhook-id`. */
  eventId: string;
  /** The JSON body, as stored in the outbox. */
  payload: string;
}

export interface TWebhookAnswer {
  /** The HTTP status, or null when none came. */
  status: number | null;
  durationMs: number;
  /** The answer's first 1 KB. */
  response: string;
  /** Why no answer came, else null. */
  error: string | null;
  succeeded: boolean;
}

/**
 * Sends signed webhooks (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature:
 * v1,<base64 HMAC-SHA256>` signed by the `standardwebhooks` package). node:http(s) rather than
 * fetch: it takes the guarded DNS lookup directly (every connection resolves again and refuses
 * private, loopback and link-local addresses: no DNS rebinding), never follows a redirect, and keeps
 * connections alive per host. An IP-literal URL is checked here, as no lookup runs for it.
 */
export function createWebhookSender(options: { allowInsecure: boolean; maxSockets?: number }) {
  const lookup = guardedLookup(options.allowInsecure);
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 16, lookup }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 16, lookup }),
  };
  const signers = new Map<string, Webhook>();
  const signerFor = (secret: string): Webhook => {
    let signer = signers.get(secret);
    if (!signer) {
      if (signers.size > 1000) signers.clear();
      signers.set(secret, (signer = new Webhook(secret)));
    }
    return signer;
  };

  async function send(request: TWebhookRequest, stop: AbortSignal): Promise<TWebhookAnswer> {
    const started = performance.now();
    const answer = (fields: Partial<TWebhookAnswer>): TWebhookAnswer => ({
      status: null,
      response: '',
      error: null,
      succeeded: false,
      ...fields,
      durationMs: Math.round(performance.now() - started),
    });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return answer({ error: 'the URL cannot be parsed' });
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowInsecure)) return answer({ error: 'the URL is not https' });
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !addressAllowed(host, options.allowInsecure)) {
      return answer({ error: `${host} is not a public address` });
    }
    const at = new Date();
    const body = Buffer.from(request.payload);
    const headers = {
      'content-type': 'application/json',
      'content-length': body.length,
      'user-agent': 'VBC-Webhooks/1',
      'webhook-id': request.eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signerFor(request.secret).sign(request.eventId, at, request.payload),
    };
    const transport = url.protocol === 'https:' ? https : http;
    // One controller per request, aborted by the timeout or by `stop` (AbortSignal.any on a
    // long-lived signal keeps a reference per request on Node 20).
    const controller = new AbortController();
    const { signal } = controller;
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), DELIVERY_TIMEOUT_MS);
    const onStop = () => controller.abort(stop.reason);
    if (stop.aborted) onStop();
    else stop.addEventListener('abort', onStop, { once: true });
    const settle = (resolve: (answer: TWebhookAnswer) => void) => (answer: TWebhookAnswer) => {
      clearTimeout(timer);
      stop.removeEventListener('abort', onStop);
      resolve(answer);
    };
    return new Promise<TWebhookAnswer>((resolveOuter) => {
      const resolve = settle(resolveOuter);
      const outgoing = transport.request(
        url,
        { method: 'POST', headers, agent: agents[url.protocol as 'https:' | 'http:'], signal },
        (incoming) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const status = incoming.statusCode ?? 0;
          const finish = (error: string | null) =>
            resolve(
              answer({
                status,
                // NUL cannot be stored in a text column.
                response: Buffer.concat(chunks).subarray(0, RESPONSE_BYTES).toString('utf8').replaceAll('\0', ''),
                error,
                succeeded: error === null && status >= 200 && status < 300,
              }),
            );
          incoming.on('data', (chunk: Buffer) => {
            if (kept < RESPONSE_BYTES) chunks.push(chunk);
            kept += chunk.length;
          });
          incoming.on('end', () => finish(null));
          incoming.on('error', (error) => finish(describe(error, signal)));
          // Cut off before its end (the timeout, a reset): a failure; after 'end' this changes nothing.
          incoming.on('close', () => finish(incoming.complete ? null : describe(new Error('the answer was cut off'), signal)));
        },
      );
      outgoing.on('error', (error) => resolve(answer({ error: describe(error, signal) })));
      outgoing.end(body);
    });
  }

  return {
    send,
    close(): void {
      agents['https:'].destroy();
      agents['http:'].destroy();
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;

/** A connection error as an attempt shows it. */
function describe(error: Error & { code?: string }, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason = signal.reason as Error | undefined;
    return reason?.name === 'TimeoutError' ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : 'the server was stopping';
  }
  if (error.code === REFUSED_ADDRESS) return error.message;
  return error.code ? `${error.code}: ${error.message}` : error.message;
}

import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { addressAllowed, guardedLookup } from './address-guard.ts';

/** An outbound call that got no usable answer (refused address, timeout, too large, not https). */
export class OutboundError extends Error {
  override name = 'OutboundError';
}

export interface TOutboundFetchOptions {
  /** ALLOW_INSECURE_OUTBOUND: loopback hosts allowed, over http too. */
  allowInsecure: boolean;
  timeoutMs?: number;
  /** Larger answers fail (the first bytes are never half-read as a whole). */
  maxBytes?: number;
}

/** The request part of `fetch`'s options this supports (what openid-client's customFetch passes). */
export interface TOutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array | ArrayBuffer | null;
  signal?: AbortSignal;
}

/**
 * A `fetch` for calls to addresses someone else chose (a business's domain, its identity
 * provider): https only (http to loopback with `allowInsecure`), every connection resolved through
 * the guarded lookup so that a private, loopback or link-local address is refused even after a DNS
 * change, no redirects followed (a 3xx is answered as it came), a time limit and a size limit.
 * node:http(s) rather than the global fetch for the same reasons as the webhook sender.
 */
export function createOutboundFetch(options: TOutboundFetchOptions) {
  const lookup = guardedLookup(options.allowInsecure);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 1024 * 1024;

  return function outboundFetch(target: string | URL, init: TOutboundInit = {}): Promise<Response> {
    const url = new URL(target);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowInsecure)) {
      return Promise.reject(new OutboundError(`${url.origin} is not an https address`));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !addressAllowed(host, options.allowInsecure)) {
      return Promise.reject(new OutboundError(`${host} is not a public address`));
    }
    const body =
      init.body == null
        ? undefined
        : typeof init.body === 'string' || init.body instanceof URLSearchParams
          ? Buffer.from(init.body.toString())
          : Buffer.from(init.body instanceof ArrayBuffer ? new Uint8Array(init.body) : init.body);
    const headers: Record<string, string | number> = { 'user-agent': 'VBC/1', ...init.headers };
    if (body) headers['content-length'] = body.length;
    if (init.body instanceof URLSearchParams && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
    const transport = url.protocol === 'https:' ? https : http;
    const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);

    return new Promise<Response>((resolve, reject) => {
      const fail = (error: Error & { code?: string }) =>
        reject(
          signal.aborted
            ? new OutboundError(`no answer from ${url.host} within ${timeoutMs / 1000} s`)
            : new OutboundError(`${url.host}: ${error.code ?? error.message}`),
        );
      const outgoing = transport.request(url, { method: init.method ?? 'GET', headers, lookup, signal, agent: false }, (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            incoming.destroy();
            reject(new OutboundError(`${url.host} answered with more than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        incoming.on('error', fail);
        incoming.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
            else if (value !== undefined) responseHeaders.set(name, value);
          }
          const status = incoming.statusCode ?? 502;
          const noBody = status === 204 || status === 304 || (init.method ?? 'GET') === 'HEAD';
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
        });
      });
      outgoing.on('error', fail);
      outgoing.end(body);
    });
  };
}

export type OutboundFetch = ReturnType<typeof createOutboundFetch>;

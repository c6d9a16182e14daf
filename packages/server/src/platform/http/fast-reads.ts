import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyServerFactory } from 'fastify';
import { requestId } from '../logging/logger.ts';
import { API_HEADERS } from '../plugins/security.ts';

/**
 * A public read a domain can answer from memory: `GET` of `route` (a pattern that ends in its one
 * parameter, `/api/vbc/virtualcontact/:contactId`) by a visitor without credentials.
 */
export interface TFastRead {
  route: string;
  /** Headers of the answer besides the API's security headers, the request id and the length. */
  headers: Record<string, string>;
  /**
   * The JSON answer for this parameter when it is in memory and is exactly what the routed
   * request would answer; `undefined` routes the request as usual (a miss, an unknown id, …).
   */
  answer(param: string): string | undefined;
}

/** What a fast read answered, for the request log and the metrics. */
export interface TFastReadServed {
  route: string;
  reqId: string;
  ms: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Public reads answered before routing (a domain adds its own: cards/public-routes.ts). */
    fastReads: FastReads;
  }
}

/** A path parameter the fast path takes as it comes: no percent-encoding, no dots or slashes, the router's own length limit. */
const PLAIN_PARAM = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Public reads answered before routing (issue 13: the card API against bare Fastify). A card
 * read is the one request every shared link, QR code and NFC tap makes; when its answer is already
 * in memory, Fastify's request lifecycle (routing, hooks, validation, a request logger) costs more
 * than the answer. So a `GET` of a registered route with a plain parameter, no query string
 * and no `Authorization` header is answered here when the domain has the answer in memory, with
 * the headers the routed request would send (the API's security headers, `X-Request-Id`). Its
 * metrics and request log line come from the `onServed` listeners (request-log.ts samples the line).
 * Anything else, and every read while the app closes, goes to Fastify unchanged: the routed
 * handler stays the one definition of the read, and the domain's `answer` must give exactly its
 * answer (public-routes.ts shares the code; fast-reads.test.ts compares the two).
 */
export class FastReads {
  /** By the route's path up to its parameter (`/api/vbc/virtualcontact/`). */
  private readonly reads: (TFastRead & { prefix: string; headerList: string[] })[] = [];
  private readonly listeners: ((served: TFastReadServed) => void)[] = [];
  private open = true;

  add(read: TFastRead): void {
    const param = read.route.lastIndexOf('/:');
    if (param < 0 || read.route.indexOf('/', param + 1) >= 0)
      throw new Error(`fast read ${read.route}: the route must end in its one parameter`);
    const prefix = read.route.slice(0, param + 1);
    if (this.reads.some((r) => r.prefix === prefix))
      throw new Error(`fast read ${read.route}: a read is already registered under ${prefix}`);
    this.reads.push({ ...read, prefix, headerList: Object.entries({ ...API_HEADERS, ...read.headers }).flat() });
  }

  /** Called after each answer sent here (the request log, the metrics); must not throw. */
  onServed(listener: (served: TFastReadServed) => void): void {
    this.listeners.push(listener);
  }

  /** From now on every request is routed (the app is closing: Fastify answers 503 and closes connections). */
  close(): void {
    this.open = false;
  }

  /** Answers `req` when a registered read has its answer in memory; false when the router must. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.open || req.method !== 'GET' || req.headers.authorization !== undefined) return false;
    const url = req.url ?? '';
    const slash = url.lastIndexOf('/');
    // Compared in place, not sliced and looked up: a new string's hash cost more than the check.
    const read = this.reads.find((r) => r.prefix.length === slash + 1 && url.startsWith(r.prefix));
    if (!read) return false;
    const param = url.slice(slash + 1);
    if (!PLAIN_PARAM.test(param)) return false;
    const start = performance.now();
    let body: string | undefined;
    try {
      body = read.answer(param);
    } catch {
      return false; // the router runs the same code and reports what went wrong
    }
    if (body === undefined) return false;
    const reqId = requestId(req);
    // Headers as one flat [name, value, …] list: an object built per request (spread or
    // assigned) cost V8 a map transition a key, about 1 µs a request.
    res.writeHead(200, [...read.headerList, 'x-request-id', reqId, 'content-length', String(Buffer.byteLength(body))]);
    res.end(body);
    const served = { route: read.route, reqId, ms: performance.now() - start };
    for (const listener of this.listeners) listener(served);
    return true;
  }
}

/** The options Fastify hands its `serverFactory` that shape the server it would make itself. */
interface TServerTimings {
  http?: ServerOptions | null;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket?: number | null;
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (lib/server.js, its timeouts
 * included), with `fastReads` in front of the router.
 */
export function serverWithFastReads(fastReads: FastReads): FastifyServerFactory<Server> {
  return (route, options) => {
    const timings = options as unknown as TServerTimings;
    const server = createServer(timings.http ?? {}, (req, res) => {
      if (!fastReads.serve(req, res)) route(req, res);
    });
    server.keepAliveTimeout = timings.keepAliveTimeout;
    server.requestTimeout = timings.requestTimeout;
    server.setTimeout(timings.connectionTimeout);
    if (timings.maxRequestsPerSocket) server.maxRequestsPerSocket = timings.maxRequestsPerSocket;
    return server;
  };
}

import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocket, WebSocketServer, type RawData, type Server as TWsServer } from 'ws';
import type { Connection, HubCore } from './core.ts';
import { redactAccessToken } from './redact.ts';
import { LongPollingTransport, SseTransport, WebSocketTransport } from './transports.ts';

/** SignalR protocol endpoints (hub/README.md), not REST: kept out of the OpenAPI document. */
const PROTOCOL = { schema: { hide: true } };

const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text'] },
] as const;

type TQuery = Record<string, string | string[] | undefined>;

/**
 * Failure of a hub request: status, message for people, code for programs (docs/contracts.md §D3), extra
 * headers (Retry-After). `authenticate` may throw one (a 503 while the database is unreachable).
 */
export class HubHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The 429 of a user at `maxConnectionsPerUser`: at negotiate, or at a WebSocket that opens a connection here. */
function tooManyConnections(core: HubCore): HubHttpError {
  const max = core.opts.maxConnectionsPerUser;
  return new HubHttpError(
    429,
    'too_many_connections',
    `Too many open connections for this account (at most ${max} at once). Close the app in another tab or on another device, then try again.`,
  );
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** Bearer token from the Authorization header, else the `access_token` query parameter (hub paths only). */
function tokenOf(req: IncomingMessage, query: TQuery | URLSearchParams): string | undefined {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (match?.[1]) return match[1].trim();
  }
  const fromQuery = query instanceof URLSearchParams ? query.get('access_token') : first(query.access_token);
  return fromQuery || undefined;
}

/**
 * Origin check. No Origin (native clients) and same-origin pass; cross-origin only when listed.
 * Returns the origin to echo in CORS headers, null for none, or throws 403.
 */
function checkOrigin(core: HubCore, req: IncomingMessage): string | null {
  const origin = req.headers.origin;
  if (!origin) return null;
  const lower = origin.toLowerCase();
  if (core.opts.allowedOrigins.has(lower)) return origin;
  let host: string | null = null;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    host = null;
  }
  if (host !== null && host === (req.headers.host ?? '').toLowerCase()) return null;
  throw new HubHttpError(403, 'origin_not_allowed', 'This origin may not connect to the hub.');
}

function corsHeaders(origin: string | null): Record<string, string> {
  if (!origin) return {};
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
}

/** Resolves the connection of a transport request and checks it belongs to the caller. */
/**
 * The connection a transport request names by its token, for the user it authenticates as.
 * A WebSocket upgrade (`adoptSigned`) may also bring a signed token negotiated elsewhere.
 */
async function connectionFor(
  core: HubCore,
  req: IncomingMessage,
  query: TQuery | URLSearchParams,
  adoptSigned = false,
): Promise<Connection> {
  const id = query instanceof URLSearchParams ? query.get('id') : first(query.id);
  if (!id) throw new HubHttpError(400, 'missing_connection_id', 'Missing connection id (query parameter "id").');
  const known = core.byToken.get(id);
  if (!known && !(adoptSigned && core.opts.connectionTokenKey))
    throw new HubHttpError(404, 'unknown_connection', 'No connection with this id.');
  const user = await core.opts.authenticate(tokenOf(req, query), req);
  if (!user) throw new HubHttpError(401, 'unauthorized', 'Missing or invalid access token.');
  let conn = known ?? core.byToken.get(id);
  if (!conn) {
    if (!core.hasRoomFor(user.userId)) throw tooManyConnections(core);
    conn = core.adoptSignedConnection(id, user.userId, user.sessionKey) ?? undefined;
  }
  if (!conn) throw new HubHttpError(404, 'unknown_connection', 'No connection with this id.');
  if (user.userId !== conn.userId) throw new HubHttpError(403, 'wrong_user', 'This connection belongs to another user.');
  return conn;
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof HubHttpError)
    return reply.code(error.status).headers(error.headers).send({ message: error.message, code: error.code });
  throw error;
}

/**
 * A hub WebSocket: the `ws` socket with its hub and connection on it, so one set of event
 * handlers (below) serves every socket, as `ws` does for its own: an idle connection keeps no
 * closures of its own.
 */
class HubSocket extends WebSocket {
  core: HubCore | null = null;
  conn: Connection | null = null;
}

// `ws` types its listeners' `this` as its own WebSocket; the server makes only HubSockets.
function onHubSocketMessage(this: WebSocket, data: RawData, isBinary: boolean): void {
  const { core, conn } = this as HubSocket;
  if (!core || !conn) return;
  if (isBinary) {
    core.close(conn, { notify: true, error: 'Binary frames are not supported by the JSON protocol.' });
    return;
  }
  core.receive(conn, Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8'));
}

function onHubSocketClose(this: WebSocket): void {
  const { core, conn } = this as HubSocket;
  if (core && conn) core.transportEnded(conn);
}

/** Socket errors end in `close` (handled there); without a listener `ws` would throw them. */
function ignoreError(): void {}

function destroyOnError(this: Duplex): void {
  this.destroy();
}

/** Registers the hub's HTTP routes (in their own encapsulated scope) and its WebSocket upgrade handler. */
export function registerHubHttp(app: FastifyInstance, core: HubCore): void {
  const { path, pathLower, maxPayloadBytes, maxBufferedBytes } = core.opts;
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    clientTracking: false,
    maxPayload: maxPayloadBytes,
    WebSocket: HubSocket,
  });

  void app.register(async (scope) => {
    // `text/plain` (what the client sends) comes from Fastify's built-in parser as a string.
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: maxPayloadBytes }, (_req, body, done) =>
      done(null, body),
    );
    // The query is parsed by now; keep the tokens out of any later log line that prints the URL.
    scope.addHook('onRequest', async (request) => {
      const url = request.raw.url;
      if (url?.includes('?')) request.raw.url = redactAccessToken(url);
    });
    scope.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      await core.shutdown();
    });

    const preflight = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      try {
        const origin = checkOrigin(core, request.raw);
        return reply
          .code(204)
          .headers({
            ...corsHeaders(origin),
            'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
            'access-control-allow-headers': 'authorization, content-type, x-requested-with, x-signalr-user-agent',
            'access-control-max-age': '600',
          })
          .send();
      } catch (error) {
        return sendError(reply, error);
      }
    };
    scope.options(`${path}/negotiate`, PROTOCOL, preflight);
    scope.options(path, PROTOCOL, preflight);

    scope.post(`${path}/negotiate`, { ...PROTOCOL, logLevel: 'warn' }, async (request, reply) => {
      try {
        const origin = checkOrigin(core, request.raw);
        reply.headers({ ...corsHeaders(origin), 'cache-control': 'no-store' });
        if (core.closing) throw new HubHttpError(503, 'shutting_down', 'The server is shutting down.');
        const query = request.query as TQuery;
        const user = await core.opts.authenticate(tokenOf(request.raw, query), request.raw);
        if (!user) throw new HubHttpError(401, 'unauthorized', 'Missing or invalid access token.');
        if (!core.hasRoomFor(user.userId)) throw tooManyConnections(core);
        const version = Number(first(query.negotiateVersion) ?? 0) >= 1 ? 1 : 0;
        const conn = core.createConnection(user.userId, version === 1 ? 'v1' : 'v0', user.sessionKey);
        if (version === 1) {
          return reply.send({
            negotiateVersion: 1,
            connectionId: conn.connectionId,
            connectionToken: conn.token,
            availableTransports: AVAILABLE_TRANSPORTS,
          });
        }
        return reply.send({ negotiateVersion: 0, connectionId: conn.connectionId, availableTransports: AVAILABLE_TRANSPORTS });
      } catch (error) {
        return sendError(reply, error);
      }
    });

    // SSE stream or long poll, told apart by the Accept header (as ASP.NET does).
    scope.get(path, { ...PROTOCOL, logLevel: 'warn', exposeHeadRoute: false }, async (request, reply) => {
      try {
        const origin = checkOrigin(core, request.raw);
        const conn = await connectionFor(core, request.raw, request.query as TQuery);
        const sse = (request.headers.accept ?? '').includes('text/event-stream');
        const res = reply.raw;
        const headers = corsHeaders(origin);
        if (sse) {
          if (conn.transport) {
            throw conn.transport.kind === 'ServerSentEvents'
              ? new HubHttpError(409, 'transport_active', 'An event stream is already open for this connection.')
              : new HubHttpError(400, 'wrong_transport', 'This connection uses another transport.');
          }
          if (conn.state !== 'negotiated') throw new HubHttpError(404, 'unknown_connection', 'No connection with this id.');
          reply.hijack();
          res.writeHead(200, {
            ...headers,
            'content-type': 'text/event-stream',
            'cache-control': 'no-cache, no-store',
            pragma: 'no-cache',
            'content-encoding': 'identity',
            'x-accel-buffering': 'no',
          });
          res.write(':\r\n');
          core.attach(conn, new SseTransport(res, maxBufferedBytes));
          res.once('close', () => core.transportEnded(conn));
          return reply;
        }
        if (conn.transport && conn.transport.kind !== 'LongPolling') {
          throw new HubHttpError(400, 'wrong_transport', 'This connection uses another transport.');
        }
        if (!conn.transport && conn.state !== 'negotiated') {
          throw new HubHttpError(404, 'unknown_connection', 'No connection with this id.');
        }
        reply.hijack();
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        if (!conn.transport) {
          // The first poll only binds the transport and returns at once, empty.
          core.attach(conn, new LongPollingTransport(maxBufferedBytes, () => core.forget(conn)));
          res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache, no-store', 'content-length': 0 });
          res.end();
          return reply;
        }
        (conn.transport as LongPollingTransport).poll(res);
        return reply;
      } catch (error) {
        return sendError(reply, error);
      }
    });

    // Client→server data for SSE and long polling.
    scope.post(path, { ...PROTOCOL, logLevel: 'warn', bodyLimit: maxPayloadBytes }, async (request, reply) => {
      try {
        const origin = checkOrigin(core, request.raw);
        reply.headers(corsHeaders(origin));
        const conn = await connectionFor(core, request.raw, request.query as TQuery);
        if (conn.transport?.kind === 'WebSockets') {
          throw new HubHttpError(405, 'wrong_transport', 'This connection uses WebSockets; send over the socket.');
        }
        if (conn.state === 'closed') throw new HubHttpError(404, 'unknown_connection', 'No connection with this id.');
        if (!conn.transport) throw new HubHttpError(400, 'no_transport', 'The connection has no transport yet.');
        const body = request.body;
        const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '';
        const failure = core.receive(conn, text);
        if (failure) {
          const tooBig = failure.message.includes('maximum size');
          throw new HubHttpError(tooBig ? 413 : 400, tooBig ? 'message_too_large' : 'protocol_error', failure.message);
        }
        return reply.code(200).send();
      } catch (error) {
        return sendError(reply, error);
      }
    });

    // Long polling: the client's graceful stop.
    scope.delete(path, { ...PROTOCOL, logLevel: 'warn' }, async (request, reply) => {
      try {
        const origin = checkOrigin(core, request.raw);
        reply.headers(corsHeaders(origin));
        const conn = await connectionFor(core, request.raw, request.query as TQuery);
        if (conn.transport?.kind !== 'LongPolling') {
          throw new HubHttpError(400, 'wrong_transport', 'DELETE only ends long-polling connections.');
        }
        core.close(conn, { notify: false });
        core.forget(conn);
        return reply.code(202).send();
      } catch (error) {
        return sendError(reply, error);
      }
    });
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    if (url.pathname.replace(/\/+$/, '').toLowerCase() !== pathLower) {
      // Someone else's upgrade; if nobody else listens, refuse it instead of leaving it hanging.
      if (app.server.listenerCount('upgrade') === 1) rejectUpgrade(socket, new HubHttpError(404, 'not_found', 'Not found.'));
      return;
    }
    socket.on('error', destroyOnError);
    upgrade(core, wss, req, socket, head, url.searchParams, maxBufferedBytes).catch((error: unknown) => {
      if (error instanceof HubHttpError) {
        rejectUpgrade(socket, error);
        return;
      }
      core.log.error({ err: error }, 'hub: WebSocket upgrade failed');
      rejectUpgrade(socket, new HubHttpError(500, 'internal', 'The connection could not be opened.'));
    });
  };
  app.server.on('upgrade', onUpgrade);
}

async function upgrade(
  core: HubCore,
  wss: TWsServer<typeof HubSocket>,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  query: URLSearchParams,
  maxBufferedBytes: number,
): Promise<void> {
  if (core.closing) throw new HubHttpError(503, 'shutting_down', 'The server is shutting down.');
  checkOrigin(core, req);
  let conn: Connection;
  if (query.get('id')) {
    conn = await connectionFor(core, req, query, true);
    if (conn.transport) {
      throw conn.transport.kind === 'WebSockets'
        ? new HubHttpError(409, 'transport_active', 'A WebSocket is already open for this connection.')
        : new HubHttpError(400, 'wrong_transport', 'This connection uses another transport.');
    }
    if (conn.state !== 'negotiated') throw new HubHttpError(404, 'unknown_connection', 'No connection with this id.');
  } else {
    // skipNegotiation: the connection is born at the upgrade.
    const user = await core.opts.authenticate(tokenOf(req, query), req);
    if (!user) throw new HubHttpError(401, 'unauthorized', 'Missing or invalid access token.');
    if (core.closing) throw new HubHttpError(503, 'shutting_down', 'The server is shutting down.');
    if (!core.hasRoomFor(user.userId)) throw tooManyConnections(core);
    conn = core.createConnection(user.userId, 'socket', user.sessionKey);
  }
  if (!socket.writable) {
    core.forget(conn);
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => {
    core.attach(conn, new WebSocketTransport(ws, socket, maxBufferedBytes));
    ws.core = core;
    ws.conn = conn;
    ws.on('message', onHubSocketMessage);
    ws.on('close', onHubSocketClose);
    ws.on('error', ignoreError);
  });
}

function rejectUpgrade(socket: Duplex, error: HubHttpError): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message: error.message, code: error.code });
  const extra = Object.entries(error.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\nConnection: close\r\n${extra}` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

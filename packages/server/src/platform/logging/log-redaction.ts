/**
 * What a log line may say about a request or an error. Redaction works on what the server acts
 * on — the route pattern, the parsed route parameters and the parsed query, whose names are
 * already percent-decoded (`%61ccessToken` arrives as `accessToken`) — never on raw URL text.
 */

/** Names of route parameters and query parameters that carry secrets (compared case-insensitively). */
const SECRET_NAMES = new Set([
  'accesstoken',
  'access_token',
  'token',
  'code',
  'passcode',
  'pin',
  'pincode',
  'otp',
  'sessionid',
  'session_id',
  'connectiontoken',
  'sig',
  'signature',
]);

/** On hub paths `id` is the connection token (SignalR transports send it as `?id=`). */
const HUB_PATH = /^\/personalhub/i;

const REDACTED = '[redacted]';
const MAX_VALUE = 200;

/** Is a parameter of this name, on this route, a secret? */
export function isSecretName(name: string, route = ''): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || (lower === 'id' && HUB_PATH.test(route));
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
  if (Array.isArray(value)) return value.map(clean);
  return typeof value === 'number' || typeof value === 'boolean' ? value : '[value]';
}

/** Parsed parameters with the secret ones' values replaced by `[redacted]`. */
export function redactParams(params: unknown, route: string): Record<string, unknown> | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    out[name] = isSecretName(name, route) ? REDACTED : clean(value);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The parts of a Fastify request a log line may carry (what `req` serializes to). */
interface LoggableRequest {
  method?: string;
  headers?: Record<string, unknown>;
  ip?: string;
  params?: unknown;
  query?: unknown;
  routeOptions?: { url?: string };
}

const SECRET_HEADERS = new Set(['authorization', 'x-session-id', 'cookie', 'proxy-authorization']);

/**
 * A request as a log line sees it: method, route pattern, parsed parameters and query with
 * secrets redacted, headers without credentials. A request no route matched is logged without
 * its path or query: nothing parsed them, so nothing can say which parts are secret.
 */
export function describeRequest(request: LoggableRequest): Record<string, unknown> {
  const route = request.routeOptions?.url;
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  }
  return {
    method: request.method,
    route: route ?? '(no route)',
    params: route ? redactParams(request.params, route) : undefined,
    query: route ? redactParams(request.query, route) : undefined,
    headers,
    remoteAddress: request.ip,
  };
}

/**
 * The query string of a URL rebuilt from its parsed parameters, secrets redacted: for code that
 * must hand a URL on (the hub keeps `request.raw.url` clean for any later log line).
 */
export function redactedQueryUrl(url: string, route: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  let parsed: URLSearchParams;
  try {
    parsed = new URLSearchParams(url.slice(at + 1));
  } catch {
    return url.slice(0, at);
  }
  const pairs = [...parsed].map(
    ([name, value]) => `${encodeURIComponent(name)}=${isSecretName(name, route) ? REDACTED : encodeURIComponent(value)}`,
  );
  return `${url.slice(0, at)}?${pairs.join('&')}`;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  statusCode?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
}

/**
 * An error as a log line may carry it: type, message, code and stack frames, and what it wraps.
 * A failed SQL query keeps its text (placeholders) but never its parameters, and a driver
 * error never its `detail` (`Key (email)=(…)`): both carry personal data.
 */
export function describeError(error: unknown, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const e = error as ErrorLike;
  const type =
    (e.constructor?.name && e.constructor.name !== 'Object' ? e.constructor.name : undefined) ??
    (typeof e.name === 'string' ? e.name : 'Error');
  const isQuery = typeof e.query === 'string' && 'params' in e;
  const raw = isQuery ? `Failed query: ${e.query as string}` : typeof e.message === 'string' ? e.message : '';
  // SQLSTATE class 22 (data exception) quotes the offending value: `invalid input syntax for type uuid: "…"`.
  const message = typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) ? raw.replace(/"[^"]*"/g, '"[value]"') : raw;
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return {
    type,
    message,
    code: typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined,
    statusCode: typeof e.statusCode === 'number' ? e.statusCode : undefined,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
    cause: e.cause && depth < 3 ? describeError(e.cause, depth + 1) : undefined,
  };
}

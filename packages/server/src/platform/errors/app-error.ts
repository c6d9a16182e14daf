/** Stable error codes and the HTTP status each one maps to (one map, STYLE.md). */
const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  not_acceptable: 406,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  locked: 423,
  too_many_requests: 429,
  internal: 500,
  bad_gateway: 502,
  not_configured: 503,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** An error a client may see: its message is shown as is, its code is stable. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /** Extra fields of the body beside `message` and `code`: what a client needs to explain it (a reason, numbers). */
    readonly details: Readonly<Record<string, string | number>> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message);
export const unauthorized = (message = 'Sign in to continue.') => new AppError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('forbidden', message);
/** `notFound('card')` → "The card was not found." */
export const notFound = (what: string) => new AppError('not_found', `The ${what} was not found.`);
export const conflict = (message: string) => new AppError('conflict', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('too_many_requests', message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const notConfigured = (message: string) => new AppError('not_configured', message);
/** A service the request needs (the database) is down: 503 with Retry-After, so clients and proxies try again. */
export const unavailable = (message: string, retryAfterSeconds = 5) =>
  new AppError('unavailable', message, { 'retry-after': String(retryAfterSeconds) });

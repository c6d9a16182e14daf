/**
 * The typed fetch client of docs/contracts.md §7/§8: JSON bodies, `Authorization: Bearer`
 * when a token is stored (unless `auth: false`), `X-Session-Id` when a session
 * id is stored. A failed JSON call rejects with an `HttpError` whose message is
 * the response's `message` field, or the status code when there is none; a
 * raw download and a delete reject with the status.
 */
import { readStored } from '../platform/storage.ts';

export class HttpError extends Error {
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  /** The server's stable error code (docs/contracts.md §D3), when given. */
  readonly code: string | undefined;
  /** The body's other fields: what some refusals add to explain themselves (an adoption's reason and tries left). */
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, status: number, code?: string, details: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface TRequestOptions {
  /** Send the bearer token when one is stored (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** The headers every call sends. */
export function requestHeaders(options: TRequestOptions = {}, json = true): Headers {
  const headers = new Headers();
  if (json) {
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'application/json');
  }
  const token = options.auth === false ? null : readStored('accessToken');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const sessionId = readStored('sessionId');
  if (sessionId) headers.set('X-Session-Id', sessionId);
  return headers;
}

const NETWORK_ERROR = 'Network error: the server could not be reached.';

/** How a request's body goes: JSON, a multipart form, or text of a content type (a CSV file). */
type TBodyKind = 'json' | 'form' | { contentType: string };

/** One request: a JSON body (or none), a multipart form, or text. */
async function send(
  method: string,
  path: string,
  body: unknown,
  options: TRequestOptions,
  networkError = NETWORK_ERROR,
  kind: TBodyKind = 'json',
): Promise<Response> {
  try {
    const headers = requestHeaders(options, kind !== 'form');
    // No body (GET, DELETE): no JSON content type either; the server refuses an empty JSON body.
    if (body === undefined) headers.delete('Content-Type');
    if (typeof kind === 'object') headers.set('Content-Type', kind.contentType);
    return await fetch(path, {
      method,
      headers,
      body: kind === 'json' ? (body === undefined ? undefined : JSON.stringify(body)) : (body as FormData | string),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new HttpError(networkError, 0);
  }
}

async function errorOf(response: Response): Promise<HttpError> {
  let message: string | undefined;
  let code: string | undefined;
  let details: Record<string, unknown> = {};
  try {
    const data: unknown = await response.json();
    if (data && typeof data === 'object') {
      const { message: m, code: c, ...rest } = data as { message?: unknown; code?: unknown };
      if (typeof m === 'string' && m) message = m;
      if (typeof c === 'string') code = c;
      details = rest;
    }
  } catch {
    // Not JSON: fall back to the status code.
  }
  return new HttpError(message ?? String(response.status), response.status, code, details);
}

async function json<T>(method: string, path: string, body: unknown, options: TRequestOptions = {}, kind: TBodyKind = 'json'): Promise<T> {
  const response = await send(method, path, body, options, NETWORK_ERROR, kind);
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const http = {
  get: <T>(path: string, options?: TRequestOptions) => json<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: TRequestOptions) => json<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: TRequestOptions) => json<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: TRequestOptions) => json<T>('PATCH', path, body ?? {}, options),
  /** A POST of text (a CSV file) as `contentType`; answers and rejects like a JSON call. */
  postText: <T>(path: string, text: string, contentType: string, options?: TRequestOptions) =>
    json<T>('POST', path, text, options, { contentType }),
  /** Rejects with an HttpError whose message is the status (docs/contracts.md §8). */
  async delete(path: string, options: TRequestOptions = {}): Promise<void> {
    const response = await send('DELETE', path, undefined, options);
    if (!response.ok) throw new HttpError(String(response.status), response.status);
  },
  /**
   * A multipart upload (POST); answers and rejects like a JSON call. `networkError` is the
   * text when the request gets no answer.
   */
  async upload<T>(path: string, form: FormData, options: TRequestOptions & { networkError?: string } = {}): Promise<T> {
    const response = await send('POST', path, form, options, options.networkError, 'form');
    if (!response.ok) throw await errorOf(response);
    return (await response.json()) as T;
  },
  /**
   * A binary download (wallet pass, export); rejects with the status (docs/contracts.md §8), and with
   * the server's message when its refusal carries one (issue 30: a wallet failure shows the reason).
   */
  async download(path: string, options: TRequestOptions = {}): Promise<Blob> {
    let response: Response;
    try {
      response = await fetch(path, { headers: requestHeaders(options, false), signal: options.signal, credentials: 'same-origin' });
    } catch {
      throw new HttpError('0', 0);
    }
    if (!response.ok) throw await errorOf(response);
    return response.blob();
  },
};

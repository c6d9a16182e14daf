import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:access_?token|accessToken|token|pin|pinCode|code|otp)=)[^&#]*/gi;

/** The adoption passcode travels in the path: /api/vbc/adopt/{contactId}/{code}. */
const SECRET_PATH = /^(\/api\/vbc\/adopt\/[^/?#]+\/)[^/?#]+/i;

/** Replaces the values of secret-bearing query parameters (accessToken, access_token, …) and path segments (adoption code) with [redacted]. */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');

/** pino options: secrets in headers and query strings never reach the log. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-session-id"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          headers: {
            ...request.headers,
            authorization: request.headers.authorization === undefined ? undefined : '[redacted]',
            'x-session-id': request.headers['x-session-id'] === undefined ? undefined : '[redacted]',
            cookie: undefined,
          },
          remoteAddress: request.ip,
        };
      },
    },
  };
}

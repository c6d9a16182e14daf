import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import pinoPretty from 'pino-pretty';

const SECRET_QUERY = /([?&](?:access_?token|accessToken|token|pin|pinCode|code|otp)=)[^&#]*/gi;

/** The adoption passcode travels in the path: /api/vbc/adopt/{contactId}/{code}. */
const SECRET_PATH = /^(\/api\/vbc\/adopt\/[^/?#]+\/)[^/?#]+/i;

/** Replaces the values of secret-bearing query parameters (accessToken, access_token, …) and path segments (adoption code) with [redacted]. */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');

/** How log lines are written: for a person at a terminal, or one JSON object a line for a collector. */
export type TLogFormat = 'pretty' | 'json';

/** Pretty when stdout is a terminal and NODE_ENV is not production; JSON otherwise (files, pipes, containers). */
export function logFormat(stdoutIsTty: boolean | undefined = process.stdout.isTTY, nodeEnv: string | undefined = process.env.NODE_ENV): TLogFormat {
  return stdoutIsTty && nodeEnv !== 'production' ? 'pretty' : 'json';
}

/**
 * Where the app's log goes by default: stdout, through pino-pretty when `logFormat()` says so.
 * JSON is written asynchronously: lines logged while a write is in flight go out together in the
 * next one (one system call for many requests under load, at once when idle), and pino flushes
 * what is left when the process exits.
 */
function defaultStream(format: TLogFormat): pino.DestinationStream {
  if (format === 'json') return pino.destination({ dest: 1, sync: false });
  return pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true });
}

/**
 * Writes to the person at the terminal (stderr), never to the log stream on stdout: the
 * one-time admin token and the demo banner are for whoever started the server, not for a
 * log collector.
 */
export function toTerminal(text: string): void {
  process.stderr.write(text);
}

/** A client's X-Request-Id is kept when it is this short and plain; otherwise the server makes one. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id: the client's `X-Request-Id` when sane, else a new UUID (Fastify's genReqId). */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

/** pino options: secrets in headers and query strings never reach the log. */
export function loggerOptions(level: string, stream: pino.DestinationStream = defaultStream(logFormat())): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
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

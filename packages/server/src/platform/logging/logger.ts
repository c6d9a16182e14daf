import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
import pinoPretty from 'pino-pretty';
import { describeError, describeRequest } from './log-redaction.ts';

/** How log lines are written: for a person at a terminal, or one JSON object a line for a collector. */
export type TLogFormat = 'pretty' | 'json';

/** Pretty when stdout is a terminal and NODE_ENV is not production; JSON otherwise (files, pipes, containers). */
export function logFormat(
  stdoutIsTty: boolean | undefined = process.stdout.isTTY,
  nodeEnv: string | undefined = process.env.NODE_ENV,
): TLogFormat {
  return stdoutIsTty && nodeEnv !== 'production' ? 'pretty' : 'json';
}

/** JSON log lines are written once this many bytes are buffered (about 16 request lines)… */
export const LOG_BATCH_BYTES = 4096;
/** …or when this many milliseconds have passed, whichever comes first. */
export const LOG_FLUSH_MS = 100;

/**
 * Where the app's log goes by default: stdout, through pino-pretty when `logFormat()` says so.
 * JSON is written asynchronously in batches: one system call per LOG_BATCH_BYTES under load (a
 * write per request cost more than the card lookup itself), at most LOG_FLUSH_MS late when
 * quiet, and pino flushes what is left when the process exits.
 */
function defaultStream(format: TLogFormat): pino.DestinationStream {
  if (format === 'json') return pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
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

/** After this many ids from one prefix, a new prefix. */
const IDS_PER_PREFIX = 2 ** 31;
let idPrefix = '';
let idCount = IDS_PER_PREFIX;

/**
 * A new request id: 72 random bits, drawn once per IDS_PER_PREFIX ids, then a counter (`Kx3v9Qa1Lm0z-1f`,
 * hyperid's scheme). As unique across instances and restarts as a random id for each request, for
 * an increment: a random UUID for each cost a card read about 4,500 instructions (issue 13).
 */
export function newRequestId(): string {
  if (idCount === IDS_PER_PREFIX) {
    idPrefix = randomBytes(9).toString('base64url');
    idCount = 0;
  }
  return `${idPrefix}-${(idCount++).toString(36)}`;
}

/** The request id: the client's `X-Request-Id` when sane, else a new one (Fastify's genReqId). */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : newRequestId();
}

/**
 * pino options: secrets never reach the log. A request is logged from its route pattern and
 * parsed parameters (secret ones redacted by name, whatever their spelling in the URL), an
 * error without SQL parameters or driver details (log-redaction.ts).
 */
export function loggerOptions(level: string, stream: pino.DestinationStream = defaultStream(logFormat())): FastifyServerOptions['logger'] {
  return {
    level,
    stream,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-session-id"]', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: { req: describeRequest, err: describeError },
  };
}

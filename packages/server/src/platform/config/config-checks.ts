import { Redis } from 'ioredis';
import { ConfigError } from './config.ts';

/** `host:port` of a service URL, without the credentials it may carry. */
export function describeServiceUrl(url: string, defaultPort: number): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || defaultPort}`;
}

/** The innermost cause of an error (drizzle wraps the driver's). */
function rootCause(error: unknown): unknown {
  let current = error;
  for (let i = 0; i < 5 && current instanceof Error && current.cause; i++) current = current.cause;
  return current;
}

/** The reason of a connection failure in a few words (ECONNREFUSED, a server's error reply…). */
const reasonOf = (error: unknown): string => {
  const cause = rootCause(error);
  const code = (cause as NodeJS.ErrnoException)?.code;
  if (code?.startsWith('E')) return code;
  return cause instanceof Error ? cause.message : String(cause);
};

/**
 * Connects to REDIS_URL once and PINGs it, so a server that could not fan out or count rate
 * limits does not start: a ConfigError naming the variable, not reconnect noise and a stack.
 */
export async function checkRedisReachable(url: string, timeoutMs = 5000): Promise<void> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let socketError: unknown;
  probe.on('error', (error) => (socketError ??= error));
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new ConfigError(`REDIS_URL: cannot reach Redis at ${describeServiceUrl(url, 6379)} (${reasonOf(socketError ?? error)})`);
  } finally {
    probe.disconnect();
  }
}

/** Runs `open` (which connects to DATABASE_URL); a failure to connect becomes a ConfigError naming the variable. */
export async function withDatabaseUrl<T>(url: string | undefined, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    const code = (rootCause(error) as NodeJS.ErrnoException)?.code;
    const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', '28P01', '3D000'].includes(code ?? '');
    if (url && unreachable)
      throw new ConfigError(`DATABASE_URL: cannot use PostgreSQL at ${describeServiceUrl(url, 5432)} (${reasonOf(error)})`);
    throw error;
  }
}

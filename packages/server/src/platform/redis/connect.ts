import { Redis, type RedisOptions } from 'ioredis';

export interface TBoundedRedisOptions {
  /** Longest wait for one command, and for any answer while a command is outstanding (REDIS_TIMEOUT_MS). */
  timeoutMs: number;
  /** Called when a connection is taken for dead (no answer within timeoutMs); it is then rebuilt. */
  onTimeout?: () => void;
  /** Connection errors (ioredis reconnects by itself); a timeout is reported here too. */
  onError?: (error: Error) => void;
  /** Passed on to ioredis (offline queue, retries). */
  redisOptions?: RedisOptions;
}

/** The message ioredis destroys a socket with when `socketTimeout` passes without an answer. */
const SOCKET_TIMEOUT = /^Socket timeout/;

/**
 * A Redis connection whose every wait is bounded, so a silent network cut (packets dropped, no
 * reset) is noticed within `timeoutMs` and a half of it rather than at TCP's next retransmission:
 * - each command fails after `timeoutMs` (`commandTimeout`);
 * - a connection that sent a command and heard nothing for `timeoutMs` is destroyed
 *   (`socketTimeout`), so its status leaves 'ready' and ioredis reconnects (each try bounded by
 *   `connectTimeout`) — the callers' "Redis is down" paths start at once from then on;
 * - an idle connection is PINGed every `timeoutMs / 2`, so a cut is noticed even when nothing is
 *   sent (a subscriber connection only ever receives);
 * - a command caught in a dropped connection fails rather than being sent again after the
 *   reconnect (a PUBLISH repeated seconds later would deliver an event twice).
 */
export function openBoundedRedis(url: string, options: TBoundedRedisOptions): Redis {
  const redis = new Redis(url, {
    ...options.redisOptions,
    commandTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    connectTimeout: options.timeoutMs,
    keepAlive: 1000,
    autoResendUnfulfilledCommands: false,
  });
  redis.on('error', (error: Error) => {
    if (SOCKET_TIMEOUT.test(error.message)) options.onTimeout?.();
    options.onError?.(error);
  });
  const heartbeat = setInterval(
    () => {
      if (redis.status === 'ready') redis.ping().catch(() => undefined);
    },
    Math.max(50, Math.floor(options.timeoutMs / 2)),
  );
  heartbeat.unref();
  redis.once('end', () => clearInterval(heartbeat));
  return redis;
}

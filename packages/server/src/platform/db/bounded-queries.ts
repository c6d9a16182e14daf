import type { Pool, PoolClient } from 'pg';
import type { Socket } from 'node:net';

/**
 * What every query of a connection fails with when one of them had no answer in time: the
 * connection is dropped, so its requests answer 503 at once (`isDatabaseUnavailable` knows the
 * code) instead of waiting for TCP to give up on a silent network cut.
 */
export class DatabaseTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(timeoutMs: number) {
    super(`PostgreSQL did not answer a query within ${timeoutMs} ms; the connection was dropped.`);
    this.name = 'DatabaseTimeoutError';
  }
}

type TQueryFn = (...args: unknown[]) => unknown;

/**
 * Bounds every query on the pool's connections to `timeoutMs`: a query still unanswered then
 * destroys its connection's socket, which fails that query and every one queued behind it with a
 * DatabaseTimeoutError, and the pool never hands the connection out again (pg-pool drops a client
 * that is not queryable when released). A retry of a send that may have committed meanwhile is
 * answered by its clientMessageId, so dropping the connection loses nothing and doubles nothing.
 *
 * Unlike pg's own `query_timeout`, which only stops waiting and leaves the query running on the
 * connection (a transaction's ROLLBACK then waits behind it, and the connection goes back to the
 * pool still busy), this leaves no half-finished connection behind.
 */
export function boundQueries(pool: Pool, timeoutMs: number, onTimeout: () => void): void {
  pool.on('connect', (client: PoolClient) => {
    // A checked-out client whose socket fails emits 'error' with no pool listener attached; the
    // error reaches its queries, so the event itself needs no handling here, only a listener.
    client.on('error', () => undefined);
    const query = client.query.bind(client) as TQueryFn;
    // Read when needed: with TLS the connection's stream is replaced by the TLS socket after the handshake.
    const connection = (client as unknown as { connection: { stream: Socket } }).connection;
    (client as unknown as { query: TQueryFn }).query = (...args: unknown[]) => {
      const timer = setTimeout(() => {
        onTimeout();
        connection.stream.destroy(new DatabaseTimeoutError(timeoutMs));
      }, timeoutMs);
      const settle = (): void => clearTimeout(timer);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...answer: unknown[]) => {
          settle();
          (callback as TQueryFn)(...answer);
        };
      }
      let result: unknown;
      try {
        result = query(...args);
      } catch (error) {
        settle();
        throw error;
      }
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(settle, settle);
      // A query object with no callback and no promise (pg-cursor and the like) cannot be followed: left unbounded.
      else if (typeof callback !== 'function') settle();
      return result;
    };
  });
}

import { unavailable, type AppError } from '../errors/app-error.ts';
import { NETWORK_ERROR_CODES } from '../errors/network-codes.ts';

/** pg messages for a connection lost or never made (they carry no code). */
const LOST_CONNECTION =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable/i;

/**
 * Is this error (or one it wraps, through `cause`: Drizzle wraps driver errors) the database being
 * unavailable rather than a bug: network failures, SQLSTATE class 08 (connection exception),
 * 57P01–57P03 (shutting down, cannot connect now) and 53300 (too many connections)?
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (NETWORK_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300')
    )
      return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}

/** What a request that needs the unreachable database answers: 503 with Retry-After (the error handler, the hub's refusals). */
export const databaseUnavailable = (): AppError => unavailable('The database is not reachable right now. Try again in a moment.');

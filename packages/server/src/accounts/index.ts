/**
 * Accounts' public surface: what other domains may import of accounts and sessions. Its services
 * are the `app.accounts`, `app.clock` and `app.accountEvents` decorators (plugin.ts).
 */
export type { Clock } from './clock.ts';
export type { TCodeSignInPolicy, TSignedInStep } from './deps.ts';
export type { TSignInStep } from './verified-email-sign-in.ts';
export { findSession, type AuthAccount } from './sessions.ts';
export { newToken, sha256 } from './sessions.ts';

import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSession, type AuthAccount } from '../accounts/sessions.ts';
import { sessionIdHashMatches } from '../accounts/session-check.ts';
import { unauthorized } from '../errors/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, when the request carries a live bearer token. */
    account: AuthAccount | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers a wrong `X-Session-Id` itself (validatesession says `{valid: false}`):
     * the request goes on signed out instead of being refused with 401.
     */
    reportsSessionMismatch?: boolean;
  }
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in account, or a 401 (STYLE.md: authorization is an explicit call that throws). */
export function requireAccount(request: FastifyRequest): AuthAccount {
  if (!request.account) throw unauthorized();
  return request.account;
}

/**
 * Resolves `Authorization: Bearer` to `request.account` on every request. A request that also
 * sends `X-Session-Id` (SPEC §7: "when one is stored") must send the session id issued with that
 * token, else it is refused with 401; a request that sends none is judged by its token alone.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('account', null);
    const signIn = async (request: FastifyRequest, token: string) => {
      const account = await findSession(app.db, token);
      const sessionId = request.headers['x-session-id'];
      if (account && sessionId !== undefined && (typeof sessionId !== 'string' || !sessionIdHashMatches(account.sessionIdHash, sessionId))) {
        if (request.routeOptions.config.reportsSessionMismatch) return;
        throw unauthorized('X-Session-Id does not belong to the session of this access token. Sign in again.');
      }
      request.account = account;
    };
    // Callback style: a request without a token (every public card read) goes on at once, with no promise to settle.
    app.addHook('onRequest', (request, _reply, done) => {
      const token = bearerToken(request);
      if (!token || token.length > 200) return done();
      signIn(request, token).then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../platform/errors/app-error.ts';
import { bearerToken } from '../platform/plugins/auth.ts';
import { sessionIdHashMatches } from './session-check.ts';
import { SessionCache } from './session-cache.ts';
import { findSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sessions by token (accounts/session-cache.ts); `forget` on sign-out reaches every instance. */
    sessionCache: SessionCache;
  }
}

/**
 * Resolves `Authorization: Bearer` to `request.account` on every request, through this instance's
 * session cache. A request that also
 * sends `X-Session-Id` (docs/contracts.md §7: "when one is stored") must send the session id issued with that
 * token, else it is refused with 401; a request that sends none is judged by its token alone.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('account', null);
    const cache = new SessionCache(app.backplane);
    const stopListening = await cache.start();
    app.addHook('onClose', () => stopListening());
    app.decorate('sessionCache', cache);
    const signIn = async (request: FastifyRequest, token: string) => {
      const account = await findSession(app.db, token, new Date(), cache);
      const sessionId = request.headers['x-session-id'];
      if (
        account &&
        sessionId !== undefined &&
        (typeof sessionId !== 'string' || !sessionIdHashMatches(account.sessionIdHash, sessionId))
      ) {
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
  { name: 'auth', dependencies: ['db', 'backplane'] },
);

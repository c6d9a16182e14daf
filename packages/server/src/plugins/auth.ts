import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSession, type AuthAccount } from '../accounts/sessions.ts';
import { unauthorized } from '../errors/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, when the request carries a live bearer token. */
    account: AuthAccount | null;
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

/** Resolves `Authorization: Bearer` to `request.account` on every request. */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest('account', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (token && token.length <= 200) request.account = await findSession(app.db, token);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

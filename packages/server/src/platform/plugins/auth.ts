import type { FastifyRequest } from 'fastify';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { unauthorized } from '../errors/app-error.ts';

/** The signed-in account of a request (accounts/auth-plugin.ts resolves it from the bearer token). */
export interface AuthAccount {
  id: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  /** The language the person chose (issue 31), or null: the request's Accept-Language decides. */
  language: TLocale | null;
  /** Row id of the session the request came with. */
  sessionRowId: string;
  /** SHA-256 of the session id issued with this token: `X-Session-Id`, when sent, must hash to it. */
  sessionIdHash: string;
}

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

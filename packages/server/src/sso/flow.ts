import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { TLoginResult } from '@vbc/shared';
import { SSO_ERRORS, emailDomain, type TSsoDiscovery, type TSsoError } from '@vbc/shared/sso';
import type { Db } from '../platform/db/client.ts';
import {
  corporateAccountMembers,
  corporateAccounts,
  corporateDomains,
  corporateInvitations,
  corporateSso,
  ssoLogins,
} from '../platform/db/schema/index.ts';
import { AppError, forbidden, notFound } from '../platform/errors/app-error.ts';
import type { TSsoDeps } from './deps.ts';

/** A sign-on started must come back within this long. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;
/** The app exchanges its handoff within this long. */
export const SSO_HANDOFF_TTL_MS = 60_000;
/** Where the person lands when the app path is unknown (a callback without a known state). */
export const DEFAULT_RETURN = '/vbc/';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The SSO that covers an e-mail's domain (a verified domain of its business), with the business's name. */
async function ssoForEmail(db: Db, email: string) {
  const domain = emailDomain(email);
  const [row] = await db
    .select({
      corporateAccountId: corporateSso.corporateAccountId,
      business: corporateAccounts.name,
      requireSso: corporateSso.requireSso,
      domain: corporateDomains.domain,
    })
    .from(corporateSso)
    .innerJoin(corporateAccounts, eq(corporateAccounts.id, corporateSso.corporateAccountId))
    .innerJoin(
      corporateDomains,
      and(
        eq(corporateDomains.corporateAccountId, corporateSso.corporateAccountId),
        eq(corporateDomains.domain, domain),
        isNotNull(corporateDomains.verifiedAt),
      ),
    )
    .where(sql`${domain} = any(${corporateSso.domains})`)
    .limit(1);
  return row;
}

/** GET /api/sso/discover: where an address signs in with its business's SSO, or a 404. */
export async function discoverSso(db: Db, email: string): Promise<TSsoDiscovery> {
  const found = await ssoForEmail(db, email);
  if (!found) throw notFound('single sign-on for this address');
  const query = new URLSearchParams({ corporateAccountId: found.corporateAccountId, email });
  return { ssoUrl: `/api/sso/start?${query}`, business: found.business, requireSso: found.requireSso };
}

/** `app.codeSignInPolicies` entry: a business that requires its SSO refuses one-time codes for its domains (403 naming it). */
export async function requireSsoPolicy(db: Db, channel: 'email' | 'phone', contact: string): Promise<void> {
  if (channel !== 'email') return;
  const found = await ssoForEmail(db, contact);
  if (found?.requireSso) {
    throw forbidden(
      `${found.business} requires its single sign-on for ${found.domain} addresses: choose "Continue with ${found.business} SSO".`,
    );
  }
}

/** An app path to come back to: same origin, under /vbc/; anything else is the app's start. */
export function safeReturnTo(value: string | undefined): string {
  if (!value || !/^\/vbc(?:\/|$)/.test(value) || value.includes('//') || value.includes('\\') || value.includes('#')) return DEFAULT_RETURN;
  return value;
}

/** Where the browser goes next: the identity provider, or back to the app with an outcome in the fragment. */
export interface TSsoRedirect {
  location: string;
}

const back = (returnTo: string, reason: TSsoError): TSsoRedirect => ({ location: `${returnTo}#ssoError=${reason}` });

async function settingsOf(deps: TSsoDeps, corporateAccountId: string) {
  const [row] = await deps.db.select().from(corporateSso).where(eq(corporateSso.corporateAccountId, corporateAccountId)).limit(1);
  if (!row) return undefined;
  return { row, idp: { issuer: row.issuer, clientId: row.clientId, clientSecret: deps.box.open(row.clientSecretSealed) } };
}

/**
 * GET /api/sso/start: keeps a fresh state, nonce and PKCE verifier (hashed or sealed), bound to the
 * browser's cookie, and sends the browser to the provider's authorization endpoint (authorization
 * code flow, S256). A provider that cannot be reached sends it back with `idp_down`.
 */
export async function startSso(
  deps: TSsoDeps,
  request: { corporateAccountId: string; email?: string; returnTo?: string; browserToken: string },
): Promise<TSsoRedirect> {
  const returnTo = safeReturnTo(request.returnTo);
  const settings = await settingsOf(deps, request.corporateAccountId);
  if (!settings) throw notFound('single sign-on configuration');
  let config: client.Configuration;
  try {
    config = await deps.oidc(settings.idp);
  } catch (error) {
    deps.log.warn(
      { corporateAccountId: request.corporateAccountId, code: (error as { code?: string }).code },
      'sso: provider discovery failed',
    );
    return back(returnTo, 'idp_down');
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = deps.now();
  await deps.db.insert(ssoLogins).values({
    corporateAccountId: request.corporateAccountId,
    stateHash: sha256(state),
    browserHash: sha256(request.browserToken),
    checksSealed: deps.box.seal(JSON.stringify({ nonce, codeVerifier })),
    returnTo,
    expiresAt: new Date(now.getTime() + SSO_LOGIN_TTL_MS),
  });
  const parameters: Record<string, string> = {
    redirect_uri: deps.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  };
  if (request.email) parameters.login_hint = request.email;
  return { location: client.buildAuthorizationUrl(config, parameters).href };
}

/** Which of SSO_ERRORS an openid-client failure is: the library's codes and its causes' claim names decide, never its text. */
function reasonOf(error: unknown): TSsoError {
  if ((error as { code?: string }).code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR') return 'denied';
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    // The provider could not be reached: openid-client wraps the fetch's error as its cause.
    if (cause instanceof Error && cause.name === 'OutboundError') return 'idp_down';
    if ((cause as { claim?: unknown }).claim === 'nonce') return 'nonce';
  }
  return 'token';
}

/**
 * GET /api/sso/callback: the state must be one this browser started, unused and unexpired; the
 * code is exchanged with the verifier, and openid-client checks the ID token (signature, issuer,
 * audience, times, nonce). An ID token whose e-mail is verified and in one of the SSO's domains
 * leaves a one-time handoff in the app's URL; every failure leaves `#ssoError=` and creates nothing.
 */
export async function finishSso(
  deps: TSsoDeps,
  request: { query: URLSearchParams; browserToken: string | undefined },
): Promise<TSsoRedirect> {
  const state = request.query.get('state');
  const now = deps.now();
  if (!state || !request.browserToken) return back(DEFAULT_RETURN, 'state');
  // Used up at once, whatever follows: a state works once.
  const [login] = await deps.db
    .update(ssoLogins)
    .set({ usedAt: now })
    .where(and(eq(ssoLogins.stateHash, sha256(state)), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, now)))
    .returning();
  if (!login || login.browserHash !== sha256(request.browserToken)) return back(login?.returnTo ?? DEFAULT_RETURN, 'state');
  const fail = (reason: TSsoError, error?: unknown) => {
    deps.log.info(
      { corporateAccountId: login.corporateAccountId, reason, code: (error as { code?: string } | undefined)?.code },
      'sso: sign-in refused',
    );
    return back(login.returnTo, reason);
  };
  const settings = await settingsOf(deps, login.corporateAccountId);
  if (!settings) return fail('state');
  const checks = JSON.parse(deps.box.open(login.checksSealed)) as { nonce: string; codeVerifier: string };
  let claims: client.IDToken | undefined;
  try {
    const config = await deps.oidc(settings.idp);
    const tokens = await client.authorizationCodeGrant(config, new URL(`${deps.redirectUri}?${request.query}`), {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // A provider that keeps the ID token minimal (OpenID Connect Core §5.4) answers the e-mail at userinfo.
    if (claims && claims.email === undefined) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      claims = { ...claims, email: info.email, email_verified: info.email_verified, name: claims.name ?? info.name };
    }
  } catch (error) {
    return fail(reasonOf(error), error);
  }
  if (!claims) return fail('token');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified !== true) return fail('email_unverified');
  const covering = await ssoForEmail(deps.db, email);
  if (covering?.corporateAccountId !== login.corporateAccountId) return fail('email_domain');
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.slice(0, email.indexOf('@'));
  const handoff = randomBytes(32).toString('base64url');
  await deps.db
    .update(ssoLogins)
    .set({
      identitySealed: deps.box.seal(JSON.stringify({ email, name })),
      handoffHash: sha256(handoff),
      handoffExpiresAt: new Date(now.getTime() + SSO_HANDOFF_TTL_MS),
    })
    .where(eq(ssoLogins.id, login.id));
  return { location: `${login.returnTo}#ssoHandoff=${handoff}` };
}

/**
 * POST /api/sso/complete: exchanges the handoff (once, within a minute) for a session, exactly as
 * a one-time code's sign-in answers; the account is made on first sign-in and joined to the
 * business as a member, or with the role of the business's pending invitation to that e-mail (an
 * existing membership keeps its role). The sign-in's auto-join (corporate) then accepts that
 * invitation, with its card.
 */
export async function completeSso(deps: TSsoDeps, handoff: string): Promise<TLoginResult> {
  const now = deps.now();
  const [login] = await deps.db
    .update(ssoLogins)
    .set({ handoffHash: null })
    .where(and(eq(ssoLogins.handoffHash, sha256(handoff)), gt(ssoLogins.handoffExpiresAt, now)))
    .returning({ id: ssoLogins.id, corporateAccountId: ssoLogins.corporateAccountId, identitySealed: ssoLogins.identitySealed });
  if (!login?.identitySealed) throw new AppError('gone', SSO_ERRORS.handoff);
  const person = JSON.parse(deps.box.open(login.identitySealed)) as { email: string; name: string };
  const { created, ...result } = await deps.signInVerifiedEmail(person, async (tx, accountId) => {
    // A pending invitation to this business decides the role; the sign-in's auto-join then accepts it.
    const [invited] = await tx
      .select({ role: corporateInvitations.role })
      .from(corporateInvitations)
      .where(and(eq(corporateInvitations.corporateAccountId, login.corporateAccountId), eq(corporateInvitations.email, person.email)));
    await tx
      .insert(corporateAccountMembers)
      .values({ corporateAccountId: login.corporateAccountId, accountId, role: invited?.role ?? 'member' })
      .onConflictDoNothing();
  });
  await deps.db.update(ssoLogins).set({ identitySealed: null }).where(eq(ssoLogins.id, login.id));
  deps.log.info({ corporateAccountId: login.corporateAccountId, created }, 'sso: signed in');
  return result;
}

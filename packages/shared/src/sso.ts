import { z } from 'zod';

/**
 * Issue 27: a business's verified e-mail domains and its single sign-on (OpenID Connect).
 */

/** Where a business serves its domain token: `https://{domain}` + this path. */
export const DOMAIN_VERIFICATION_PATH = '/.well-known/vbc-verification.txt';

/**
 * A domain as a business names it: a host name of two labels or more, lower-cased; `host:port`
 * only where the server allows it (a local test server, ALLOW_INSECURE_OUTBOUND).
 */
export const ZDomainName = z
  .string({ error: 'Required.' })
  .trim()
  .toLowerCase()
  .max(253, 'At most 253 characters.')
  .regex(
    /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]|(?:127\.0\.0\.1|localhost):\d{1,5})$/,
    'Must be a domain name such as example.com.',
  );

/** The domain of an e-mail address, lower-cased (what a verified domain is compared with). */
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** POST /api/corporate/{corporateAccountId}/domains */
export const ZAddDomain = z.object({ domain: ZDomainName }).strict();
export type TAddDomain = z.input<typeof ZAddDomain>;

/** A business's domain, verified or waiting for its token to be served. */
export const ZCorporateDomain = z.object({
  domain: z.string(),
  /** The text to serve at `fileUrl` (the whole file, or one line of it). */
  token: z.string(),
  /** Where the token must be served. */
  fileUrl: z.string(),
  verified: z.boolean(),
  /** `file`: the token was found at fileUrl; `operator`: the operator vouched for it. */
  verifiedBy: z.enum(['file', 'operator']).nullable(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCorporateDomain = z.infer<typeof ZCorporateDomain>;

/** PUT /api/admin/corporates/{corporateAccountId}/domains/{domain} (the operator vouches, or withdraws). */
export const ZVouchDomain = z.object({ verified: z.boolean({ error: 'Required: true or false.' }) }).strict();

/** PUT /api/corporate/{corporateAccountId}/sso */
export const ZSsoSettingsInput = z
  .object({
    /** The identity provider's issuer URL (its discovery document is at `{issuer}/.well-known/openid-configuration`). */
    issuer: z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(2048, 'At most 2048 characters.').url('Must be a URL.'),
    clientId: z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(512, 'At most 512 characters.'),
    /** Omitted (or empty) on a later PUT: the stored secret is kept. Required the first time. */
    clientSecret: z.string().max(2048, 'At most 2048 characters.').optional(),
    /** Verified domains of the business whose addresses sign in here. */
    domains: z.array(ZDomainName).min(1, 'Name at least one verified domain.').max(50, 'At most 50 domains.'),
    /** One-time codes for these domains are refused (403) while set. */
    requireSso: z.boolean().default(false),
  })
  .strict();
export type TSsoSettingsInput = z.input<typeof ZSsoSettingsInput>;

/** GET /api/corporate/{corporateAccountId}/sso: the settings, never the secret. */
export const ZSsoSettings = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a secret is stored (it is never shown again). */
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  requireSso: z.boolean(),
  /** The redirect URI to register at the identity provider. */
  redirectUri: z.string(),
  updatedAt: z.string(),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

/** GET /api/sso/discover?email= */
export const ZSsoDiscovery = z.object({
  /** Open this (same origin) to start signing in at the business's identity provider. */
  ssoUrl: z.string(),
  /** The business's name: the button says "Continue with {business} SSO". */
  business: z.string(),
  /** One-time codes are refused for this address. */
  requireSso: z.boolean(),
});
export type TSsoDiscovery = z.infer<typeof ZSsoDiscovery>;

/** POST /api/sso/complete: the one-time handoff the callback put in the app's URL. */
export const ZSsoComplete = z.object({ handoff: z.string({ error: 'Required.' }).min(1, 'Required.').max(200) }).strict();

/** Why a single sign-on did not sign the person in: the callback's `#ssoError=` and the sign-in window's words. */
export const SSO_ERRORS = {
  state: 'This sign-in link is no longer valid (it was used, expired or opened in another browser). Start again.',
  nonce: 'Your identity provider answered for another sign-in. Start again.',
  token: 'Your identity provider’s answer could not be trusted (expired, or meant for another application). Start again.',
  email_unverified: 'Your identity provider has not verified your e-mail address, so it cannot sign you in here.',
  email_domain: 'Your identity provider signed you in with an address this business’s SSO does not cover.',
  denied: 'Single sign-on was cancelled at your identity provider.',
  idp_down: 'Your identity provider could not be reached. Try again in a moment.',
  handoff: 'This sign-in has expired. Start again.',
} as const;
export type TSsoError = keyof typeof SSO_ERRORS;

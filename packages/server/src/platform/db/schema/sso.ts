import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { corporateAccounts } from './corporate-accounts.ts';

/**
 * An e-mail domain a business claims (issue 27). Verified when its token was found at
 * `https://{domain}/.well-known/vbc-verification.txt` or the operator vouched for it; a domain is
 * verified for one business at most.
 */
export const corporateDomains = pgTable(
  'corporate_domains',
  {
    corporateAccountId: uuid('corporate_account_id')
      .notNull()
      .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    /** Lower-case host name (`host:port` only for local test servers). */
    domain: text('domain').notNull(),
    /** What the business serves to prove the domain (public by nature). */
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by').$type<'file' | 'operator'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.corporateAccountId, t.domain] }),
    uniqueIndex('corporate_domains_verified_idx')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/** A business's OpenID Connect identity provider (issue 27); the client secret sealed (platform/crypto/secret-box.ts). */
export const corporateSso = pgTable('corporate_sso', {
  corporateAccountId: uuid('corporate_account_id')
    .primaryKey()
    .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** `v1.<iv>.<tag>.<ciphertext>` of the client secret. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** Verified domains of the business whose addresses sign in here. */
  domains: text('domains').array().notNull(),
  requireSso: boolean('require_sso').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One single sign-on in progress: started (state, nonce and PKCE verifier kept for the callback,
 * bound to the browser by a cookie), then, once the ID token signed the person in, a one-time
 * handoff the app exchanges for its session (the account is made or found only then). Secrets are stored as SHA-256 or sealed.
 * Swept once expired (sso/sweep-logins.ts).
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateAccountId: uuid('corporate_account_id')
      .notNull()
      .references(() => corporateAccounts.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    /** SHA-256 of the browser cookie that started it. */
    browserHash: text('browser_hash').notNull(),
    /** Sealed JSON `{nonce, codeVerifier}`. */
    checksSealed: text('checks_sealed').notNull(),
    /** The app path to return to (same origin). */
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the callback used the state (a state works once). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Sealed JSON `{email, name}` of the person the ID token named, kept for the handoff. */
    identitySealed: text('identity_sealed'),
    /** The handoff the app exchanges (once, within a minute) for its session. */
    handoffHash: text('handoff_hash'),
    handoffExpiresAt: timestamp('handoff_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_logins_state_idx').on(t.stateHash),
    uniqueIndex('sso_logins_handoff_idx').on(t.handoffHash),
    // The sweep of expired attempts (sso/sweep-logins.ts).
    index('sso_logins_expires_idx').on(t.expiresAt),
  ],
);

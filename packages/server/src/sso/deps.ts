import type { Configuration } from 'openid-client';
import type { TLoginResult } from '@vbc/shared';
import type { TSignInStep } from '../accounts/index.ts';
import type { Db } from '../platform/db/client.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import type { TDomainDeps } from './domains.ts';

/** The identity provider's settings a client is built from. */
export interface TIdpSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the single sign-on services need; the sso plugin builds it from the app. */
export interface TSsoDeps extends TDomainDeps {
  db: Db;
  /** Seals client secrets and the flow's checks (purpose `sso`). */
  box: SecretBox;
  /** `{PUBLIC_URL}/api/sso/callback`: the redirect URI registered at the identity provider. */
  redirectUri: string;
  /** Discovers the provider and returns an openid-client configuration (oidc-client.ts). */
  oidc(settings: TIdpSettings): Promise<Configuration>;
  /** `app.accounts.signInVerifiedEmail`: the account signed in (made on first sign-in), as a code's sign-in answers. */
  signInVerifiedEmail(person: { email: string; name: string }, step: TSignInStep): Promise<TLoginResult & { created: boolean }>;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

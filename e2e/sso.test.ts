/**
 * Issue 27's single sign-on in a real browser against the real server and a real OpenID provider
 * (oidc-provider on 127.0.0.1, its own login and consent pages): "Continue with {business} SSO" in
 * the sign-in window signs a new person in (account made, joined as member); each refusal (bad
 * state, wrong nonce, unverified e-mail, expired token, foreign audience, provider down) comes back
 * to the sign-in window with its message and makes no account; Require SSO refuses codes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import { SSO_ERRORS, type TSsoError } from '../packages/shared/src/sso.ts';
import { accounts, corporateAccountMembers } from '../packages/server/src/platform/db/schema/index.ts';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { buildBusiness } from '../packages/server/src/test/directories-support.ts';
import { startTestIdp, type TTestIdp } from '../packages/server/src/test/oidc-provider.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

// 4xx: the sign-in window asks for an SSO for each domain typed (404: none). The provider's development pages load a web font from the internet, which this machine cannot reach.
const realErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: (the server responded with a status of 4\d\d|net::ERR_NAME_NOT_RESOLVED)/.test(e));

describe.runIf(hasChromium())('single sign-on in the browser against a real OpenID provider', () => {
  let server: RunningServer;
  let idp: TTestIdp;
  let browser: Browser;
  const domain = `sso-${randomBytes(3).toString('hex')}.example`;
  const business = `Acme ${randomBytes(2).toString('hex')}`;
  let corporateAccountId: string;
  let ownerId: string;
  const client = { clientId: 'vbc-e2e', clientSecret: `e2e-secret-${randomBytes(10).toString('hex')}`, redirectUri: '' };

  beforeAll(async () => {
    server = await startServer({ ALLOW_INSECURE_OUTBOUND: 'true' });
    client.redirectUri = `${server.url}/api/sso/callback`;
    idp = await startTestIdp({
      clients: [client, { ...client, clientId: 'another-app', clientSecret: 'another-secret-0123' }],
      defaultDomain: domain,
    });
    const owner = await buildAccount(server.app);
    ownerId = owner.account.id;
    corporateAccountId = (await buildBusiness(server.app, { name: business, memberEmails: [owner.account.email!] })).corporateAccountId;
    await server.app.sso.vouchDomain(corporateAccountId, domain, true);
    await server.app.sso.putSso(
      corporateAccountId,
      {
        issuer: idp.issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        domains: [domain],
        requireSso: false,
      },
      owner.account.id,
    );
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 }, hasTouch: true });
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await server?.close();
  });

  const authDialog = (page: Page) => page.getByTestId('auth-dialog');
  const accountsWith = (email: string) => server.app.db.select().from(accounts).where(eq(accounts.email, email));

  /** A signed-out page without a provider session. */
  async function freshPage() {
    await browser.context.clearCookies();
    const page = await browser.page();
    await page.goto('/vbc/');
    await page.evaluate(() => localStorage.clear());
    return page;
  }

  /** A fresh page, the sign-in window open with `email` typed. */
  async function typeEmail(email: string) {
    const page = await freshPage();
    await page.reload();
    await page.getByRole('button', { name: 'Login / Register' }).click();
    const dialog = authDialog(page);
    await dialog.getByTestId('contact-input').fill(email);
    return { page, dialog };
  }

  /** The provider's own pages: its login form (any password), then its consent. */
  async function signInAtIdp(page: Page, login: string, beforeConsent?: () => void) {
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    beforeConsent?.();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  /** Rewrites the authorization URL our server sends the browser to (a tampered request at the provider). */
  async function tamperAuthorization(page: Page, change: (url: URL) => void) {
    await page.route('**/api/sso/start?**', async (route: Route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = new URL(response.headers()['location']!);
      change(location);
      await route.fulfill({ response, headers: { ...response.headers(), location: location.href } });
    });
  }

  async function expectRefused(page: Page, email: string, reason: TSsoError) {
    const dialog = authDialog(page);
    await dialog.getByTestId('sso-error').getByText(SSO_ERRORS[reason]).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await accountsWith(email)).toHaveLength(0);
  }

  it('continues with the business SSO: a new person is signed in, made a member, as a one-time code would', async () => {
    const email = `nina@${domain}`;
    idp.people.set(email, { email, email_verified: true, name: 'Nina Newhire' });
    const { page, dialog } = await typeEmail(email);
    const button = dialog.getByRole('link', { name: `Continue with ${business} SSO` });
    await button.waitFor();
    await expectAccessible(page, 'the sign-in window offering SSO');
    await button.click();
    await page.waitForURL((url) => url.origin === idp.issuer);
    await signInAtIdp(page, email);
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/vbc/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vbc.accessToken'))).toBeTruthy();
    expect(new URL(page.url()).hash).toBe('');
    const [account] = await accountsWith(email);
    expect(account!.name).toBe('Nina Newhire');
    const [member] = await server.app.db.select().from(corporateAccountMembers).where(eq(corporateAccountMembers.accountId, account!.id));
    expect(member).toMatchObject({ corporateAccountId, role: 'member' });
    // The app's own session check accepts it.
    const valid = await page.evaluate(async () => {
      const response = await fetch('/api/personalAccount/validatesession', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('vbc.accessToken')}`,
          'x-session-id': localStorage.getItem('vbc.sessionId')!,
        },
      });
      return response.json();
    });
    expect(valid).toEqual({ valid: true });
    expect(realErrors(browser.errors)).toEqual([]);
    await page.close();
  });

  it('a bad state comes back to the sign-in window with its message', async () => {
    const page = await freshPage();
    await page.goto('/api/sso/callback?code=stolen&state=forged-state-0123456789abcdef');
    await page.waitForURL((url) => url.pathname === '/vbc/');
    await authDialog(page).getByTestId('sso-error').getByText(SSO_ERRORS.state).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await expectAccessible(page, 'the sign-in window after a refused SSO');
    await page.close();
  });

  it('a wrong nonce, an unverified e-mail, an expired token and a foreign audience each say why, and make no account', async () => {
    const cases: { reason: TSsoError; prepare(page: Page, email: string): Promise<void>; beforeConsent?: () => void }[] = [
      {
        reason: 'nonce',
        prepare: (page) => tamperAuthorization(page, (url) => url.searchParams.set('nonce', 'another-nonce-0123456789abcdef')),
      },
      {
        reason: 'email_unverified',
        prepare: async (_page, email) => {
          idp.people.set(email, { email, email_verified: false, name: 'Una' });
        },
      },
      { reason: 'token', prepare: (page) => tamperAuthorization(page, (url) => url.searchParams.set('client_id', 'another-app')) },
    ];
    for (const { reason, prepare } of cases) {
      const email = `${reason.replace('_', '-')}-${randomBytes(2).toString('hex')}@${domain}`;
      const { page, dialog } = await typeEmail(email);
      await prepare(page, email);
      await dialog.getByRole('link', { name: `Continue with ${business} SSO` }).click();
      await signInAtIdp(page, email);
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/vbc/');
      await expectRefused(page, email, reason);
      await page.close();
    }

    // Expired: the provider's ID tokens live 1 s, and the server's clock is five minutes on when it checks.
    const email = `late-${randomBytes(2).toString('hex')}@${domain}`;
    const { page, dialog } = await typeEmail(email);
    idp.idTokenTtl = 1;
    const realNow = server.app.clock.now;
    try {
      await dialog.getByRole('link', { name: `Continue with ${business} SSO` }).click();
      await signInAtIdp(page, email, () => {
        server.app.clock.now = () => new Date(Date.now() + 5 * 60_000);
      });
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/vbc/');
      await expectRefused(page, email, 'token');
    } finally {
      server.app.clock.now = realNow;
      idp.idTokenTtl = 3600;
    }
    await page.close();
  });

  it('Require SSO refuses one-time codes for the domain with a 403 naming the SSO', async () => {
    await server.app.sso.putSso(
      corporateAccountId,
      { issuer: idp.issuer, clientId: client.clientId, domains: [domain], requireSso: true },
      ownerId,
    );
    const { page, dialog } = await typeEmail(`codes@${domain}`);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    // Said by the e-mail field, and the send is refused (no code step).
    await dialog
      .getByText(`${business} requires its single sign-on for ${domain} addresses: choose "Continue with ${business} SSO".`)
      .waitFor();
    expect(await dialog.getByTestId('otp-input').count()).toBe(0);
    await page.close();
  });

  it('an identity provider that is down: the window says so, and no secret reaches the log', async () => {
    const email = `down-${randomBytes(2).toString('hex')}@${domain}`;
    const { page, dialog } = await typeEmail(email);
    const button = dialog.getByRole('link', { name: `Continue with ${business} SSO` });
    await button.waitFor();
    await idp.close();
    await button.click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/vbc/');
    await expectRefused(page, email, 'idp_down');
    expect(server.log.text).not.toContain(client.clientSecret);
    await page.close();
  });
});

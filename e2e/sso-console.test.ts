/**
 * Issue 27's console journey: an admin adds a domain, sees its token and where to serve it, serves
 * it (a local web server, ALLOW_INSECURE_OUTBOUND), verifies it, then sets up single sign-on for
 * it against a real OpenID provider; the 'Verified Business' data lists the domain. axe: 0 serious.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { buildBusiness } from '../packages/server/src/test/directories-support.ts';
import { startTestIdp, type TTestIdp } from '../packages/server/src/test/oidc-provider.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.runIf(hasChromium())('console: domains and single sign-on', () => {
  let server: RunningServer;
  let idp: TTestIdp;
  let browser: Browser;
  let site: http.Server;
  let siteHost: string;
  let served = '';

  beforeAll(async () => {
    server = await startServer({ ALLOW_INSECURE_OUTBOUND: 'true' });
    site = http.createServer((request, response) => {
      if (request.url === '/.well-known/vbc-verification.txt' && served)
        response.writeHead(200, { 'content-type': 'text/plain' }).end(served);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
    idp = await startTestIdp({
      clients: [{ clientId: 'console-app', clientSecret: 'console-secret-0123456789', redirectUri: `${server.url}/api/sso/callback` }],
      defaultDomain: siteHost,
    });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 }, hasTouch: true });
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await server?.close();
  });

  it('adds, shows and verifies a domain, then saves single sign-on for it', async () => {
    const admin = await buildAccount(server.app, { name: 'Console Admin' });
    const name = `Domain Co ${randomBytes(2).toString('hex')}`;
    const business = await buildBusiness(server.app, { name, memberEmails: [admin.account.email!] });
    const page = await browser.page();
    await startSignedIn(page, admin);
    await page.goto(`/vbc/console/${business.corporateAccountId}/sso`);
    await page.getByRole('heading', { level: 2, name: 'Domains' }).waitFor();

    const add = page.getByRole('form', { name: 'Add a domain' });
    await add.getByLabel('Domain').fill('not a domain');
    await add.getByRole('button', { name: 'Add domain' }).click();
    await add.getByText('Must be a domain name such as example.com.').waitFor();
    await add.getByLabel('Domain').fill(siteHost);
    await add.getByRole('button', { name: 'Add domain' }).click();
    const row = page.getByRole('listitem', { name: siteHost });
    await row.getByText('Not verified yet').waitFor();
    await row.getByText(`http://${siteHost}/.well-known/vbc-verification.txt`).waitFor();
    const token = (await row.getByTestId('domain-token').textContent())!.trim();
    expect(token).toMatch(/^vbc-verification=/);

    // Not served yet: the refusal says what the server found.
    await row.getByRole('button', { name: `Verify ${siteHost}` }).click();
    await row
      .getByRole('alert')
      .getByText(`http://${siteHost}/.well-known/vbc-verification.txt answered 404; serve the token there with status 200.`)
      .waitFor();
    await expectAccessible(page, 'the console, a domain waiting for its token');

    served = `${token}\n`;
    await row.getByRole('button', { name: `Verify ${siteHost}` }).click();
    await row.getByText('Verified', { exact: true }).waitFor();

    const sso = page.getByRole('form', { name: 'Single sign-on' });
    await sso.getByLabel('Issuer URL').fill(idp.issuer);
    await sso.getByLabel('Client ID').fill('console-app');
    await sso.getByRole('button', { name: 'Save single sign-on' }).click();
    await sso.getByText('Name at least one verified domain.').waitFor();
    await sso.getByRole('checkbox', { name: siteHost }).check();
    await sso.getByRole('button', { name: 'Save single sign-on' }).click();
    await sso.getByText('Required.').waitFor();
    await sso.getByLabel('Client secret').fill('console-secret-0123456789');
    await sso.getByLabel('Require SSO: no one-time codes for these domains').check();
    await sso.getByRole('button', { name: 'Save single sign-on' }).click();
    await page.getByRole('form', { name: 'Single sign-on' }).getByText('A secret is stored: leave empty to keep it.').waitFor();
    await expectAccessible(page, 'the console, single sign-on saved');

    const saved = await server.app.sso.getSso(business.corporateAccountId);
    expect(saved).toMatchObject({
      issuer: idp.issuer,
      clientId: 'console-app',
      domains: [siteHost],
      requireSso: true,
      hasClientSecret: true,
    });
    expect(await page.content()).not.toContain('console-secret-0123456789');
    const profile = await server.app.corporate.findCorporateProfile(business.corporateProfileId);
    expect(profile.verifiedDomains).toEqual([siteHost]);
    await page.close();

    // A visitor of a linked card sees the verified domain in the 'Verified Business' window.
    const card = await buildCard(server.app, { firstName: 'Vera', lastName: 'Domain' }, { ownerAccountId: admin.account.id });
    const linked = await server.app.inject({
      method: 'POST',
      url: `/api/corporate/${business.corporateAccountId}/cards/${card.id}`,
      headers: admin.headers,
    });
    expect(linked.statusCode).toBe(204);
    const visitor = await browser.page();
    await visitor.goto(`/vbc/${card.quickId}`);
    await visitor.getByTestId('corporate-badge').click();
    const dialog = visitor.getByRole('dialog', { name: 'Verified Business' });
    await dialog.getByTestId('verified-domains').getByText(`Verified domains: ${siteHost}`).waitFor();
    await expectAccessible(visitor, 'the Verified Business window with a verified domain');
    await visitor.close();
  });
});

/**
 * Issue 27, provisioning in the browser: a business admin opens Console → Provisioning, creates a
 * SCIM token (shown once), an identity provider uses it by raw HTTP over the network to create a
 * user (who joins the business), the console then shows the token as used, and the admin revokes
 * it (the next SCIM call is refused). axe: 0 serious on the screen with and without the token.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { expectAccessible, expectHeadingOrder } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_TOKEN = randomBytes(24).toString('hex');
const SCIM = 'application/scim+json';

describe.runIf(hasChromium())('SCIM provisioning in the console', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof buildAccount>>;
  let corporateAccountId: string;

  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1024, height: 900 } });
    admin = await buildAccount(server.app, { name: 'Ada Admin' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/admin/corporates',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'Harbor Studio', members: [admin.account.email], verified: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    corporateAccountId = res.json<{ corporateAccountId: string }>().corporateAccountId;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an admin creates a token shown once, an identity provider provisions with it, the admin revokes it', async () => {
    const page = await browser.page();
    await startSignedIn(page, admin);
    await page.goto(`/vbc/console/${corporateAccountId}/profile`);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Provisioning' }).click();
    await page.waitForURL(`**/console/${corporateAccountId}/provisioning`);
    await page.getByRole('heading', { name: 'Provisioning (SCIM)', level: 2 }).waitFor();
    const baseUrl = `${server.url}/scim/v2/${corporateAccountId}`;
    expect(await page.getByLabel('SCIM base URL').inputValue()).toBe(baseUrl);
    await page.getByText('No tokens yet.').waitFor();
    await expectHeadingOrder(page, 'console provisioning');
    await expectAccessible(page, 'console provisioning');

    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('scim-token');
    await shown.getByText('Copy the SCIM token now: it will not be shown again.').waitFor();
    const token = (await shown.locator('code').textContent()) ?? '';
    expect(token).toMatch(/^vbcscim_/);
    const row = page.getByTestId('scim-token-row');
    await row.filter({ hasText: `Token ending …${token.slice(-4)}` }).waitFor();
    expect(await row.textContent()).toContain('never used');
    await expectAccessible(page, 'console provisioning with a new token');

    // The identity provider, over the network: creates a user, who joins the business.
    const userName = `grace-${randomBytes(3).toString('hex')}@example.com`;
    const created = await fetch(`${baseUrl}/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': SCIM, accept: SCIM },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName,
        name: { givenName: 'Grace', familyName: 'Hopper' },
      }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/scim\+json/);

    // Closing the notice forgets the token; the list now says it was used; Members lists Grace.
    await shown.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Provisioning (SCIM)', level: 2 }).waitFor();
    await row.filter({ hasText: 'last used' }).waitFor();
    expect(await page.getByTestId('scim-token').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Members' }).click();
    await page.getByTestId('console-member').filter({ hasText: userName }).waitFor();

    // Revoking asks first, then the token stops working at once.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Provisioning' }).click();
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No tokens yet.').waitFor();
    const refused = await fetch(`${baseUrl}/Users`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await page.close();
  });
});

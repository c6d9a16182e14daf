/**
 * Teams in the browser (issue 27): an admin edits the brand template in the console (Template) and
 * locks the organization → a member's linked card shows it on its public page, and the member's
 * editor shows the organization read-only with a lock and the business's name while the rest
 * still saves; an admin creates a business-owned card assigned to a member (Cards), removes the
 * member (Members) → the card's page says "{name} is no longer with {business}." and still opens.
 * axe: 0 serious on each screen. Set-up goes through the admin API and the API.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_TOKEN = randomBytes(24).toString('hex');
type Account = Awaited<ReturnType<typeof buildAccount>>;
const realErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));

describe.runIf(hasChromium())('teams: brand template and offboarding', () => {
  let server: RunningServer;
  let browser: Browser;
  let business: { corporateAccountId: string; corporateProfileId: string };
  let people: { admin: Account; member: Account; other: Account };

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, who: { headers: Record<string, string> } | null, payload?: object) => {
    const res = await server.app.inject({
      method,
      url,
      headers: who?.headers ?? { authorization: `Bearer ${ADMIN_TOKEN}` },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? null : res.json();
  };

  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1024, height: 900 } });
    people = {
      admin: await buildAccount(server.app, { name: 'Ada Admin' }),
      member: await buildAccount(server.app, { name: 'Mia Member' }),
      other: await buildAccount(server.app, { name: 'Oscar Other' }),
    };
    business = await api('POST', '/api/admin/corporates', null, {
      name: 'Harbor Studio',
      members: [people.admin.account.email, people.member.account.email, people.other.account.email],
      verified: true,
    });
    await api('PUT', `/api/corporate/${business.corporateAccountId}/profile`, people.admin, {
      name: 'Harbor Studio',
      emails: [{ email: 'hello@harbor.test' }],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page signed in as `who`; sign out with `done` (the session lives in the origin's localStorage). */
  const pageAs = async (who: Account | null) => {
    const page = await browser.page();
    if (who) await startSignedIn(page, who);
    return page;
  };
  const done = async (page: Page) => {
    await page.evaluate(() => localStorage.clear());
    await page.close();
  };

  it('the admin locks the organization in the template; the linked card shows it; the member edits the rest, the organization read-only', async () => {
    const card = await buildCard(
      server.app,
      { firstName: 'Mia', lastName: 'Member', organization: 'Mia Freelance', jobTitle: 'Designer' },
      { ownerAccountId: people.member.account.id },
    );
    await api('POST', `/api/corporate/${business.corporateAccountId}/cards/${card.id}`, people.member);

    const admin = await pageAs(people.admin);
    await admin.goto(`/vbc/console/${business.corporateAccountId}/template`);
    await admin.getByRole('heading', { name: 'Template', level: 2 }).waitFor();
    await expectAccessible(admin, 'console template');
    await admin.getByLabel('Organization', { exact: true }).fill('Harbor Studio Ltd.');
    await admin.getByRole('textbox', { name: 'About the company' }).fill('We design **harbours**.');
    await admin.getByLabel('Lock organization').check();
    await admin.getByRole('button', { name: 'Save template' }).click();
    await admin.getByTestId('notice').filter({ hasText: 'Template saved' }).waitFor();
    await expectAccessible(admin, 'console template saved');
    await done(admin);

    // Anyone opening the card sees the template's organization and the company's About.
    const visitor = await pageAs(null);
    await visitor.goto(`/vbc/${card.quickId}`);
    await visitor.getByText('Harbor Studio Ltd.').first().waitFor();
    expect(await visitor.getByText('Mia Freelance').count()).toBe(0);
    await done(visitor);

    // The member's editor: the organization read-only under a lock naming the business.
    const member = await pageAs(people.member);
    await member.goto(`/vbc/edit/${card.id}`);
    const organization = member.getByLabel('Organization', { exact: true });
    await organization.waitFor();
    expect(await organization.inputValue()).toBe('Harbor Studio Ltd.');
    expect(await organization.isDisabled()).toBe(true);
    await member.getByText('Organization is set by Harbor Studio').waitFor();
    await expectAccessible(member, 'editor with a locked field');
    await member.getByLabel('Job title').fill('Lead designer');
    await member.getByTestId('save-button').click();
    await expect.poll(() => member.getByTestId('save-state').textContent(), { timeout: 15_000 }).toBe('Saved');
    expect(await member.getByTestId('save-error').count()).toBe(0);
    await done(member);
    const shown = await api('GET', `/api/vbc/virtualcontact/${card.id}`, null);
    expect(shown).toMatchObject({ jobTitle: 'Lead designer', organization: 'Harbor Studio Ltd.' });
    expect(realErrors(browser.errors)).toEqual([]);
  });

  it('the admin creates a business card for a member, removes the member: the card says who left and keeps working', async () => {
    const admin = await pageAs(people.admin);
    await admin.goto(`/vbc/console/${business.corporateAccountId}/cards`);
    await admin.getByRole('heading', { name: 'Cards', level: 2 }).waitFor();
    await admin.getByLabel('First name').fill('Oscar');
    await admin.getByLabel('Last name').fill('Desk');
    await admin.getByLabel('Assign to').click();
    await admin.getByRole('option', { name: 'Oscar Other' }).click();
    await admin.getByRole('button', { name: 'Create card' }).click();
    const row = admin.getByTestId('business-card').filter({ hasText: 'Oscar Desk' });
    await row.getByText('Assigned to Oscar Other').waitFor();
    await expectAccessible(admin, 'console cards');
    const [created] = (await api('GET', `/api/corporate/${business.corporateAccountId}/cards`, people.admin)) as { quickId: string }[];

    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Members' }).click();
    const member = admin.getByTestId('console-member').filter({ hasText: 'Oscar Other' });
    await member.getByRole('button', { name: 'Remove' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await admin.getByTestId('notice').filter({ hasText: 'Member removed' }).waitFor();
    await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Cards' }).click();
    await admin.getByTestId('business-card').filter({ hasText: 'Back with the business (Oscar Other left)' }).waitFor();
    await done(admin);

    // The printed QR code's link still opens the card, which says who left and shows the business's contact.
    const visitor = await pageAs(null);
    await visitor.goto(`/vbc/${created!.quickId}`);
    await visitor.getByTestId('no-longer-with').filter({ hasText: 'Oscar Other is no longer with Harbor Studio.' }).waitFor();
    await expectAccessible(visitor, 'card of a former member');
    await done(visitor);
    expect(realErrors(browser.errors)).toEqual([]);
  });
});

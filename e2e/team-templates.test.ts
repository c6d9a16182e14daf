/**
 * Teams in the browser (issue 27): an admin edits the brand template in the console (Template):
 * layout, organization, About, several company links (added, removed, reordered), an office
 * location, a social link, logo and cover; locks the organization, the layout, the links, the
 * social links and the cover and leaves the rest suggested → a member's linked card shows them all
 * on its public page, and the member's editor shows the locked ones read-only with a lock and the
 * business's name, the suggested office location editable, while the rest still saves; an admin
 * creates a business-owned card assigned to a member (Cards), removes the member (Members) → the
 * card's page says "{name} is no longer with {business}." and still opens. axe: 0 serious on each
 * screen; screenshots at 390 and 1280 px. Set-up goes through the admin API and the API.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { makePicture } from '../packages/server/src/test/upload.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
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

  it('the admin sets and locks the template in the console; the linked card shows it; the member edits the suggested fields, the locked ones read-only', async () => {
    const card = await buildCard(
      server.app,
      { firstName: 'Mia', lastName: 'Member', organization: 'Mia Freelance', jobTitle: 'Designer', locations: [] },
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
    await admin.getByText('Suggested: members may change it.').first().waitFor();

    // Layout: the Social one, which shows the cover; locked.
    await admin.getByRole('combobox', { name: 'Layout' }).click();
    await admin.getByRole('option', { name: /^Social/ }).click();
    await admin.getByLabel('Lock layout and colours').check();

    // Company links: three added, the middle one removed, the last moved up to first; locked.
    const links = admin.getByTestId('template-field-links');
    for (const [url, name] of [
      ['https://harbor.test', 'Harbor site'],
      ['https://harbor.test/old', 'Old page'],
      ['https://harbor.test/careers', 'Careers'],
    ] as const) {
      await links.getByRole('button', { name: '+ Add a company link' }).click();
      await links.getByLabel('Link URL').last().fill(url);
      await links.getByLabel('Link name').last().fill(name);
    }
    await links.getByRole('button', { name: 'Remove link 2' }).click();
    await links.getByRole('button', { name: 'Move link 2 up' }).click();
    expect(await links.getByLabel('Link name').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
      'Careers',
      'Harbor site',
    ]);
    await admin.getByLabel('Lock company links').check();

    // An office location, suggested (left unlocked).
    const places = admin.getByTestId('template-field-locations');
    await places.getByRole('button', { name: '+ Add an office location' }).click();
    await places.getByLabel('Place title').fill('Harbor HQ');
    await places.getByLabel('Address').fill('1 Quay Street');
    await places.getByLabel('City').fill('Porto');
    await places.getByLabel('Country').fill('Portugal');

    // A social link, locked.
    const socials = admin.getByTestId('template-field-socialMedias');
    await socials.getByRole('button', { name: '+ Add a social link' }).click();
    await socials.getByLabel('Instagram account').fill('harborstudio');
    await admin.getByLabel('Lock social links').check();

    // Logo (suggested) and cover (locked), uploaded.
    await admin
      .getByTestId('template-logo-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makePicture('png', 300, 120) });
    await admin
      .getByTestId('template-cover-input')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makePicture('png', 1200, 500) });
    await expect
      .poll(() => admin.locator('button[aria-label="Upload logo"] img, button[aria-label="Upload cover image"] img').count(), {
        timeout: 15_000,
      })
      .toBe(2);
    await admin.getByLabel('Lock cover image').check();

    // A link without its URL is refused on Save, by field; filled, it saves.
    await links.getByRole('button', { name: '+ Add a company link' }).click();
    await admin.getByRole('button', { name: 'Save template' }).click();
    await admin.getByTestId('template-error').filter({ hasText: 'Check the fields marked in red.' }).waitFor();
    await links.getByText('Required.').waitFor();
    await links.getByRole('button', { name: 'Remove link 3' }).click();
    await admin.getByRole('button', { name: 'Save template' }).click();
    await admin.getByTestId('notice').filter({ hasText: 'Template saved' }).waitFor();
    await expectAccessible(admin, 'console template saved');
    await screenshotAtWidths(admin, 'console-template');
    await done(admin);

    const template = (await api('GET', `/api/corporate/${business.corporateAccountId}/template`, people.admin)) as {
      heroImageDisplayItemId: string;
      logoDisplayItemId: string;
    };
    expect(template).toMatchObject({
      designSpecification: { design: { designation: 'facebook' } },
      organization: 'Harbor Studio Ltd.',
      about: 'We design **harbours**.',
      links: [
        { linkUrl: 'https://harbor.test/careers', linkName: 'Careers' },
        { linkUrl: 'https://harbor.test', linkName: 'Harbor site' },
      ],
      locations: [{ title: 'Harbor HQ', address: '1 Quay Street', city: 'Porto', country: 'Portugal' }],
      socialMedias: [{ socialMediaType: 'Instagram', referenceType: 'ByAccountId', accountId: 'harborstudio' }],
      logoDisplayItemId: expect.any(String),
      heroImageDisplayItemId: expect.any(String),
      locked: ['designSpecification', 'organization', 'links', 'socialMedias', 'heroImageDisplayItemId'],
    });

    // Anyone opening the card sees the template: organization, layout with its cover, logo, links, office, social link.
    const visitor = await pageAs(null);
    await visitor.goto(`/vbc/${card.quickId}`);
    await visitor.getByText('Harbor Studio Ltd.').first().waitFor();
    expect(await visitor.getByText('Mia Freelance').count()).toBe(0);
    await visitor.getByTestId('layout-facebook').waitFor();
    expect(await visitor.getByTestId('cover').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
      template.heroImageDisplayItemId,
    );
    const logo = visitor.getByTestId('business-logo');
    expect(await logo.getAttribute('alt')).toBe('Harbor Studio Ltd. logo');
    await expect
      .poll(() => logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
    expect(await logo.getAttribute('src')).toContain(template.logoDisplayItemId);
    await visitor
      .getByRole('link', { name: /Careers/ })
      .first()
      .waitFor();
    await visitor
      .getByRole('link', { name: /Harbor site/ })
      .first()
      .waitFor();
    await visitor.getByText('Harbor HQ').first().waitFor();
    expect(await visitor.locator('a[href*="instagram.com/harborstudio"]').count()).toBeGreaterThan(0);
    await expectAccessible(visitor, 'card with the template');
    await screenshotAtWidths(visitor, 'team-template-card');
    await done(visitor);

    // The member's editor: the locked fields read-only under a lock naming the business; the suggested office editable.
    const member = await pageAs(people.member);
    await member.goto(`/vbc/edit/${card.id}`);
    const organization = member.getByLabel('Organization', { exact: true });
    await organization.waitFor();
    expect(await organization.inputValue()).toBe('Harbor Studio Ltd.');
    expect(await organization.isDisabled()).toBe(true);
    await member.getByText('Organization is set by Harbor Studio').waitFor();
    for (const label of ['Layout and colours', 'Company links', 'Social links', 'Cover image'])
      await member.getByText(`${label} is set by Harbor Studio`).waitFor();
    const linkUrls = member.getByLabel('Link URL');
    expect(await linkUrls.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
      'https://harbor.test/careers',
      'https://harbor.test',
    ]);
    expect(await linkUrls.first().isDisabled()).toBe(true);
    expect(await member.getByLabel('Instagram account').isDisabled()).toBe(true);
    expect(await member.getByTestId('cover-input').isDisabled()).toBe(true);
    const office = member.getByLabel('Place title');
    expect(await office.inputValue()).toBe('Harbor HQ');
    expect(await office.isDisabled()).toBe(false);
    await expectAccessible(member, 'editor with a locked field');
    await screenshotAtWidths(member, 'team-template-editor');
    await member.getByLabel('Job title').fill('Lead designer');
    await office.fill('Harbor HQ, studio 2');
    await member.getByTestId('save-button').click();
    await expect.poll(() => member.getByTestId('save-state').textContent(), { timeout: 15_000 }).toBe('Saved');
    expect(await member.getByTestId('save-error').count()).toBe(0);
    await done(member);
    const shown = await api('GET', `/api/vbc/virtualcontact/${card.id}`, null);
    expect(shown).toMatchObject({
      jobTitle: 'Lead designer',
      organization: 'Harbor Studio Ltd.',
      locations: [{ title: 'Harbor HQ, studio 2' }],
      links: [{ linkName: 'Careers' }, { linkName: 'Harbor site' }],
      socialMedias: [{ socialMediaType: 'Instagram', accountId: 'harborstudio' }],
      heroImageDisplayItemId: template.heroImageDisplayItemId,
      logoDisplayItemId: template.logoDisplayItemId,
    });
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

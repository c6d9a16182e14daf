/**
 * The business console and the 'Verified Business' window (issue 30, item 9): the "One of your
 * cards" picker tells apart two cards of the same name (picture, job title, organization, quick
 * id), and a visitor of a linked card sees in the window everything the business filled in, not
 * only its name and a date.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { makePicture, multipartBody } from '../packages/server/src/test/upload.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_TOKEN = randomBytes(24).toString('hex');

/** What the business fills in: every list of the corporate profile. */
const PROFILE = {
  name: 'Harbor Studio',
  phones: [{ phoneNumber: '+63 2 8555 0101' }],
  emails: [{ email: 'hello@harbor.test' }],
  links: [{ linkUrl: 'https://harbor.test/work' }],
  socialMedias: [{ socialMediaType: 'Instagram', accountId: 'harborstudio' }],
  locations: [{ title: 'Pier 7 Studio', googlePlaceId: 'ChIJ-harbor' }],
  description: 'Maps and murals for harbour towns since 2009.',
};

describe.runIf(hasChromium())('the business console and the Verified Business window', () => {
  let server: RunningServer;
  let browser: Browser;
  let ana: Awaited<ReturnType<typeof buildAccount>>;
  let business: { corporateAccountId: string; corporateProfileId: string };
  let work: Awaited<ReturnType<typeof buildCard>>;
  let surf: Awaited<ReturnType<typeof buildCard>>;

  const api = async (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
    const res = await server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.body ? res.json() : null;
  };
  const upload = async (width: number, height: number) => {
    const form = multipartBody({ data: await makePicture('png', width, height), filename: 'p.png', contentType: 'image/png' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/files/display',
      headers: { ...ana.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ displayItemId: string; obsecuredDisplayItemId: string }>();
  };

  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN });
    ana = await buildAccount(server.app, { name: 'Ana Reyes' });
    business = await api(
      'POST',
      '/api/admin/corporates',
      { authorization: `Bearer ${ADMIN_TOKEN}` },
      {
        name: 'Harbor Studio',
        members: [ana.account.email],
        verified: true,
      },
    );
    const [portrait, hero, logo] = [await upload(200, 200), await upload(900, 400), await upload(200, 200)];
    // Two cards with the same name: nothing but their details tells them apart.
    work = await buildCard(
      server.app,
      {
        firstName: 'Ana',
        lastName: 'Reyes',
        jobTitle: 'Product Lead',
        organization: 'Harbor Studio',
        pictureDisplayItemId: portrait.displayItemId,
      },
      { ownerAccountId: ana.account.id },
    );
    surf = await buildCard(
      server.app,
      { firstName: 'Ana', lastName: 'Reyes', jobTitle: 'Surf Instructor', organization: 'Wave School' },
      { ownerAccountId: ana.account.id },
    );
    await api('PUT', `/api/corporate/${business.corporateAccountId}/profile`, ana.headers, {
      ...PROFILE,
      heroImageDisplayId: hero.obsecuredDisplayItemId,
      profileImageDisplayId: logo.obsecuredDisplayItemId,
    });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('"One of your cards" shows each card’s picture, job title, organization and quick id', async () => {
    const page = await browser.page();
    await startSignedIn(page, ana);
    await page.goto(`/vbc/console/${business.corporateAccountId}/directory`);
    await page.getByRole('heading', { name: 'Directory', level: 2 }).waitFor();
    await page.getByLabel('One of your cards').click();
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(2);
    const texts = await options.allTextContents();
    // Each option names the card and what sets it apart; no two read the same.
    expect(new Set(texts).size).toBe(2);
    for (const [card, details] of [
      [work, ['Ana Reyes', 'Product Lead', 'Harbor Studio']],
      [surf, ['Ana Reyes', 'Surf Instructor', 'Wave School']],
    ] as const) {
      const option = options.filter({ hasText: details[1] });
      expect(await option.count()).toBe(1);
      for (const text of [...details, card.quickId]) expect(await option.textContent()).toContain(text);
    }
    // The card with a picture shows it; the other one a placeholder in the same place.
    const picture = options.filter({ hasText: 'Product Lead' }).locator('img');
    expect(await picture.getAttribute('src')).toBe(`/ds/vbc/display/${work.pictureDisplayItemId}`);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshotAtWidths(page, 'console-card-picker');
    await expectAccessible(page, "the console's card picker");

    await options.filter({ hasText: 'Product Lead' }).click();
    await page.getByRole('button', { name: 'Link card' }).click();
    await page.getByRole('list', { name: 'Linked cards' }).getByText('Product Lead').waitFor();
    await page.close();
  });

  it('a visitor of the linked card sees everything the business filled in the Verified Business window', async () => {
    // The other card, linked through the API (the first journey links one in the console).
    await api('POST', `/api/corporate/${business.corporateAccountId}/cards/${surf.id}`, ana.headers);
    const page = await browser.page();
    await page.goto(`/vbc/${surf.quickId}`);
    await page.getByTestId('corporate-badge').click();
    const dialog = page.getByRole('dialog', { name: 'Verified Business' });
    await dialog.getByText('Harbor Studio', { exact: true }).waitFor();
    for (const text of ['+63 2 8555 0101', 'hello@harbor.test', 'harbor.test/work', 'Pier 7 Studio', PROFILE.description, 'Last Updated']) {
      expect(await dialog.getByText(text).count(), text).toBeGreaterThan(0);
    }
    expect(await dialog.getByRole('link', { name: /\+63 2 8555 0101/ }).getAttribute('href')).toBe('tel:+63285550101');
    expect(await dialog.getByRole('link', { name: /hello@harbor\.test/ }).getAttribute('href')).toBe('mailto:hello@harbor.test');
    expect(await dialog.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe('https://www.instagram.com/harborstudio');
    // The hero image and the logo, both loaded.
    const images = dialog.locator('img');
    expect(await images.count()).toBe(2);
    expect(await dialog.getByRole('img', { name: 'Harbor Studio logo' }).count()).toBe(1);
    await expect
      .poll(() =>
        images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await screenshotAtWidths(page, 'verified-business');
    await expectAccessible(page, 'the Verified Business window');
    await page.close();
  });
});

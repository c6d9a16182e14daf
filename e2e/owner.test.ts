/**
 * Owners at home in a real browser (issue 5): the built app on the real
 * server, a signed-in session put in local storage, Debian Chromium.
 * Journey: create a card from a template, fill every kind of field, upload a
 * picture, watch the live preview change with each design, save, find every
 * value on the public page; a stale save is refused with "Reload"; another
 * account gets "This card isn't yours"; create a pet and open its page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Chromium reports every 4xx answer as a console error (the refused saves below); anything else is a real error. */
const realErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));

const CARD = {
  firstName: 'Maria',
  lastName: 'Santos',
  jobTitle: 'Product Designer',
  organization: 'Lumen Studio',
  biography: 'I design calm, useful products.',
  markdown: '## Selected work\nBanking app for **Lumen Bank**.',
  markdownHeading: 'Selected work',
  phone: '0917 555 0101',
  email: 'maria@lumen.test',
  emailName: 'Studio mail',
  linkUrl: 'lumen.test/portfolio',
  linkName: 'Portfolio',
  placeTitle: 'Lumen HQ',
  placeAddress: '1 Main Street',
  placeCity: 'Manila',
  placeCountry: 'Philippines',
  facebook: 'maria.santos',
  instagram: 'maria.designs',
};

describe.runIf(hasChromium())('owners at home in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let picture: Buffer;
  let bluePhoto: Buffer;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c98b6b' } })
      .png()
      .toBuffer();
    bluePhoto = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1f4fd8' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Signs `page` in as a fresh account (session keys of src/platform/storage.ts),
   * written from a static file of the origin: no app is running there whose
   * session check could race the new keys.
   */
  const signIn = async (page: Page, name = 'Maria Santos') => {
    const who = await buildAccount(server.app, { name });
    await page.goto('/vbc/manifest.webmanifest');
    await page.evaluate(
      ([token, session]) => {
        localStorage.setItem('vbc.accessToken', token!);
        localStorage.setItem('vbc.sessionId', session!);
      },
      [who.accessToken, who.sessionId],
    );
    return who;
  };

  const preview = (page: Page) => page.getByTestId('live-preview');

  it('creates a card from a template, fills it, previews each design, saves, and the public page shows every value', async () => {
    const page = await browser.page();
    const who = await signIn(page);
    await page.goto('/vbc/');
    await page.getByRole('heading', { name: 'Hi, Maria' }).waitFor();

    // Create a card from the Simple template.
    await page.getByRole('button', { name: 'Create a card' }).click();
    const dialog = page.getByTestId('create-card-dialog');
    await dialog.getByRole('radio', { name: 'Simple template' }).click();
    await dialog.getByRole('button', { name: 'Create card' }).click();
    await page.waitForURL(/\/vbc\/edit\/[0-9a-f-]{36}$/);
    const contactId = page.url().split('/').pop()!;
    await expect.poll(() => preview(page).getAttribute('data-designation')).toBe('simple');
    // The account's name started the card.
    expect(await page.getByLabel('First name').inputValue()).toBe('Maria');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Santos');

    // Fill every kind of field.
    await page.getByLabel('Job title').fill(CARD.jobTitle);
    await page.getByLabel('Organization').fill(CARD.organization);
    await page.getByLabel('Biography').fill(CARD.biography);
    await page.getByRole('button', { name: '+ Add a description' }).click();
    await page.getByLabel('Description 1 (markdown)').fill(CARD.markdown);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect.poll(() => page.getByTestId('markdown-preview').getByRole('heading', { name: CARD.markdownHeading }).count()).toBe(1);
    await page.getByRole('button', { name: '+ Add a phone' }).click();
    await page.getByLabel('Phone number').fill(CARD.phone);
    await page.getByRole('button', { name: '+ Add an e-mail' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill('not-an-email');
    await page.getByLabel('Name (e.g. Work)').fill(CARD.emailName);
    await page.getByRole('button', { name: '+ Add a link' }).click();
    await page.getByLabel('Link URL').fill(CARD.linkUrl);
    await page.getByLabel('Link name').fill(CARD.linkName);
    await page.getByRole('button', { name: '+ Add a place' }).click();
    await page.getByLabel('Place title').fill(CARD.placeTitle);
    await page.getByLabel('Address').fill(CARD.placeAddress);
    await page.getByLabel('City').fill(CARD.placeCity);
    await page.getByLabel('Country').fill(CARD.placeCountry);
    // Two social entries: Instagram (the default) and Facebook; then put Facebook first with "Move up".
    await page.getByRole('button', { name: '+ Add a social network' }).click();
    await page.getByLabel('Instagram account').fill(CARD.instagram);
    await page.getByRole('button', { name: '+ Add a social network' }).click();
    await page.getByRole('combobox', { name: 'Network' }).nth(1).click();
    await page.getByRole('option', { name: 'Facebook' }).click();
    await page.getByLabel('Facebook account').fill(CARD.facebook);
    await page.getByRole('button', { name: 'Move Facebook entry up' }).click();
    expect(await page.getByRole('combobox', { name: 'Network' }).first().textContent()).toContain('Facebook');
    // WeChat is reached by its QR image only: without one the save is refused.
    await page.getByRole('button', { name: '+ Add a social network' }).click();
    await page.getByRole('combobox', { name: 'Network' }).nth(2).click();
    await page.getByRole('option', { name: 'WeChat' }).click();

    // The picture: one upload gives the normal and high-res ids; the preview shows it.
    await page.getByTestId('picture-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await expect
      .poll(() => preview(page).getByTestId('profile-picture').getAttribute('src'))
      .toMatch(/^\/ds\/vbc\/display\/[0-9a-f-]{36}$/);

    // A wall board with two photos, put in order by dragging the second onto the first.
    await page.getByRole('button', { name: '+ Add a board' }).click();
    await page.getByTestId('wall-input-0').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: picture },
      { name: 'two.png', mimeType: 'image/png', buffer: bluePhoto },
    ]);
    const photos = page.getByTestId('wall-photo').locator('img');
    await expect.poll(() => photos.count()).toBe(2);
    const before = await photos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    const from = (await photos.nth(1).boundingBox())!;
    const to = (await photos.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 3);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 3, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => photos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')))).toEqual([before[1], before[0]]);
    await expect.poll(() => preview(page).getByTestId('wall-photos').locator('img').first().getAttribute('src')).toBe(before[1]);

    // Validation: the bad e-mail and the missing WeChat QR are named, nothing is lost.
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('save-error').textContent()).toContain('2 fields');
    await page.getByText('Invalid email format').waitFor();
    await page.getByText('WeChat needs a QR image: upload one.').waitFor();
    expect(await page.getByLabel('Job title').inputValue()).toBe(CARD.jobTitle);
    await page.getByLabel('E-mail', { exact: true }).fill(CARD.email);
    await page.getByTestId('social-qr-input-2').setInputFiles({ name: 'wechat.png', mimeType: 'image/png', buffer: picture });
    await expect.poll(() => page.getByText('WeChat needs a QR image: upload one.').count()).toBe(0);

    // Each design draws its own layout in the live preview.
    const choose = async (label: string, design: string) => {
      await page.getByRole('radio', { name: `${label} template` }).click();
      await expect.poll(() => preview(page).getAttribute('data-designation')).toBe(design);
      await preview(page).getByTestId(`layout-${design}`).waitFor();
    };
    await choose('Simple', 'simple');
    expect(await preview(page).getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'About',
      'Social Networks',
      'Contact Info',
      'Links',
      'Places',
    ]);
    expect(await preview(page).getByTestId('works-at').count()).toBe(0);
    await choose('Classic', 'default');
    await preview(page).getByTestId('decorative-background').waitFor();
    expect(await preview(page).getByRole('heading', { name: 'About' }).count()).toBe(0);
    await choose('Artist', 'artist');
    await preview(page).getByTestId('artist-name-background').waitFor();
    await choose('Social', 'facebook');
    expect(await preview(page).getByTestId('works-at').textContent()).toContain(`Works at ${CARD.organization}`);
    // The Facebook entry becomes the Profile and Message buttons.
    expect(await preview(page).getByRole('link', { name: 'Profile', exact: true }).getAttribute('href')).toBe(
      `https://www.facebook.com/${CARD.facebook}`,
    );
    // Accent colours reach the preview.
    await page.getByRole('radio', { name: /Forest/ }).click();
    expect(await page.getByLabel('Main accent').inputValue()).toBe('#1f7a4d');

    // Save.
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');
    expect(await page.getByTestId('save-error').count()).toBe(0);

    // The public page shows every value.
    const quick = (await page.getByTestId('quick-link').textContent())!.split('/').pop()!;
    const pub = await browser.page();
    await pub.goto(`/vbc/${quick}`);
    await pub.getByTestId('layout-facebook').waitFor();
    // The markdown renderer loads on its own, after the card.
    await pub.getByRole('heading', { name: CARD.markdownHeading }).waitFor();
    expect(await pub.title()).toBe('Maria Santos');
    const text = await pub.getByTestId('contact-view').innerText();
    for (const value of [
      CARD.jobTitle,
      CARD.biography,
      CARD.markdownHeading,
      'Lumen Bank',
      CARD.phone,
      CARD.emailName,
      CARD.linkName,
      CARD.placeTitle,
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain(`Works at ${CARD.organization}`);
    expect(await pub.getByTestId('contact-name').textContent()).toBe('Maria Santos');
    expect(await pub.getByTestId('profile-picture').getAttribute('src')).toMatch(/^\/ds\/vbc\/display\//);
    expect(await pub.locator('[data-social="Instagram"]').getAttribute('href')).toBe(`https://www.instagram.com/${CARD.instagram}`);
    expect(await pub.locator('[data-social="WeChat"]').count()).toBe(1);
    expect(
      await pub
        .getByTestId('wall-photos')
        .locator('img')
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src'))),
    ).toEqual([before[1], before[0]]);
    expect(await pub.getByRole('link', { name: 'Profile', exact: true }).getAttribute('href')).toBe(
      `https://www.facebook.com/${CARD.facebook}`,
    );
    const card = (await (await fetch(`${server.url}/api/vbc/virtualcontact/${contactId}/edit`, { headers: who.headers })).json()) as Record<
      string,
      unknown
    >;
    expect(card).toMatchObject({
      firstName: 'Maria',
      lastName: 'Santos',
      organization: CARD.organization,
      emails: [{ email: CARD.email, name: CARD.emailName }],
      locations: [{ title: CARD.placeTitle, address: CARD.placeAddress, city: CARD.placeCity, country: CARD.placeCountry }],
      designSpecification: { design: { designation: 'facebook' }, theme: { designation: 'forest' }, accentColor1: '#1f7a4d' },
    });
    expect(card.highResPictureDisplayItemId).toMatch(/^[0-9a-f-]{36}$/);
    expect(card.highResPictureDisplayItemId).not.toBe(card.pictureDisplayItemId);
    await pub.close();

    // The PIN: turning it on moves the card's version, yet a save made while that answer is
    // still on its way (a slow network) is not refused as stale.
    const pinUrl = `**/api/vbc/virtualcontact/${contactId}/pin`;
    await page.route(pinUrl, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fulfill({ response });
    });
    await page.getByTestId('pin-input').fill('4791');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('Organization').fill('Lumen Studio Ltd');
    // The server has the PIN (a new version); the editor has not heard back yet.
    await expect
      .poll(
        async () =>
          (
            (await fetch(`${server.url}/api/vbc/virtualcontact/${contactId}/pin`, { headers: who.headers }).then((r) => r.json())) as {
              enabled: boolean;
            }
          ).enabled,
      )
      .toBe(true);
    expect(await page.getByTestId('pin-state').textContent()).not.toBe('PIN protection is on.');
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('pin-state').textContent()).toBe('PIN protection is on.');
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');
    expect(await page.getByTestId('save-error').count()).toBe(0);
    await page.unroute(pinUrl);
    // A wrong guess shows up for the owner.
    const guess = await fetch(`${server.url}/api/vbc/validatepincode/${contactId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pinCode: '1111' }),
    });
    expect(guess.status).toBeGreaterThanOrEqual(400);
    await page.reload();
    await expect.poll(() => page.getByTestId('pin-failures').textContent()).toContain('Your PIN was guessed wrong 1 time in the last day.');

    // Another tab saves first: this tab's save is told it is stale, keeps its text, and "Reload" takes the other version.
    const other = await fetch(`${server.url}/api/vbc/virtualcontact/${contactId}`, {
      method: 'PUT',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ jobTitle: 'Design Lead' }),
    });
    expect(other.status).toBe(200);
    await page.getByLabel('Job title').fill('Principal Designer');
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('save-error').textContent()).toContain('changed elsewhere');
    expect(await page.getByLabel('Job title').inputValue()).toBe('Principal Designer');
    await page.getByTestId('save-error').getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByLabel('Job title').inputValue()).toBe('Design Lead');

    // Someone else opening the editor is told it is not theirs.
    const stranger = await launchBrowser({ baseURL: server.url });
    try {
      const p2 = await stranger.page();
      await signIn(p2, 'Someone Else');
      await p2.goto(`/vbc/edit/${contactId}`);
      await p2.getByRole('heading', { name: "This card isn't yours" }).waitFor();
      await p2.getByRole('link', { name: 'Go home' }).waitFor();
    } finally {
      await stranger.close();
    }

    // Leaving with unsaved changes asks first; "Stay" keeps the text.
    await page.getByLabel('Biography').fill('Half-written thought');
    await page.getByRole('link', { name: 'Back to home' }).click();
    const leave = page.getByTestId('prompt-dialog');
    await leave.getByText('Leave without saving your changes?').waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/vbc/edit/${contactId}`);
    expect(await page.getByLabel('Biography').inputValue()).toBe('Half-written thought');

    // Home lists the saved card with its job title ("Leave" drops the unsaved text).
    await page.getByRole('link', { name: 'Back to home' }).click();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.getByTestId('home-card').filter({ hasText: 'Design Lead' }).waitFor();

    // Deleting asks first; Keep keeps it, Delete removes it and goes home.
    await page.getByRole('link', { name: 'Edit Maria Santos' }).click();
    await page.getByRole('button', { name: 'Delete this card' }).click();
    const prompt = page.getByTestId('prompt-dialog');
    await prompt.getByText('Delete this card?').waitFor();
    await prompt.getByRole('button', { name: 'Keep' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect((await fetch(`${server.url}/api/vbc/virtualcontact/${contactId}/edit`, { headers: who.headers })).status).toBe(200);
    await page.getByRole('button', { name: 'Delete this card' }).click();
    await prompt.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/vbc\/?$/);
    await page.getByRole('button', { name: 'Create a card' }).waitFor();
    expect((await fetch(`${server.url}/api/vbc/virtualcontact/${contactId}/edit`, { headers: who.headers })).status).toBe(404);
    expect(realErrors(browser.errors)).toEqual([]);
    await page.close();
  });

  it('creates a pet, edits it with a picture and lost mode, and opens its public page and share window', async () => {
    const page = await browser.page();
    const pat = await signIn(page, 'Pat Owner');
    // Pat has a card: a finder can reach Pat by message from the pet's page.
    await buildCard(server.app, { firstName: 'Pat', lastName: 'Owner' }, { ownerAccountId: pat.account.id });
    await page.goto('/vbc/');
    await page.getByRole('button', { name: 'Create a pet' }).click();
    const dialog = page.getByTestId('create-pet-dialog');
    await dialog.getByLabel("Pet's name").fill('Biscuit');
    await dialog.getByRole('button', { name: 'Create pet' }).click();
    await page.waitForURL(/\/vbc\/pedit\/[0-9a-f-]{36}$/);
    const petId = page.url().split('/').pop()!;

    await page.getByLabel('Breed').fill('Beagle');
    await page.getByLabel('Colour').fill('Tricolour');
    await page.getByLabel('Birth date').fill('2022-03-14');
    await page.getByLabel('Description').fill('Friendly, loves treats.');
    await page.getByLabel('Care notes').fill('Two walks a day.');
    await page.getByLabel('Medical notes').fill('Allergic to chicken.');
    await page.getByTestId('pet-picture-input').setInputFiles({ name: 'biscuit.png', mimeType: 'image/png', buffer: picture });
    await expect.poll(() => page.getByRole('button', { name: 'Upload pet picture' }).locator('img').count()).toBe(1);
    await page.getByLabel('My pet is lost').check();
    await page.getByLabel('Message to the finder').fill('Last seen near the park. Please call!');
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');

    await page.getByRole('link', { name: 'View page' }).click();
    await page.getByTestId('pet-view').waitFor();
    expect(await page.title()).toBe('Biscuit');
    expect(await page.getByTestId('lost-banner').textContent()).toContain('Last seen near the park. Please call!');
    const details = await page.getByTestId('pet-details').innerText();
    for (const value of ['Dog', 'Beagle', 'Tricolour']) expect(details).toContain(value);
    expect(details).toMatch(/\d+ years?/);
    const body = await page.getByTestId('pet-view').innerText();
    for (const value of ['Friendly, loves treats.', 'Two walks a day.', 'Allergic to chicken.']) expect(body).toContain(value);
    expect(await page.getByTestId('pet-picture').getAttribute('src')).toMatch(/^\/ds\/vbc\/odisplay\//);
    // The owner chose not to show a phone.
    expect(await page.getByTestId('owner-phone').count()).toBe(0);

    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByTestId('pet-share-dialog');
    await share.waitFor();
    expect(await share.getByTestId('pet-share-link').inputValue()).toBe(`${server.url}/ds/vp/i/${petId}`);
    await share.getByRole('img', { name: "QR code of Biscuit's page" }).waitFor();
    await share.getByRole('button', { name: 'Close' }).click();

    // A finder who is not signed in: "Message the owner" asks for sign-in first.
    const finder = await launchBrowser({ baseURL: server.url });
    try {
      const f = await finder.page();
      await f.goto(`/vbc/p/${petId}`);
      await f.getByRole('button', { name: 'Message the owner' }).click();
      await f.getByRole('dialog', { name: 'Verify your contact information' }).getByText('Sign in to send a message.').waitFor();
    } finally {
      await finder.close();
    }

    // The owner deletes the pet after a prompt; its page is gone.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete this pet' }).click();
    await page.getByTestId('prompt-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/vbc\/?$/);
    await page.getByRole('button', { name: 'Create a pet' }).waitFor();
    expect((await fetch(`${server.url}/api/vp/virtualpet/${petId}`)).status).toBe(404);
    expect(realErrors(browser.errors)).toEqual([]);
    await page.close();
  });
});

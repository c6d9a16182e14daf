/**
 * The corporate console in the browser (issue 11): a business editor edits the profile and writes
 * an announcement with an image and a PDF (live preview) → a member and a follower receive it; an
 * admin invites a contact → that person signs in with a code and accepts → appears in Members.
 * axe on every console screen; script, event-handler and javascript: payloads in the corporate
 * profile and the announcement run nothing. Set-up goes through the admin API and the API.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { makePicture } from '../packages/server/src/test/upload.ts';
import { expectAccessible, expectHeadingOrder } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { codeIn, startSmtpSink } from './support/smtp-sink.ts';

const ADMIN_TOKEN = randomBytes(24).toString('hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const realErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));
/** Markdown and text that would run script if anything rendered it as HTML or followed it. */
const PAYLOADS = [
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  '[Click me](javascript:window.__xss="link")',
];

type Account = Awaited<ReturnType<typeof buildAccount>>;

describe.runIf(hasChromium())('corporate console', () => {
  let server: RunningServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let browser: Browser;
  const dialogs: string[] = [];
  const files = path.join(tmpdir(), `vbc-console-${randomBytes(4).toString('hex')}`);
  let business: { corporateAccountId: string; corporateProfileId: string };
  let people: { admin: Account; editor: Account; member: Account; follower: Account };

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, who: { headers: Record<string, string> } | null, payload?: object) => {
    const res = await server.app.inject({
      method,
      url,
      headers: who?.headers ?? { authorization: `Bearer ${ADMIN_TOKEN}` },
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ ADMIN_TOKEN, SMTP_URL: sink.url });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1024, height: 900 } });
    const [admin, editor, member, follower] = [
      await buildAccount(server.app, { name: 'Ada Admin' }),
      await buildAccount(server.app, { name: 'Eddie Editor' }),
      await buildAccount(server.app, { name: 'Mia Member' }),
      await buildAccount(server.app, { name: 'Finn Follower' }),
    ];
    people = { admin, editor, member, follower };
    business = await api('POST', '/api/admin/corporates', null, {
      name: 'Harbor Studio',
      members: [admin.account.email, editor.account.email, member.account.email],
      verified: true,
    });
    await api('PUT', `/api/corporate/${business.corporateAccountId}/members/${editor.account.id}`, admin, { role: 'editor' });
    await api('PUT', `/api/vbc/corporateProfile/${business.corporateProfileId}/follow`, follower);
    mkdirSync(files, { recursive: true });
    writeFileSync(path.join(files, 'header.png'), await makePicture('png', 800, 400));
    writeFileSync(path.join(files, 'hero.png'), await makePicture('png', 900, 400));
    writeFileSync(path.join(files, 'menu.pdf'), PDF);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sink?.close();
  });

  /** A page signed in as `who`, failing on any JavaScript dialog (an alert from a payload). */
  const pageAs = async (who: Account | null) => {
    const page = await browser.page();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    if (who) await startSignedIn(page, who);
    return page;
  };
  const consoleScreen = async (page: Page, section: string, where: string) => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: section }).click();
    await page.waitForURL(`**/console/${business.corporateAccountId}/${section.toLowerCase()}`);
    await page.getByRole('heading', { name: section, level: 2 }).waitFor();
    await expectHeadingOrder(page, where);
    await expectAccessible(page, where);
  };
  const xss = (page: Page) => page.evaluate(() => (window as { __xss?: string }).__xss);

  /** The editor's card, linked to the business in the first journey (the corporate dialog opens from it). */
  let editorCard: { id: string; quickId: string };
  /** The profile as the editor saved it (name and link carry payloads). */
  let saved: { name: string; links: { linkUrl: string }[]; heroImage: object | null };

  it('an editor opens the console from the menu, edits the profile with a hero image and links a card; axe on each screen', async () => {
    const { editor } = people;
    editorCard = await buildCard(
      server.app,
      { firstName: 'Eddie', lastName: 'Editor', jobTitle: 'Producer' },
      { ownerAccountId: editor.account.id },
    );
    const page = await pageAs(editor);

    // The menu lists the console of the business the editor manages.
    await page.goto('/vbc/');
    // Signed in once the session is checked: the menu button then opens the menu, not the sign-in window.
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    const menu = page.getByTestId('app-menu');
    await expect
      .poll(
        async () => {
          if (!(await menu.isVisible())) await page.getByTestId('menu-button').click();
          return menu.getByTestId('menu-console').isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await menu.getByTestId('menu-console').click();
    await page.waitForURL(`**/vbc/console/${business.corporateAccountId}`);
    await page.getByRole('heading', { name: 'Harbor Studio', level: 1 }).waitFor();
    await expectHeadingOrder(page, 'console profile');
    await expectAccessible(page, 'console profile');

    // Profile: a hero image, a name and a link that carry payloads.
    await page.getByTestId('console-hero-input').setInputFiles(path.join(files, 'hero.png'));
    await expect.poll(() => page.locator('button[aria-label="Upload hero image"] img').count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Business name').fill('Harbor Studio <img src=x onerror="window.__xss=\'name\'">');
    await page.getByLabel('Description').fill('Harbour design <b onmouseover="window.__xss=1">since</b> 1990.');
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByLabel('Link URL').fill('javascript:window.__xss="corporate link"');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByTestId('notice').filter({ hasText: 'Profile saved' }).waitFor();
    saved = await api('GET', `/api/vbc/corporateProfile/${business.corporateProfileId}`, null);
    expect(saved).toMatchObject({
      name: 'Harbor Studio <img src=x onerror="window.__xss=\'name\'">',
      description: 'Harbour design <b onmouseover="window.__xss=1">since</b> 1990.',
      links: [{ linkUrl: 'javascript:window.__xss="corporate link"' }],
    });
    expect(saved.heroImage).not.toBeNull();

    await consoleScreen(page, 'Members', 'console members');
    expect(await page.getByTestId('console-member').count()).toBe(3);
    await consoleScreen(page, 'Invitations', 'console invitations (editor)');
    expect(await page.getByText('Only an admin invites people to the business.').isVisible()).toBe(true);

    // Directory: link the editor's own card; it then opens the 'Verified Business' dialog.
    await consoleScreen(page, 'Directory', 'console directory');
    await page.getByLabel('One of your cards').click();
    await page.getByRole('option', { name: 'Eddie Editor' }).click();
    await page.getByRole('button', { name: 'Link card' }).click();
    await page.getByRole('list', { name: 'Linked cards' }).getByText('Eddie Editor').waitFor();
    expect(await page.getByTestId('console-team-link').textContent()).toBe(`${server.url}/vbc/directory/${business.corporateAccountId}`);
    expect(await xss(page)).toBeUndefined();
    await page.close();
  });

  it('the editor publishes an announcement with an image and a PDF; a member and a follower receive it; payloads run nothing', async () => {
    const { editor, member, follower } = people;
    const page = await pageAs(editor);
    await page.goto(`/vbc/console/${business.corporateAccountId}/profile`);
    await page.getByRole('heading', { name: 'Profile', level: 2 }).waitFor();

    // Announcements: markdown with a live preview, header image, PDF; publish.
    await consoleScreen(page, 'Announcements', 'console announcements');
    await page.getByRole('button', { name: 'New announcement' }).click();
    const editorBox = page.getByTestId('announcement-editor');
    await editorBox.getByTestId('announcement-title-input').fill('Studio open day');
    await editorBox.getByTestId('announcement-content-input').fill(['## Open day', 'Come **early**.', ...PAYLOADS].join('\n\n'));
    const preview = editorBox.getByTestId('announcement-preview');
    await preview.getByRole('heading', { name: 'Open day' }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('early');
    await editorBox.getByTestId('announcement-image-input').setInputFiles(path.join(files, 'header.png'));
    await expect.poll(() => preview.locator('img').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await editorBox.getByTestId('announcement-attachment-input').setInputFiles(path.join(files, 'menu.pdf'));
    await editorBox.getByTestId('editor-attachment').filter({ hasText: 'menu.pdf' }).waitFor();
    expect(await preview.locator('script, [onerror]').count()).toBe(0);
    await expectAccessible(page, 'the announcement editor');
    await editorBox.getByRole('button', { name: 'Publish' }).click();
    const row = page.getByTestId('console-announcement').filter({ hasText: 'Studio open day' });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Published .* 4 recipients/);
    await expectAccessible(page, 'console announcements with one');
    expect(await xss(page)).toBeUndefined();

    // The member and the follower receive it, with its image and PDF.
    for (const who of [member, follower]) {
      const list = await api('GET', '/api/personalAccount/announcements', who);
      expect(list.announcements).toEqual([expect.objectContaining({ title: 'Studio open day', corporateName: saved.name, isRead: false })]);
      expect(list.announcements[0].imageId).not.toBeNull();
      expect(list.announcements[0].attachments).toEqual([expect.objectContaining({ name: 'menu.pdf', contentType: 'application/pdf' })]);
    }
    await page.close();

    const reader = await pageAs(follower);
    const { announcements } = await api('GET', '/api/personalAccount/announcements', follower);
    await reader.goto(`/vbc/announcement/${announcements[0].announcementId}`);
    const dialog = reader.getByTestId('announcement-dialog');
    await dialog.getByText('Come').waitFor();
    expect(await dialog.getByTestId('announcement-from').textContent()).toBe(`From ${saved.name}`);
    await expect
      .poll(() => dialog.getByTestId('announcement-image').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    expect(await dialog.getByTestId('announcement-attachment').textContent()).toBe('menu.pdf');
    expect(await dialog.locator('script, [onerror]').count()).toBe(0);
    await dialog
      .getByText('Click me')
      .click()
      .catch(() => undefined);
    expect(await xss(reader)).toBeUndefined();

    // The linked card's 'Verified Business' dialog shows the payload name as text; its link runs nothing.
    await reader.goto(`/vbc/${editorCard.quickId || editorCard.id}`);
    await reader.getByTestId('corporate-badge').click();
    const corporate = reader.getByRole('dialog', { name: 'Verified Business' });
    await corporate.getByText(saved.name).waitFor();
    expect(await corporate.locator('[onerror]').count()).toBe(0);
    const link = corporate.getByRole('link', { name: /javascript/ });
    expect(await link.getAttribute('href')).not.toMatch(/^javascript:/i);
    expect(await xss(reader)).toBeUndefined();

    // Follow / Following in the same dialog: the follower unfollows there, then follows again.
    const followState = async () =>
      (await api('GET', `/api/vbc/corporateProfile/${business.corporateProfileId}/follow`, follower)).following;
    await corporate.getByRole('button', { name: 'Following' }).click();
    await corporate.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await expect.poll(followState).toBe(false);
    await corporate.getByRole('button', { name: 'Follow', exact: true }).click();
    await corporate.getByRole('button', { name: 'Following' }).waitFor();
    await expect.poll(followState).toBe(true);
    expect(dialogs).toEqual([]);
    expect(realErrors(browser.errors)).toEqual([]);
    await reader.close();
  });

  it('an admin invites a contact; that person signs in with a code, accepts, and appears in Members', async () => {
    // A name of this try's own: a retry finds the first try's invitee already among the members.
    const name = `Ivy Invitee ${randomBytes(3).toString('hex')}`;
    const invitee = await buildAccount(server.app, { name });
    const email = invitee.account.email!;
    // One person at a time in this browser: the session lives in the origin's localStorage.
    const admin = await pageAs(people.admin);
    await admin.goto(`/vbc/console/${business.corporateAccountId}/invitations`);
    await admin.getByRole('heading', { name: 'Invitations', level: 2 }).waitFor();
    await admin.getByLabel('E-mail or phone').fill(email);
    await admin.getByLabel('Role', { exact: true }).click();
    await admin.getByRole('option', { name: 'Editor' }).click();
    await admin.getByRole('button', { name: 'Invite' }).click();
    await admin.getByTestId('console-invitation').filter({ hasText: email }).waitFor();
    await expectHeadingOrder(admin, 'console invitations');
    await expectAccessible(admin, 'console invitations');
    await admin.evaluate(() => localStorage.clear());
    await admin.close();

    // The invitee signs in with a one-time code to that e-mail and sees the invitation on Home.
    const page = await pageAs(null);
    await page.goto('/vbc/');
    await page.getByRole('button', { name: 'Login / Register' }).click();
    const auth = page.getByRole('dialog');
    const before = sink.messages.length;
    await auth.getByTestId('contact-input').fill(email);
    await auth.getByRole('button', { name: 'Send code' }).click();
    await auth.getByTestId('otp-input').fill(codeIn(await sink.waitFor(email, before)));
    const invitation = page.getByTestId('invitation').filter({ hasText: 'Harbor Studio' });
    await invitation.waitFor({ timeout: 15_000 });
    expect(await invitation.textContent()).toContain('as an editor');
    await expectAccessible(page, 'home with an invitation');
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await page.getByTestId('notice').filter({ hasText: 'You joined' }).waitFor();
    await expect.poll(() => page.getByTestId('invitation').count()).toBe(0);
    await page.close();

    // The admin's Members screen lists them as an editor; the invitation is gone.
    const again = await pageAs(people.admin);
    await again.goto(`/vbc/console/${business.corporateAccountId}/members`);
    const row = again.getByTestId('console-member').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByRole('combobox').textContent()).toBe('Editor');
    await expectAccessible(again, 'console members (admin)');
    expect(await api('GET', `/api/corporate/${business.corporateAccountId}/invitations`, people.admin)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(realErrors(browser.errors)).toEqual([]);
  });
});

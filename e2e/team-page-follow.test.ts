/**
 * Following a business from its team page (issue 30): the public team directory shows the
 * business's logo and description and a Follow button; a visitor who is not signed in is sent to
 * sign in (codes read from the real SMTP sink) and comes back to the page following the business.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { corporateFollowers } from '../packages/server/src/platform/db/schema/index.ts';
import { uploadPicture } from '../packages/server/src/test/announcements-support.ts';
import { buildBusiness, buildLinkedCard } from '../packages/server/src/test/directories-support.ts';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { codeIn, startSmtpSink } from './support/smtp-sink.ts';

const DESCRIPTION = 'Harbour design and build since 1990. Ask us about piers.';

describe.runIf(hasChromium())('following a business from its team page', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: RunningServer;
  let browser: Browser;
  let team: Awaited<ReturnType<typeof buildBusiness>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url });
    const admin = await buildAccount(server.app);
    team = await buildBusiness(server.app, { name: 'Harbor Studio', memberEmails: [admin.account.email!], isPublic: true });
    const logo = await uploadPicture(server.app, admin.headers);
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/corporate/${team.corporateAccountId}/profile`,
      headers: admin.headers,
      payload: { name: 'Harbor Studio', description: DESCRIPTION, profileImageDisplayId: logo.displayItemId },
    });
    expect(saved.statusCode).toBe(200);
    await buildLinkedCard(server.app, team.corporateProfileId, { firstName: 'Lena', lastName: 'Park', jobTitle: 'Art Director' });
    browser = await launchBrowser({ baseURL: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await sink?.close();
  });

  const follows = async (accountId: string) =>
    (
      await server.app.db
        .select()
        .from(corporateFollowers)
        .where(and(eq(corporateFollowers.corporateAccountId, team.corporateAccountId), eq(corporateFollowers.accountId, accountId)))
    ).length === 1;

  it('shows logo, description and Follow; signing in from Follow comes back following', async () => {
    const visitor = await buildAccount(server.app);
    const email = visitor.account.email!;
    const page = await browser.page();
    await page.goto(`/vbc/directory/${team.corporateAccountId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Harbor Studio');
    const header = page.getByTestId('business-header');
    await header.getByText(DESCRIPTION).waitFor();
    const logo = header.getByRole('img', { name: 'Harbor Studio logo' });
    await expect
      .poll(() => logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const follow = header.getByRole('button', { name: 'Follow', exact: true });
    await follow.waitFor();
    await expectAccessible(page, 'the team page, signed out');
    await screenshotAtWidths(page, 'team-page-signed-out');

    await follow.click();
    const dialog = page.getByRole('dialog', { name: 'Verify your contact information' });
    await dialog.getByText('Sign in to follow this business.').waitFor();
    const before = sink.messages.length;
    await dialog.getByTestId('contact-input').fill(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByTestId('otp-input').fill(codeIn(await sink.waitFor(email, before)));
    await dialog.waitFor({ state: 'detached' });

    // Back on the team page, following.
    expect(new URL(page.url()).pathname).toBe(`/vbc/directory/${team.corporateAccountId}`);
    const following = page.getByTestId('business-header').getByRole('button', { name: 'Following' });
    await following.waitFor();
    expect(await following.getAttribute('aria-pressed')).toBe('true');
    expect(await follows(visitor.account.id)).toBe(true);
    await expectAccessible(page, 'the team page, following');
    await screenshotAtWidths(page, 'team-page-following');

    // It stays after a reload; pressing Following unfollows.
    await page.reload();
    await page.getByTestId('business-header').getByRole('button', { name: 'Following' }).click();
    await page.getByTestId('business-header').getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await expect.poll(() => follows(visitor.account.id)).toBe(false);
    await page.close();
  });
});

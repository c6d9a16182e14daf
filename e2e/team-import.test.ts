/**
 * Issue 27, bulk onboarding in the console: an admin uploads a CSV, the preview lists each row as
 * valid or with its errors by line number, "Send invitations" shows the e-mails' progress to the
 * end (a real SMTP sink receives them), and the invitee who opens the e-mail's link, signed in with
 * that address, accepts and finds the card made from their row. The Analytics and Audit tabs show
 * what happened. axe: no serious finding on each screen.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { mailParts } from '../packages/server/src/test/leads-support.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

const ADMIN_TOKEN = randomBytes(24).toString('hex');
const u = randomBytes(3).toString('hex');
const ANA = `ana-${u}@harbor.test`;
const CSV = [
  'name,email,phone,jobTitle,department',
  `Ana Reyes,${ANA},09171234567,Engineer,Platform`,
  `Al,not-an-email,09171234567,,`,
  `Ben Cruz,ben-${u}@harbor.test,08171234567,Sales,`,
  `Cara Cruz,cara-${u}@harbor.test,09181234567,Designer,Studio`,
].join('\n');

describe.runIf(hasChromium())('bulk onboarding in the console', () => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Browser;
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let business: { corporateAccountId: string };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startServer({ ADMIN_TOKEN, SMTP_URL: smtp.url, MAIL_FROM: 'cards@vbc.test' });
    owner = await buildAccount(server.app, { name: 'Olivia Owner' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/admin/corporates',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { name: 'Harbor Studio', members: [owner.account.email], verified: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    business = res.json();
    admin = await launchBrowser({ baseURL: server.url, viewport: { width: 1024, height: 900 } });
  });
  afterAll(async () => {
    await admin?.close();
    await server?.close();
    await smtp?.close();
  });

  it('previews the rows with their errors by line number, then sends the invitations with their progress', async () => {
    const page = await admin.page();
    await startSignedIn(page, owner);
    await page.goto(`/vbc/console/${business.corporateAccountId}/members`);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import members', level: 2 }).waitFor();
    await page.getByTestId('import-file').setInputFiles({ name: 'new-hires.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });

    await page.getByText('2 valid rows, 2 with errors').waitFor();
    const rows = page.getByTestId('import-row');
    expect(await rows.count()).toBe(4);
    // The rows with errors first, each with its line in the file and the docs/contracts.md §5 message.
    const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(texts[0]).toBe('3 not-an-email Invalid name: Min 3 characters · email: Invalid email format');
    expect(texts[1]).toBe(`4 ben-${u}@harbor.test Invalid phone: Must start with 09.`);
    expect(texts[2]).toBe(`2 ${ANA} Valid`);
    expect(texts[3]).toBe(`5 cara-${u}@harbor.test Valid`);
    await screenshotAtWidths(page, 'console-import-preview');
    await expectAccessible(page, 'the import preview');

    await page.getByRole('button', { name: 'Send invitations' }).click();
    await page.getByText('Invitations sent: 2 of 2.').waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'the import once sent');

    const mail = await smtp.waitFor(ANA);
    const text = mailParts(mail.raw).find((p) => p.headers['content-type']?.startsWith('text/plain'))!.body;
    const link = /Accept: (\S+)/.exec(text)?.[1];
    expect(link).toMatch(new RegExp(`^${server.url}/vbc/directories\\?invitation=`));

    // The invitee, signed in with that address on their own device, opens the link and accepts.
    const ana = await buildAccount(server.app, { name: 'Ana Reyes', email: ANA });
    const device = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    try {
      const own = await device.page();
      await startSignedIn(own, ana);
      await own.goto(link!);
      const invitation = own.getByTestId('invitation').filter({ hasText: 'Harbor Studio' });
      await invitation.getByRole('button', { name: 'Accept' }).click();
      await own.getByText('You joined Harbor Studio').waitFor();
      await own.goto('/vbc/');
      await own.getByText('Ana Reyes').first().waitFor();
    } finally {
      await device.close();
    }

    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit', level: 2 }).waitFor();
    await page.getByText('Imported a file: 2 invited, 2 rows with errors').waitFor();
    await page.getByText('Accepted an invitation').waitFor();
    await expectAccessible(page, 'the audit log');

    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByTestId('team-chart').waitFor();
    await page.getByRole('row', { name: /Ana Reyes/ }).waitFor();
    await expectAccessible(page, 'the team analytics');
    await page.close();
  });
});

/**
 * Adoption feedback (issue 30, item 7) in a real browser: a wrong passcode keeps docs/contracts.md's
 * "Error! Failed to adopt!" and says why below it — a wrong code with the tries left, then until
 * when no code is taken — with what was typed still readable and selectable; once adopted, the
 * heading no longer says "This profile is not adopted yet." above "Adopted!".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { mintCard } from './support/mint.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
/** Refused calls the journey makes on purpose: the browser logs them as console errors. */
const EXPECTED_REFUSAL = /Failed to load resource: the server responded with a status of (403|429)/;

describe.runIf(hasChromium())('adoption feedback', () => {
  let server: RunningServer;
  let browser: Browser;

  const mint = () => mintCard(server.url, ADMIN_TOKEN);
  const wrongOf = (passcode: string) => (passcode.startsWith('Z') ? 'Y' : 'Z') + passcode.slice(1);

  const openAsAdopter = async (quickId: string): Promise<Page> => {
    const adopter = await buildAccount(server.app, { name: 'Ada Adopter' });
    const page = await browser.page();
    await page.setViewportSize({ width: 390, height: 844 });
    await startSignedIn(page, adopter);
    await page.goto(`/vbc/${quickId}`);
    await page.getByText('Enter the adoption code.').waitFor();
    return page;
  };

  beforeAll(async () => {
    server = await startServer({ ADMIN_TOKEN });
    browser = await launchBrowser({ baseURL: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a wrong code says why below "Error! Failed to adopt!", keeps what was typed selectable, then says until when', async () => {
    const card = await mint();
    const page = await openAsAdopter(card.quickId);
    const wrong = wrongOf(card.passcode);
    await page.getByTestId('adoption-code').fill(wrong);
    const alert = page.getByRole('alert');
    await alert.getByText('Error! Failed to adopt!').waitFor();
    await alert.getByText('Wrong code: 9 tries left.').waitFor();
    // What was typed stays on screen, as text one can select and copy.
    const typed = alert.getByTestId('adoption-typed');
    expect(await typed.textContent()).toContain(`${wrong.slice(0, 4)}-${wrong.slice(4)}`);
    expect(await typed.evaluate((el) => getComputedStyle(el).userSelect)).not.toBe('none');
    await screenshotAtWidths(page, 'adoption-wrong-code');
    await expectAccessible(page, 'a wrong adoption code');

    // Eight more wrong codes from other accounts: the next one here is the card's last for the hour.
    for (let i = 0; i < 8; i++) {
      const other = await buildAccount(server.app);
      const response = await fetch(`${server.url}/api/vbc/adopt/${card.virtualContactId}/${wrong}`, { headers: other.headers });
      expect(response.status).toBe(403);
    }
    await page.getByTestId('adoption-code').fill(wrong);
    await alert.getByText(/^Wrong code: no tries left\. Locked until \d{1,2}:\d{2}/).waitFor();
    await page.getByTestId('adoption-code').fill(card.passcode);
    await alert.getByText(/^Too many wrong codes\. Locked until \d{1,2}:\d{2}/).waitFor();
    await alert.getByText('Error! Failed to adopt!').waitFor();
    await screenshotAtWidths(page, 'adoption-locked');
    await expectAccessible(page, 'a locked adoption');
    expect(browser.errors.filter((e) => !EXPECTED_REFUSAL.test(e))).toEqual([]);
    await page.close();
  });

  it('once adopted, "Adopted!" is the heading: "This profile is not adopted yet." is gone', async () => {
    const card = await mint();
    const page = await openAsAdopter(card.quickId);
    await page.getByTestId('adoption-code').fill(card.passcode);
    await page.getByRole('heading', { level: 1, name: 'Adopted!' }).waitFor();
    expect(await page.getByText('This profile is not adopted yet.').count()).toBe(0);
    expect(await page.getByText("If you'd like to adopt, you need the passcode.").count()).toBe(0);
    await expectAccessible(page, 'an adopted card');
    await page.waitForURL(`**/vbc/edit/${card.virtualContactId}`);
    await page.close();
  });
});

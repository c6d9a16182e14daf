/**
 * Directories in a real browser (issue 11): a public team directory opens signed out, a private
 * one does not; a signed-in visitor saves a card to a folder from the card page, finds it in
 * /directories, removes it, renames and deletes the folder.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { makeQuickId } from '../packages/shared/src/ids.ts';
import { virtualContacts } from '../packages/server/src/platform/db/schema/index.ts';
import { buildBusiness, buildLinkedCard } from '../packages/server/src/test/directories-support.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** The requests of `page` that failed, as "status path". */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${new URL(r.url()).pathname}`));
  return failed;
}

describe.runIf(hasChromium())('directories', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ baseURL: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a public team directory opens signed out: cards, filter, open a card; a private one does not', async () => {
    const team = await buildBusiness(server.app, { name: 'Harbor Studio', isPublic: true });
    await buildLinkedCard(server.app, team.corporateProfileId, {
      firstName: 'Lena',
      lastName: 'Park',
      jobTitle: 'Art Director',
      organization: 'Harbor Studio',
    });
    const milo = await buildLinkedCard(server.app, team.corporateProfileId, {
      firstName: 'Milo',
      lastName: 'Grant',
      jobTitle: 'Producer',
      organization: 'Harbor Studio',
    });
    const closed = await buildBusiness(server.app, { name: 'Closed Corp' });
    await buildLinkedCard(server.app, closed.corporateProfileId, { firstName: 'Secret', lastName: 'Person' });

    const page = await browser.page();
    const failed = failedRequests(page);
    await page.goto(`/vbc/directory/${team.corporateAccountId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Harbor Studio');
    await expect.poll(() => page.getByTestId('card-name').allTextContents()).toEqual(['Lena Park', 'Milo Grant']);
    expect(await page.getByTestId('card-list-item').first().textContent()).toContain('Art Director');
    await page.getByLabel('Filter cards').fill('produc');
    await expect.poll(() => page.getByTestId('card-name').allTextContents()).toEqual(['Milo Grant']);
    await page.getByRole('link', { name: 'Open Milo Grant' }).click();
    await page.waitForURL(`**/vbc/${milo.quickId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain('Milo');
    // Signed out: no "Save to folder".
    expect(await page.getByTestId('save-to-folder').count()).toBe(0);

    await page.goto(`/vbc/directory/${closed.corporateAccountId}`);
    await page.getByText('Sign in to see this page.').waitFor();
    expect(await page.getByText('Secret Person').count()).toBe(0);
    expect(failed).toEqual([`404 /api/directories/${closed.corporateAccountId}`]);
  });

  it('a directory of 130 cards shows 100, "Load more" brings the rest, and the filter asks the server (issue 28)', async () => {
    const team = await buildBusiness(server.app, { name: 'Big Team', isPublic: true });
    const { designSpecification } = await buildCard(server.app);
    const rows = Array.from({ length: 130 }, (_, i) => ({
      quickId: makeQuickId((n) => crypto.getRandomValues(new Uint8Array(n))),
      firstName: `Member${String(i).padStart(3, '0')}`,
      lastName: i === 127 ? 'Needle' : 'Person',
      corporateProfileId: team.corporateProfileId,
      designSpecification,
    }));
    await server.app.db.insert(virtualContacts).values(rows);
    const page = await browser.page();
    await page.goto(`/vbc/directory/${team.corporateAccountId}`);
    await expect.poll(() => page.getByTestId('card-name').count()).toBe(100);
    expect(await page.getByText('130 cards').count()).toBe(1);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.getByTestId('card-name').count()).toBe(130);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // The one beyond the first page is found by the server's filter.
    await page.reload();
    await expect.poll(() => page.getByTestId('card-name').count()).toBe(100);
    await page.getByLabel('Filter cards').fill('needle');
    await expect.poll(() => page.getByTestId('card-name').allTextContents()).toEqual(['Member127 Needle']);
  });

  it('saves a card to a new folder from the card page, then finds, removes, renames and deletes in /directories', async () => {
    const me = await buildAccount(server.app, { name: 'Sam Saver' });
    const card = await buildCard(server.app, {
      firstName: 'Quinn',
      lastName: 'Harlow',
      jobTitle: 'Cartographer',
      organization: 'Northwind Maps',
    });
    const page = await browser.page();
    const failed = failedRequests(page);
    await startSignedIn(page, me);
    await page.goto(`/vbc/${card.quickId}`);
    await page.getByTestId('save-to-folder').click();
    const dialog = page.getByTestId('save-to-folder-dialog');
    await dialog.getByRole('checkbox', { name: 'Saved' }).waitFor();
    await dialog.getByRole('button', { name: 'New folder' }).click();
    await page.getByTestId('folder-name-dialog').getByLabel('Folder name').fill('Prospects');
    await page.getByRole('button', { name: 'Create and save' }).click();
    await page.getByText('Saved to Prospects').waitFor();
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Prospects' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Saved' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.goto('/vbc/directories');
    await expect.poll(() => page.getByTestId('directory-row').allTextContents()).toEqual(['Saved0 cards', 'Prospects1 card']);
    await page.getByRole('link', { name: /Prospects/ }).click();
    await expect.poll(() => page.getByTestId('card-name').allTextContents()).toEqual(['Quinn Harlow']);
    expect(await page.getByTestId('card-list-item').textContent()).toContain('Northwind Maps');
    await page.getByRole('button', { name: 'Remove Quinn Harlow from Prospects' }).click();
    await page.getByText('No cards here yet.', { exact: false }).waitFor();

    await page.goto('/vbc/directories');
    await page.getByRole('button', { name: 'Rename Prospects' }).click();
    const naming = page.getByTestId('folder-name-dialog');
    await naming.getByLabel('Folder name').fill('saved');
    await naming.getByRole('button', { name: 'Rename' }).click();
    await naming.getByText('You already have a folder named "saved".').waitFor();
    await naming.getByLabel('Folder name').fill('Leads');
    await naming.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => page.getByTestId('directory-row').allTextContents()).toEqual(['Saved0 cards', 'Leads0 cards']);
    expect(await page.getByRole('button', { name: 'Delete Saved' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Leads' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByTestId('directory-row').allTextContents()).toEqual(['Saved0 cards']);
    expect(failed).toEqual([expect.stringMatching(/^409 \/api\/directories\//)]);
  });

  it('saves a card to a folder and finds it again in Others: Recents newest first, each card once; Search as you type, match highlighted', async () => {
    const me = await buildAccount(server.app, { name: 'Robin Finder' });
    const wanted = await buildCard(server.app, {
      firstName: 'Isolde',
      lastName: 'Varga',
      jobTitle: 'Glassblower',
      organization: 'Lumen Atelier',
    });
    const other = await buildCard(server.app, { firstName: 'Teodor', lastName: 'Brandt', jobTitle: 'Pilot', organization: 'Skyline Air' });
    // A device of its own: this browser's earlier visits (Milo, Quinn) would rightly be in its recents.
    const device = await launchBrowser({ baseURL: server.url });
    onTestFinished(() => device.close());
    const page = await device.page();
    const failed = failedRequests(page);
    await startSignedIn(page, me);
    await page.goto(`/vbc/${wanted.quickId}`);
    await page.getByTestId('save-to-folder').click();
    const saved = page.getByTestId('save-to-folder-dialog').getByRole('checkbox', { name: 'Saved' });
    // The box shows the folder's state once the server has it: a click, then the answer.
    await saved.click();
    await page.getByText('Saved to Saved').waitFor();
    await expect.poll(() => saved.isChecked()).toBe(true);
    await page.goto(`/vbc/${other.quickId}`);
    await page.getByTestId('save-to-folder').waitFor();
    await page.goto(`/vbc/${wanted.quickId}`);
    await page.getByTestId('save-to-folder').waitFor();

    await page.goto('/vbc/others');
    await expect
      .poll(() => page.getByTestId('recents-list').getByTestId('card-name').allTextContents())
      .toEqual(['Isolde Varga', 'Teodor Brandt']);

    await page.getByRole('tab', { name: 'Search' }).click();
    await page.getByLabel('Search cards').pressSequentially('lumen atel', { delay: 40 });
    const results = page.getByTestId('search-results');
    await expect.poll(() => results.getByTestId('card-name').allTextContents()).toEqual(['Isolde Varga']);
    // Results follow the typing: the last answer marks both words.
    await expect.poll(() => results.locator('mark').allTextContents()).toEqual(['Lumen', 'Atel']);
    expect(new URL(page.url()).search).toBe('?tab=search&q=lumen+atel');
    // Typing more narrows it; a term matching nothing says so.
    await page.getByLabel('Search cards').fill('glassblower skyline');
    await page.getByText('No cards match "glassblower skyline".').waitFor();
    await page.getByLabel('Search cards').fill('GLASS');
    await expect.poll(() => results.getByTestId('card-name').allTextContents()).toEqual(['Isolde Varga']);
    await results.getByRole('link', { name: 'Open Isolde Varga' }).click();
    await page.waitForURL(`**/vbc/${wanted.quickId}`);
    expect(failed).toEqual([]);
  });
});

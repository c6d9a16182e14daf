/**
 * Issue 26 in a real browser, phone viewport: a visitor leaves their details on a server-rendered
 * card ("Exchange Contact") and the owner's Leads screen, open in another browser, shows them
 * without a reload; a submission made offline is sent once when the network returns; a signed-in
 * visitor sends one of their own cards; axe finds nothing serious on the window or the Leads screen.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXCHANGE_MIN_FILL_MS, exchangeConsentText, type TLeadPage } from '../packages/shared/src/leads.ts';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { exchange, exchangeBody } from '../packages/server/src/test/leads-support.ts';
import { buildBusiness } from '../packages/server/src/test/directories-support.ts';
import { expectAccessible } from './support/axe.ts';
import { apiIdle, hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const PHONE = { width: 390, height: 844 };
const SENT = 'Sent! Olivia now has your details.';
const SAVED = 'Saved — it will be sent when you are back online.';
const CONSENT = exchangeConsentText('Olivia Owner');

describe.runIf(hasChromium())('leads: the two-way exchange', () => {
  let server: RunningServer;
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let card: Awaited<ReturnType<typeof buildCard>>;
  const browsers: Browser[] = [];
  const browser = async () => {
    const b = await launchBrowser({ baseURL: server.url, viewport: PHONE, hasTouch: true });
    browsers.push(b);
    return b;
  };

  /** The owner's leads as the API lists them. */
  const ownerLeads = async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/leads', headers: owner.headers });
    expect(answer.statusCode).toBe(200);
    return answer.json<TLeadPage>().items;
  };

  /** Opens the card's window as a visitor does, from the server-rendered page. */
  const openWindow = async (page: Page, query = '') => {
    await page.goto(`/vbc/${card.quickId}${query}`);
    await page.getByRole('button', { name: 'Exchange Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your details with Olivia' });
    await dialog.waitFor();
    return dialog;
  };

  /** A person takes longer than the server's minimum fill time; a bot does not. */
  const likeAPerson = (page: Page) => page.waitForTimeout(EXCHANGE_MIN_FILL_MS + 100);

  beforeAll(async () => {
    server = await startServer();
    owner = await buildAccount(server.app, { name: 'Olivia Owner' });
    card = await buildCard(
      server.app,
      {
        firstName: 'Olivia',
        lastName: 'Owner',
        designSpecification: { design: { designation: 'default' }, theme: { designation: 'dark' } },
      },
      { ownerAccountId: owner.account.id },
    );
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
  });

  it("a visitor's details reach the owner's open Leads screen without a reload; the window and the screen pass axe", async () => {
    const ownerBrowser = await browser();
    const leadsPage = await ownerBrowser.page();
    await startSignedIn(leadsPage, owner);
    await leadsPage.goto('/vbc/leads');
    await leadsPage.getByTestId('leads-empty').waitFor();
    await leadsPage.waitForFunction(() => document.documentElement.dataset.realtime === 'Connected');
    await apiIdle(leadsPage);
    await expectAccessible(leadsPage, 'the empty Leads screen');
    // Home, in another tab of the owner's browser: its tile counts new leads.
    const home = await ownerBrowser.page();
    await home.goto('/vbc/');
    await expect.poll(() => home.getByTestId('home-leads-count').textContent()).toBe('No new leads');
    await home.waitForFunction(() => document.documentElement.dataset.realtime === 'Connected');
    await apiIdle(home);

    const visitor = await browser();
    const page = await visitor.page();
    const dialog = await openWindow(page, '?s=qr');
    await expectAccessible(page, 'the Exchange Contact window');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Bruno Diaz');
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('bruno@example.test');
    await dialog.getByRole('textbox', { name: /^Company/ }).fill('Diaz & Filhos');
    await dialog.getByRole('button', { name: 'Send' }).click();
    // Nothing goes without the consent box.
    await dialog.getByText('Tick the box to agree.').waitFor();
    await dialog.getByRole('checkbox', { name: CONSENT }).check();
    await likeAPerson(page);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(SENT).waitFor();

    // The owner's screen, open all along, shows the lead, marked unread.
    await expect.poll(() => leadsPage.getByTestId('lead-name').allTextContents()).toEqual(['Bruno Diaz']);
    await expect.poll(() => home.getByTestId('home-leads-count').textContent()).toBe('1 new lead');
    expect(await leadsPage.getByTestId('lead-row').getAttribute('data-unread')).toBe('true');
    await expectAccessible(leadsPage, 'the Leads screen with a lead');
    const [lead] = await ownerLeads();
    expect(lead).toMatchObject({ name: 'Bruno Diaz', email: 'bruno@example.test', company: 'Diaz & Filhos', source: 'qr', seen: false });

    // Its view: the mail link, and opening it marks it seen.
    await leadsPage.getByRole('link', { name: /Bruno Diaz/ }).click();
    await leadsPage.getByRole('heading', { level: 1, name: 'Bruno Diaz' }).waitFor();
    expect(await leadsPage.getByRole('link', { name: 'bruno@example.test' }).getAttribute('href')).toBe('mailto:bruno@example.test');
    await expect.poll(async () => (await ownerLeads())[0]?.seen).toBe(true);
    // "Save to my contacts": the lead as a vCard.
    const [vcard] = await Promise.all([
      leadsPage.waitForEvent('download'),
      leadsPage.getByRole('button', { name: 'Save to my contacts' }).click(),
    ]);
    expect(vcard.suggestedFilename()).toMatch(/\.vcf$/);
    const saved = readFileSync(await vcard.path(), 'utf8');
    expect(saved).toContain('FN:Bruno Diaz');
    expect(saved).toContain('EMAIL');
    expect(saved).toContain('bruno@example.test');
    await expectAccessible(leadsPage, "a lead's view");
    expect(ownerBrowser.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });

  it('offline: the window keeps the details, and they are sent exactly once when the network returns', async () => {
    const before = (await ownerLeads()).length;
    // Each try its own number (a retried journey would update the same lead: leads are deduped by phone).
    const digits = String(Date.now()).slice(-8);
    const visitor = await browser();
    const page = await visitor.page();
    const dialog = await openWindow(page);
    await visitor.context.setOffline(true);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Hana Offline');
    await dialog.getByRole('textbox', { name: /^Phone/ }).fill(`+81 90 ${digits}`);
    await dialog.getByRole('checkbox', { name: "Send me Olivia's card" }).uncheck();
    await dialog.getByRole('checkbox', { name: CONSENT }).check();
    await likeAPerson(page);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(SAVED).waitFor();
    expect(await ownerLeads()).toHaveLength(before);

    await visitor.context.setOffline(false);
    await dialog.getByText(SENT).waitFor();
    await expect.poll(async () => (await ownerLeads()).filter((l) => l.phone === `+8190${digits}`)).toHaveLength(1);
    // Coming back online again sends nothing more.
    await visitor.context.setOffline(true);
    await visitor.context.setOffline(false);
    await apiIdle(page, 500);
    const after = await ownerLeads();
    expect(after).toHaveLength(before + 1);
    expect(after.find((l) => l.phone === `+8190${digits}`)).toMatchObject({ name: 'Hana Offline', email: null });
    expect(await page.evaluate(() => localStorage.getItem('vbc.exchangeOutbox'))).toBeNull();
  });

  it('a submission kept offline survives a reload and goes once the page is back', async () => {
    const visitor = await browser();
    const page = await visitor.page();
    const dialog = await openWindow(page);
    await visitor.context.setOffline(true);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Ivo Reload');
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill('ivo@example.test');
    await dialog.getByRole('checkbox', { name: CONSENT }).check();
    await likeAPerson(page);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(SAVED).waitFor();
    await page.close();

    await visitor.context.setOffline(false);
    const again = await visitor.page();
    await again.goto(`/vbc/${card.quickId}`);
    await expect.poll(async () => (await ownerLeads()).filter((l) => l.name === 'Ivo Reload')).toHaveLength(1);
    await expect.poll(() => again.evaluate(() => localStorage.getItem('vbc.exchangeOutbox'))).toBeNull();
  });

  it('a signed-in visitor sends one of their own cards ("Send my card"), which the lead links to', async () => {
    const victor = await buildAccount(server.app, { name: 'Victor Visitor', email: 'victor@example.test' });
    const victorCard = await buildCard(server.app, { firstName: 'Victor', lastName: 'Visitor' }, { ownerAccountId: victor.account.id });
    const visitor = await browser();
    const page = await visitor.page();
    await startSignedIn(page, victor);
    const dialog = await openWindow(page);
    expect(await dialog.getByRole('tab', { name: 'Send my card' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByRole('combobox', { name: 'Your card' }).textContent()).toBe('Victor Visitor');
    await expectAccessible(page, 'the Exchange Contact window, signed in');
    await dialog.getByRole('checkbox', { name: CONSENT }).check();
    await likeAPerson(page);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(SENT).waitFor();

    const lead = (await ownerLeads()).find((l) => l.name === 'Victor Visitor');
    expect(lead).toMatchObject({
      email: 'victor@example.test',
      visitorCardId: victorCard.id,
      visitorAccountId: victor.account.id,
    });

    // The owner opens it and finds the visitor's card.
    const ownerBrowser = await browser();
    const ownerPage = await ownerBrowser.page();
    await startSignedIn(ownerPage, owner);
    await ownerPage.goto(`/vbc/leads/${lead!.leadId}`);
    await ownerPage.getByRole('link', { name: 'Open their card' }).click();
    await expect.poll(() => ownerPage.getByRole('heading', { level: 1 }).first().textContent()).toContain('Victor');
    expect(visitor.errors).toEqual([]);
  });

  it('the owner switches the exchange off in the editor: the card shows no "Exchange Contact" and the API answers 404', async () => {
    const quiet = await buildCard(
      server.app,
      {
        firstName: 'Olivia',
        lastName: 'Quiet',
        designSpecification: { design: { designation: 'simple' }, theme: { designation: 'dark' } },
      },
      { ownerAccountId: owner.account.id },
    );
    const visitor = await browser();
    const before = await visitor.page();
    await before.goto(`/vbc/${quiet.quickId}`);
    await before.getByRole('button', { name: 'Exchange Contact' }).waitFor();

    const ownerBrowser = await browser();
    const page = await ownerBrowser.page();
    await startSignedIn(page, owner);
    await page.goto(`/vbc/edit/${quiet.id}`);
    const toggle = page.getByRole('switch', { name: 'Let visitors share their details' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await page.getByTestId('save-button').click();
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved');

    const after = await visitor.page();
    await after.goto(`/vbc/${quiet.quickId}`);
    await after.getByRole('button', { name: 'Share' }).waitFor();
    expect(await after.getByRole('button', { name: 'Exchange Contact' }).count()).toBe(0);
    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/vbc/virtualcontact/${quiet.quickId}/exchange`,
      payload: { name: 'Nobody Here', email: 'nobody@example.test', consent: true, clientRequestId: crypto.randomUUID(), fillMs: 5000 },
    });
    expect(refused.statusCode).toBe(404);
  });

  it('the list pages by 30 with "Load more", searches, filters by status, and exports the selection as CSV', async () => {
    const many = await buildAccount(server.app, { name: 'Mona Many' });
    const busy = await buildCard(server.app, { firstName: 'Mona', lastName: 'Many' }, { ownerAccountId: many.account.id });
    for (let i = 1; i <= 33; i += 1) {
      const name = i === 7 ? 'Needle Person' : `Guest Number ${String(i).padStart(2, '0')}`;
      const sent = await exchange(server.app, busy.quickId, exchangeBody({ name, email: `guest${i}@example.test` }));
      expect(sent.statusCode).toBe(201);
    }
    const list = await server.app.inject({ method: 'GET', url: '/api/leads?q=Guest%20Number%2003', headers: many.headers });
    const won = list.json<TLeadPage>().items[0]!;
    const marked = await server.app.inject({
      method: 'PUT',
      url: `/api/leads/${won.leadId}`,
      headers: many.headers,
      payload: { status: 'won' },
    });
    expect(marked.statusCode).toBe(200);

    const b = await browser();
    const page = await b.page();
    await startSignedIn(page, many);
    await page.goto('/vbc/leads');
    await expect.poll(() => page.getByTestId('lead-row').count()).toBe(30);
    // Newest first.
    expect(await page.getByTestId('lead-name').first().textContent()).toBe('Guest Number 33');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.getByTestId('lead-row').count()).toBe(33);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search leads' }).fill('needle');
    await expect.poll(() => page.getByTestId('lead-name').allTextContents()).toEqual(['Needle Person']);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill('');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Won' }).click();
    await expect.poll(() => page.getByTestId('lead-name').allTextContents()).toEqual(['Guest Number 03']);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('leads.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toContain('First Name');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('guest3@example.test');
    await expectAccessible(page, 'the Leads screen, filtered');
  });

  it("the business console's Leads tab lists the leads that came through members' cards, with the member's name, and opens one to read", async () => {
    const admin = await buildAccount(server.app, { name: 'Ada Admin' });
    const member = await buildAccount(server.app, { name: 'Mel Member' });
    const biz = await buildBusiness(server.app, { name: 'Harbor Leads', memberEmails: [admin.account.email!, member.account.email!] });
    const linked = await buildCard(
      server.app,
      { firstName: 'Mel', lastName: 'Linked' },
      { ownerAccountId: member.account.id, corporateProfileId: biz.corporateProfileId },
    );
    expect((await exchange(server.app, linked.id, exchangeBody({ name: 'Team Prospect' }))).statusCode).toBe(201);

    const b = await browser();
    const page = await b.page();
    await startSignedIn(page, admin);
    await page.goto(`/vbc/console/${biz.corporateAccountId}/leads`);
    await page.getByRole('heading', { level: 2, name: 'Leads' }).waitFor();
    await expect.poll(() => page.getByTestId('lead-name').allTextContents()).toEqual(['Team Prospect']);
    expect(await page.getByTestId('lead-row').textContent()).toContain("Mel Member's card");
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Export vCard' }).count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();

    // A row opens the lead in a window: what the visitor left, through whose card; reading it leaves it new for the member.
    await page.getByTestId('lead-row').getByRole('button').click();
    const dialog = page.getByTestId('team-lead-dialog');
    await dialog.getByRole('heading', { name: 'Team Prospect' }).waitFor();
    expect(await dialog.textContent()).toContain("Via Mel Member's card, Mel Linked");
    expect(await dialog.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await dialog.textContent()).toContain('Status: New');
    await expectAccessible(page, 'a team lead opened in the console');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const owners = await server.app.inject({ method: 'GET', url: '/api/leads', headers: member.headers });
    expect(owners.json<TLeadPage>().items[0]!.seen).toBe(false);
  });
});

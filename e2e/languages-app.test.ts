/**
 * The signed-in app in Arabic and Spanish (issue 31): Messages (the list, a thread, the composer)
 * and the card editor (its sections, a refused Save with its validation message, a save), in the
 * language kept on the device (`vbc.language`, as Settings keeps a choice). Every word checked comes
 * from the catalogues; Arabic is `dir="rtl"` with the layout mirrored; each screen is
 * photographed in each language and passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { initiateConversation } from '../packages/server/src/conversations/initiate-conversation.ts';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { expectAccessible } from './support/axe.ts';
import { catalogue, message } from './support/catalogue.ts';
import { expectDocumentIn, keepLanguage } from './support/language.ts';
import { apiIdle, hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

type TLocale = 'ar' | 'es';

/** What the editor's refused Save says for one field marked in red (the ICU plural's `one` branch, worked out by hand). */
const ONE_FIELD_TO_CHECK: Record<TLocale, string> = {
  es: 'Revisa el campo marcado en rojo.',
  ar: 'يُرجى مراجعة الحقل المحدد باللون الأحمر.',
};

describe.runIf(hasChromium())('the signed-in app in Arabic and Spanish (issue 31)', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];
  let owner: Awaited<ReturnType<typeof buildAccount>>;
  let ownerCard: { id: string };

  beforeAll(async () => {
    server = await startServer();
    owner = await buildAccount(server.app, { name: 'Layla Owner' });
    ownerCard = await buildCard(server.app, { firstName: 'Layla', lastName: 'Haddad' }, { ownerAccountId: owner.account.id });
    const writer = await buildAccount(server.app, { name: 'Marco Writer' });
    const writerCard = await buildCard(server.app, { firstName: 'Marco', lastName: 'Ruiz' }, { ownerAccountId: writer.account.id });
    await initiateConversation(server.app.db, {
      senderAccountId: writer.account.id,
      fromVbcId: writerCard.id,
      toVbcId: ownerCard.id,
      message: 'Hola, Layla',
      now: new Date(),
    });
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
  });

  /** A desktop-wide tab signed in as the owner, in `locale` by the device-kept choice. */
  const openIn = async (locale: TLocale): Promise<Page> => {
    const browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 860 } });
    browsers.push(browser);
    const page = await browser.page();
    await keepLanguage(page, locale);
    await startSignedIn(page, owner);
    return page;
  };

  /** The horizontal middle of what `locator` shows. */
  const middleOf = async (locator: Locator) => {
    const box = await locator.first().boundingBox();
    if (!box) throw new Error(`${locator.toString()} is not shown`);
    return box.x + box.width / 2;
  };

  for (const locale of ['ar', 'es'] as const) {
    it(`Messages in ${locale}: the list, a thread and the composer speak it, laid out in its direction`, async () => {
      const messages = catalogue(locale, 'messages');
      const app = catalogue(locale, 'app');
      const page = await openIn(locale);
      await page.goto('/vbc/messages');
      await expectDocumentIn(page, locale);
      await page.getByRole('heading', { level: 1, name: message(messages, 'title') }).waitFor();
      await page.getByText(message(messages, 'choose.title')).waitFor();
      // The bottom navigation in the language.
      const nav = page.getByRole('navigation', { name: message(app, 'nav.main') });
      await nav.getByRole('link', { name: message(app, 'nav.messages') }).waitFor();
      await nav.getByRole('link', { name: message(app, 'nav.directories') }).waitFor();
      expect(await page.getByTestId('menu-button').getAttribute('aria-label')).toBe(message(app, 'menu.open'));
      await page.getByTestId('conversation-row').filter({ hasText: 'Marco Ruiz' }).waitFor();
      await apiIdle(page);
      await screenshotAtWidths(page, `languages-messages-list-${locale}`);
      await expectAccessible(page, `the message list in ${locale}`);

      await page.getByTestId('conversation-row').filter({ hasText: 'Marco Ruiz' }).click();
      await page.getByTestId('thread-title').filter({ hasText: 'Marco Ruiz' }).waitFor();
      // Today's separator and the composer in the language; the message itself as written.
      await page
        .getByTestId('day-separator')
        .filter({ hasText: message(messages, 'time.today') })
        .waitFor();
      await page.getByTestId('message').getByText('Hola, Layla').waitFor();
      const composer = page.getByTestId('composer-input');
      expect(await composer.getAttribute('placeholder')).toBe(message(messages, 'composer.message'));
      expect(await composer.getAttribute('aria-label')).toBe(message(messages, 'composer.message'));
      await page.getByRole('button', { name: message(messages, 'composer.attach') }).waitFor();
      const reply = locale === 'ar' ? 'مرحبًا يا ماركو' : '¡Hola, Marco!';
      await composer.fill(reply);
      await page.getByRole('button', { name: message(messages, 'composer.send') }).click();
      const mine = page.locator('[data-testid="message"][data-mine="true"][data-state="sent"]').filter({ hasText: reply });
      await mine.getByLabel(message(messages, 'state.sent')).waitFor();
      await page.getByRole('link', { name: message(messages, 'thread.viewCard') }).waitFor();

      // Mirrored: the list stands on the reading side's start, mine on its end, the menu button on the other corner.
      const list = await middleOf(page.getByTestId('conversation-list'));
      const thread = await middleOf(page.getByTestId('thread'));
      const theirs = await middleOf(page.getByTestId('message').getByText('Hola, Layla'));
      const own = await middleOf(mine.getByText(reply));
      const menu = await middleOf(page.getByTestId('menu-button'));
      if (locale === 'ar') {
        expect(list).toBeGreaterThan(thread);
        expect(own).toBeLessThan(theirs);
        expect(menu).toBeLessThan(640);
      } else {
        expect(list).toBeLessThan(thread);
        expect(own).toBeGreaterThan(theirs);
        expect(menu).toBeGreaterThan(640);
      }
      await apiIdle(page);
      await screenshotAtWidths(page, `languages-messages-thread-${locale}`);
      await expectAccessible(page, `a conversation in ${locale}`);
    });

    it(`the card editor in ${locale}: sections, a refused Save and its reason, a save, laid out in its direction`, async () => {
      const editor = catalogue(locale, 'editor');
      const page = await openIn(locale);
      await page.goto(`/vbc/edit/${ownerCard.id}`);
      await expectDocumentIn(page, locale);
      await page.getByRole('heading', { level: 1, name: message(editor, 'card.title') }).waitFor();
      // Each section's own heading (by its id: the preview beside it may show a card heading with the same words).
      for (const section of ['profile', 'contact', 'social', 'pin', 'exchange', 'share']) {
        const heading = page.locator(`h2#${section}-title`);
        await heading.waitFor();
        expect(await heading.textContent()).toBe(message(editor, `${section}.title`));
      }
      const sections = page.getByRole('navigation', { name: message(editor, 'nav.label') });
      await sections.getByRole('link', { name: message(editor, 'nav.design') }).waitFor();
      expect(await page.getByTestId('save-state').textContent()).toBe(message(editor, 'header.saved'));

      // Mirrored: the back button at the right, the menu button at the left in Arabic.
      const back = await middleOf(page.getByRole('link', { name: message(editor, 'header.back') }));
      const menu = await middleOf(page.getByTestId('menu-button'));
      if (locale === 'ar') expect(back).toBeGreaterThan(menu);
      else expect(back).toBeLessThan(menu);
      await apiIdle(page);
      await screenshotAtWidths(page, `languages-editor-${locale}`);
      await expectAccessible(page, `the card editor in ${locale}`);

      // A card without a name is refused, in the language, beside the field.
      const firstName = page.getByLabel(message(editor, 'fields.firstName'), { exact: true });
      const lastName = page.getByLabel(message(editor, 'fields.lastName'), { exact: true });
      await firstName.fill('');
      await lastName.fill('');
      expect(await page.getByTestId('save-state').textContent()).toBe(message(editor, 'header.dirty'));
      await page.getByTestId('save-button').click();
      await page.getByTestId('save-error').filter({ hasText: ONE_FIELD_TO_CHECK[locale] }).waitFor();
      expect(await firstName.getAttribute('aria-invalid')).toBe('true');
      await page.getByText(message(catalogue(locale, 'common'), 'problems.required'), { exact: true }).waitFor();
      await screenshotAtWidths(page, `languages-editor-refused-${locale}`);
      await expectAccessible(page, `the card editor's refused save in ${locale}`);

      await firstName.fill('Layla');
      await lastName.fill(locale === 'ar' ? 'حداد' : 'Haddad');
      await page.getByTestId('save-button').click();
      await page
        .getByTestId('notice')
        .filter({ hasText: message(editor, 'card.saved') })
        .waitFor();
      await page
        .getByTestId('save-state')
        .filter({ hasText: message(editor, 'header.saved') })
        .waitFor();
    });
  }
});

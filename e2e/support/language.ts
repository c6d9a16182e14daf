import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TCatalogueLocale } from './catalogue.ts';

/** Every load of `page` starts in `locale`, the choice the device keeps (`vbc.language`, as Settings keeps one). */
export async function keepLanguage(page: Page, locale: TCatalogueLocale): Promise<void> {
  await page.addInitScript((chosen) => localStorage.setItem('vbc.language', chosen), locale);
}

/** Waits until `<html lang>` is `locale`, then checks `<html dir>` is its direction (Arabic right to left). */
export async function expectDocumentIn(page: Page, locale: TCatalogueLocale): Promise<void> {
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
}

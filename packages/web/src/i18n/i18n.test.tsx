import { afterEach, describe, expect, it } from 'vitest';
import { followDocumentLanguage, i18n, instanceForRendering } from './i18n.ts';
import { formatDate, formatNumber } from './format.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the app in the active language (issue 31)', () => {
  it('follows the language on <html lang dir>, mirrored for Arabic', async () => {
    followDocumentLanguage();
    await i18n.changeLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await i18n.changeLanguage('es');
    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('gives a server rendering an instance of its own language, leaving the app on its own', async () => {
    const { instance, messages } = await instanceForRendering('fil', ['common']);
    expect(instance.t('notFound.page.title', { ns: 'common' })).toBe('Hindi nahanap ang pahina');
    expect(messages).toHaveProperty('common.notFound.home', 'Pumunta sa home page');
    expect(i18n.language).toBe('en');
    expect(i18n.t('notFound.page.title', { ns: 'common' })).toBe('Page not found');
  });

  it('formats ICU arguments and plurals in the locale', async () => {
    expect(i18n.t('stats.views', { ns: 'card', count: 1 })).toBe('1 view');
    expect(i18n.t('stats.views', { ns: 'card', count: 1234 })).toBe('1,234 views');
    expect(i18n.t('exchange.sendMeTheCard', { ns: 'card', firstName: 'Ana' })).toBe("Send me Ana's card");
    const { instance } = await instanceForRendering('ar', ['card']);
    const arabic = (count: number) => instance.t('stats.views', { ns: 'card', count });
    // Arabic's own plural forms, digits from Intl.
    expect(new Set([0, 1, 2, 5, 11, 100].map(arabic)).size).toBe(6);
    expect(arabic(2)).not.toContain('{');
  });

  it('formats dates and numbers through Intl in the locale', () => {
    const day = new Date(Date.UTC(2026, 10, 28, 12));
    expect(formatDate('es', day, { dateStyle: 'long', timeZone: 'UTC' })).toBe('28 de noviembre de 2026');
    expect(formatNumber('ar', 1234)).toBe(new Intl.NumberFormat('ar').format(1234));
    expect(formatNumber('en', 1234)).toBe('1,234');
  });
});

import { PRODUCT_NAME } from '@vbc/shared';
import { localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { escapeHtml } from '../platform/html/escape-html.ts';
import { translatorFor } from '../platform/i18n/translator.ts';

/**
 * A "Forget my details" page: `ask` (the button, posting to `action`), `deleted` (it was just
 * deleted), `gone` (it was deleted before) or `invalid` (the link is not one the server signed).
 */
export type TForgetPage = { kind: 'ask'; action: string } | { kind: 'deleted' } | { kind: 'gone' } | { kind: 'invalid' };

/**
 * The page's HTML in `locale` (issue 31: catalogue namespace `pages`, `forget.*`), with
 * `<html lang dir>`: one small self-contained document, no script.
 */
export function forgetPageHtml(page: TForgetPage, locale: TLocale): string {
  const t = translatorFor(locale, 'pages');
  const h = escapeHtml;
  let title: string;
  let body: string;
  if (page.kind === 'ask') {
    title = t('forget.title');
    body = `<p>${h(t('forget.ask'))}</p><form method="post" action="${h(page.action)}"><button type="submit">${h(t('forget.button'))}</button></form>`;
  } else if (page.kind === 'deleted') {
    title = t('forget.deletedTitle');
    body = `<p>${h(t('forget.deleted'))}</p>`;
  } else if (page.kind === 'gone') {
    title = t('forget.goneTitle');
    body = `<p>${h(t('forget.gone'))}</p>`;
  } else {
    title = t('forget.invalidTitle');
    body = `<p>${h(t('forget.invalid'))}</p>`;
  }
  return [
    `<!doctype html><html lang="${locale}" dir="${localeDirection(locale)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${h(title)} · ${h(PRODUCT_NAME)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:440px;margin:48px auto;padding:0 16px;line-height:1.5}',
    'button{font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#c62828;color:#fff;cursor:pointer}</style>',
    `</head><body><h1>${h(title)}</h1>${body}</body></html>`,
  ].join('');
}

import type { FastifyRequest } from 'fastify';
import { localeDirection, type TLocale } from '@vbc/shared/i18n/locales';
import { CARD_SEARCH_PATH } from '@vbc/shared/not-found';
import { translatorFor } from '../i18n/translator.ts';

/** Does this request come from a browser asking for a page (Accept names text/html), not an API client? */
export const wantsHtml = (request: FastifyRequest): boolean => /\btext\/html\b/i.test(request.headers.accept ?? '');

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The designed not-found page a browser gets for a wrong link outside the app (issue 30): the app's
 * dark look in one self-contained document (inline styles, no script), a way home and a card
 * search. Sent with status 404, in `locale` (the request's page language, issue 31: catalogue
 * namespace `pages`, `notFound.*`).
 */
export function notFoundPage(kind: 'card' | 'page', locale: TLocale): string {
  const t = translatorFor(locale, 'pages');
  const title = kind === 'card' ? t('notFound.card.title') : t('notFound.page.title');
  const text = kind === 'card' ? t('notFound.card.text') : t('notFound.page.text');
  const search = t('notFound.search');
  return `<!doctype html>
<html lang="${locale}" dir="${localeDirection(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#121218">
<title>${escape(title)} · V.B.C.</title>
<link rel="icon" href="/vbc/icons/icon.svg" type="image/svg+xml">
<style>
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100dvh; display: grid; place-items: center; padding: 24px;
    background: #121218; color: #f4f4f8; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: 100%; max-width: 400px; display: grid; gap: 16px; justify-items: center; text-align: center; }
  img { width: 72px; height: 72px; border-radius: 20px; }
  h1 { margin: 8px 0 0; font-size: 1.6rem; }
  p { margin: 0; color: #b9b9c6; }
  a.home { display: inline-block; padding: 10px 22px; border-radius: 999px; background: #9a7dff; color: #121218;
    font-weight: 700; text-decoration: none; }
  a.home:focus-visible, input:focus-visible, button:focus-visible { outline: 3px solid #26c6da; outline-offset: 2px; }
  form { width: 100%; display: flex; gap: 8px; margin-top: 8px; }
  label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  input { flex: 1; min-width: 0; padding: 10px 14px; border-radius: 12px; border: 1px solid #4a4a5a;
    background: #1c1c25; color: inherit; font: inherit; }
  button { padding: 10px 16px; border-radius: 12px; border: 1px solid #9a7dff; background: transparent;
    color: #c9b8ff; font: inherit; font-weight: 600; cursor: pointer; }
</style>
</head>
<body>
<main>
  <img src="/vbc/icons/icon-192.png" alt="">
  <h1>${escape(title)}</h1>
  <p>${escape(text)}</p>
  <a class="home" href="/vbc/">${escape(t('notFound.home'))}</a>
  <form role="search" action="${CARD_SEARCH_PATH}" method="get">
    <input type="hidden" name="tab" value="search">
    <label for="q">${escape(search)}</label>
    <input id="q" type="search" name="q" placeholder="${escape(search)}" autocomplete="off">
    <button type="submit">${escape(t('notFound.searchButton'))}</button>
  </form>
</main>
</body>
</html>
`;
}

import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESERVED_ROUTE_WORDS } from '@vbc/shared';
import { LOCALES, type TLocale } from '@vbc/shared/i18n/locales';
import { presentContact } from '../cards/index.ts';
import { AppError } from '../platform/errors/app-error.ts';
import { presentPet } from '../pets/index.ts';
import { localizedShell, renderCardPage, renderPetPage, withServerRendering } from './link-preview.ts';
import { cardIndexable, visitorVCardUrl } from './card-identity.ts';
import { loadCardRenderer, type TCardRenderer, type TRenderedPage } from './card-renderer.ts';
import { CardPageCache, pickEncoding, renderedUrl } from './card-page-cache.ts';
import { WEB_DIST } from '../platform/config/paths.ts';
import { pageLocale, pageVary } from '../platform/i18n/page-locale.ts';

/** Pages of the web app, not API: kept out of the OpenAPI document. */
const PAGE = { schema: { hide: true } };

export { WEB_DIST };

/**
 * Serves the built SPA under /vbc/ on the same origin as the API: hashed
 * assets cached for a year, everything else falls back to index.html
 * (history routing); /vbc/{card} gets link-preview tags and the card inlined,
 * and comes rendered on the server when the build has the renderer (dist-ssr/).
 */
export default fp(
  async function webPlugin(app: FastifyInstance, options: { distDir?: string }) {
    const dist = options.distDir ?? WEB_DIST;
    app.get('/', PAGE, (_request, reply) => reply.redirect('/vbc/', 302));
    app.get('/order', PAGE, (_request, reply) => reply.redirect('/vbc/', 302));

    if (!existsSync(`${dist}/index.html`)) {
      app.log.warn(`web app not built (${dist}); run "npm run build" — /vbc/ answers 503 until then`);
      const notBuilt = (_request: unknown, reply: FastifyReply) =>
        reply.status(503).send({ message: 'The web app is not built yet: run "npm run build".', code: 'not_configured' });
      app.get('/vbc/', PAGE, notBuilt);
      app.get('/vbc/*', PAGE, notBuilt);
      return;
    }
    const indexHtml = readFileSync(`${dist}/index.html`, 'utf8');
    const renderer = await loadCardRenderer(dist);
    const pages = new CardPageCache();
    if (!renderer) app.log.warn(`no server renderer beside ${dist}: card pages render in the browser`);

    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/vbc/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset: served as the browser accepts.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes('/assets/');
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

    const sendIndex = (html: string) => (_: unknown, reply: FastifyReply) =>
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

    /**
     * The page with the app's server rendering of `url` in it (rendered by the web app's own
     * components, kept by what it was rendered from), compressed as the browser accepts; the
     * plain page (`plain(locale)`, data inlined) when there is no renderer or it fails. `plain` is
     * built only when needed: a page the cache holds is sent as it is. Both are in the page's
     * language (pageLocale), so both say what chose it in `Vary`.
     */
    const sendRendered = async (
      request: FastifyRequest,
      reply: FastifyReply,
      plain: (locale: TLocale) => string,
      data: unknown,
      render: ((r: TCardRenderer, url: string, locale: TLocale) => Promise<TRenderedPage>) | null,
    ) => {
      const url = renderedUrl(request.url);
      const language = pageLocale(request);
      const { locale } = language;
      // Kept by language too: the same card in Arabic is another page.
      const page =
        renderer && render
          ? // Kept by how the language was chosen too: a page the link's ?lang= chose names that link as its canonical.
            await pages.get(`${locale}${language.byHeaders ? '' : ' linked'} ${url}`, data, () =>
              render(renderer, url, locale).then(
                (rendered) => withServerRendering(plain(locale), rendered, renderer),
                (error: unknown) => {
                  request.log.error({ err: error }, 'server rendering of a page failed');
                  return null;
                },
              ),
            )
          : null;
      if (!page) {
        const vary = pageVary(language);
        return sendIndex(plain(locale))(request, vary ? reply.header('vary', vary) : reply);
      }
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', pageVary(language, 'accept-encoding'));
      if (encoding) return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
      return reply.send(page.html);
    };

    /** The app's shell for any other route, in the page's language (its loading screen shows until the app starts). */
    const shells = new Map(LOCALES.map((locale) => [locale, localizedShell(indexHtml, locale)]));
    const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
      const language = pageLocale(request);
      const vary = pageVary(language);
      return sendIndex(shells.get(language.locale)!)(request, vary ? reply.header('vary', vary) : reply);
    };

    app.get('/vbc/', PAGE, sendShell);
    /**
     * A page's own address (its canonical and og:url): with `?lang=` when the link chose the language,
     * so each language's page names itself (the hreflang alternates name them all); else the page itself.
     */
    const pageUrl = (request: FastifyRequest, path: string): string => {
      const { locale, byHeaders } = pageLocale(request);
      return `${app.config.PUBLIC_URL}${path}${byHeaders ? '' : `?lang=${locale}`}`;
    };

    app.get<{ Params: { '*': string } }>('/vbc/*', PAGE, async (request, reply) => {
      const [first, ...rest] = request.params['*'].split('/');
      const reserved = (RESERVED_ROUTE_WORDS as readonly string[]).includes((first ?? '').toLowerCase());
      const base = app.config.PUBLIC_URL;
      if (first && rest.filter(Boolean).length === 0 && !reserved && !first.includes('.')) {
        // The router has decoded the path once already: decoding again would turn `%25` into a URIError.
        const found = await app.cards.getPublic(first).catch((error: unknown) => {
          // No such card: the app shows "Card not found" with a way home, under status 404 (issue 30).
          if (error instanceof AppError && error.status < 500) return 'missing' as const;
          request.log.warn({ err: error }, 'card page: the card could not be read');
          return null;
        });
        if (found === 'missing') return sendShell(request, reply.status(404));
        if (found) {
          const contact = presentContact(found.row, found.picture, { revealContactInfo: false });
          // The view is counted by the page once it shows (card-boot.ts: POST …/view with the visitor's session).
          const plain = (locale: TLocale) =>
            renderCardPage(
              indexHtml,
              contact,
              {
                page: pageUrl(request, `/vbc/${contact.quickId}`),
                image: contact.picture ? `${base}/ds/vbc/profilepicture/${contact.quickId}` : null,
                vcard: visitorVCardUrl(contact, `${base}/ds/vbc/download/i/${contact.quickId}`),
              },
              locale,
            );
          // Issue 29: the header says it too, for crawlers that read headers only.
          if (!cardIndexable(contact)) reply.header('x-robots-tag', 'noindex');
          return sendRendered(request, reply, plain, contact, (r, url, locale) => r.render(url, contact, locale));
        }
      }
      // A pet's page (/vbc/p/{petId}): as a visitor sees it, whoever asks (the owner's extras come after hydration).
      if (first === 'p' && rest.length === 1 && rest[0]) {
        const found = await app.pets.findPet(rest[0]).catch(() => null);
        if (found) {
          const pet = presentPet(found);
          const plain = (locale: TLocale) =>
            renderPetPage(
              indexHtml,
              pet,
              {
                page: pageUrl(request, `/vbc/p/${pet.virtualPetId}`),
                image: pet.picture ? `${base}/ds/vbc/odisplay/${pet.picture.obsecuredDisplayItemId}` : null,
              },
              locale,
            );
          return sendRendered(request, reply, plain, pet, (r, url, locale) => r.renderPet(url, pet, locale));
        }
      }
      return sendShell(request, reply);
    });
  },
  { name: 'web', dependencies: ['db', 'cards', 'pets'] },
);

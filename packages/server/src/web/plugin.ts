import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RESERVED_ROUTE_WORDS } from '@vbc/shared';
import { presentContact } from '../cards/presenter.ts';
import { renderCardPage } from './link-preview.ts';
import { WEB_DIST } from '../paths.ts';

/** Pages of the web app, not API: kept out of the OpenAPI document. */
const PAGE = { schema: { hide: true } };

export { WEB_DIST };

/** Link-preview fetchers: their requests are not counted as views. */
const BOT_AGENT = /bot|crawl|spider|facebookexternalhit|slack|whatsapp|telegram|discord|preview|embedly|skype/i;

/**
 * Serves the built SPA under /vbc/ on the same origin as the API: hashed
 * assets cached for a year, everything else falls back to index.html
 * (history routing); /vbc/{card} gets link-preview tags and the card inlined.
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

    app.get('/vbc/', PAGE, sendIndex(indexHtml));
    app.get<{ Params: { '*': string } }>('/vbc/*', PAGE, async (request, reply) => {
      const [first, ...rest] = request.params['*'].split('/');
      const reserved = (RESERVED_ROUTE_WORDS as readonly string[]).includes((first ?? '').toLowerCase());
      if (first && rest.filter(Boolean).length === 0 && !reserved && !first.includes('.')) {
        const found = await app.cards.getPublic(decodeURIComponent(first)).catch(() => null);
        if (found) {
          const contact = presentContact(found.row, found.picture, { revealContactInfo: false });
          const bot = BOT_AGENT.test(request.headers['user-agent'] ?? '');
          if (!bot && !contact.hasVirginAccessProtection) app.cards.stats.record(found.row.id, 'view');
          const base = app.config.PUBLIC_URL;
          const html = renderCardPage(indexHtml, contact, {
            page: `${base}/vbc/${contact.quickId}`,
            image: contact.picture ? `${base}/ds/vbc/profilepicture/${contact.quickId}` : null,
          });
          return sendIndex(html)(request, reply);
        }
      }
      return sendIndex(indexHtml)(request, reply);
    });
  },
  { name: 'web', dependencies: ['db', 'cards'] },
);

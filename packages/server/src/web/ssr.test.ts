// The public card rendered on the server by the web app's own components (issue 13), through the
// real app and the real build (`npm run build`: dist/ and dist-ssr/ of packages/web).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { WEB_DIST } from '../platform/config/paths.ts';

const built = existsSync(path.join(WEB_DIST, '..', 'dist-ssr', 'render-card.js'));
if (!built) console.warn('web/ssr.test.ts: packages/web is not built (npm run build): skipped');

const PIN = '2468';
/** The markup the app rendered into #root (not the inlined card data, not the head). */
const rootOf = (html: string) => /<div id="root" data-ssr>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

describe.skipIf(!built)('server-rendered card pages', () => {
  describeEachDatabase(
    'the card in the HTML',
    (ctx) => {
      const page = async (url: string) => {
        const response = await ctx.app.inject(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        return response.body;
      };

      it('renders name, job title, organization, buttons, contact rows and markdown, with their styles, and only the boot script', async () => {
        const card = await buildCard(ctx.app, {
          markdownDescriptions: ['## Services\n\n**Bridges** and [tunnels](https://example.test/t)'],
        });
        const html = await page(`/vbc/${card.quickId}`);
        const root = rootOf(html);
        expect(root).toContain(`>Ana ${card.lastName}</h1>`);
        // Everything in place: no part sent after a fallback and moved in by an inline script (the CSP forbids them).
        expect(root).not.toMatch(/<script|<template|hidden id="S:/);
        expect(root).not.toContain('Loading V.B.C.');
        expect(root).toContain('>Engineer<');
        expect(root).toContain('Tom &amp; Jerry, Inc.');
        for (const text of ['Contact Download', 'Contact Transfer via QR', 'Share', 'Contact Info', '0917 555 0101', 'ana@example.test'])
          expect(root).toContain(text);
        expect(root).toContain(`href="/ds/vbc/download/i/${card.id}"`);
        // Markdown rendered on the server, its headings one level under the section heading it sits in (h3 in the simple layout).
        expect(root).toMatch(/<h3 class="md-h2">Services<\/h3>/);
        expect(root).toContain('<strong>Bridges</strong>');
        // Emotion's styles for exactly these class names, in the head.
        const classes = [...root.matchAll(/class="[^"]*\bcss-([a-z0-9]+)/g)].map((m) => m[1]!);
        expect(classes.length).toBeGreaterThan(10);
        const styleIds = /<style data-emotion="css ([^"]+)">/.exec(html)?.[1]?.split(' ') ?? [];
        for (const id of classes) expect(styleIds).toContain(id);
        // The app's scripts are gone: one small module starts it on demand.
        const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
        expect(scripts).toHaveLength(1);
        expect(scripts[0]).toMatch(/^\/vbc\/assets\/card-boot-[\w-]+\.js$/);
        // Its few imports are preloaded beside it (found at once, not one after another); nothing of the app is
        // beyond the fetch client that counts the view (issue 30).
        const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
        expect(preloads.length).toBeGreaterThan(0);
        for (const file of preloads)
          expect(file).toMatch(
            /^\/vbc\/assets\/(initial-card-id|recents|storage|preload-helper|page-events|http|contacts|service-worker-client|share-file|visit-source)-[\w-]+\.js$/,
          );
        expect(html).not.toContain('Loading V.B.C.');
      });

      it('sends the page compressed as the browser accepts, the same page again from memory', async () => {
        const card = await buildCard(ctx.app);
        const url = `/vbc/${card.quickId}`;
        const plain = await page(url);
        for (const [accept, encoding, decode] of [
          ['gzip, deflate, br', 'br', brotliDecompressSync],
          ['gzip', 'gzip', gunzipSync],
        ] as const) {
          const response = await ctx.app.inject({ url, headers: { 'accept-encoding': accept } });
          expect(response.headers['content-encoding']).toBe(encoding);
          expect(response.headers.vary).toContain('accept-encoding');
          expect(response.rawPayload.length).toBeLessThan(plain.length / 3);
          expect(decode(response.rawPayload).toString()).toBe(plain);
        }
        const refused = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
        expect(refused.headers['content-encoding']).toBeUndefined();
        expect(refused.body).toBe(plain);
        // A change to the card is in the next page.
        const owner = await buildAccount(ctx.app);
        const owned = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
        expect(rootOf(await page(`/vbc/${owned.quickId}`))).toContain('>Engineer<');
        const changed = await ctx.app.inject({
          method: 'PUT',
          url: `/api/vbc/virtualcontact/${owned.id}`,
          headers: owner.headers,
          payload: { jobTitle: 'Bridge Inspector' },
        });
        expect(changed.statusCode).toBe(200);
        const after = rootOf(await page(`/vbc/${owned.quickId}`));
        expect(after).toContain('>Bridge Inspector<');
        expect(after).not.toContain('>Engineer<');
      });

      it('never puts the phones or e-mails of a PIN-locked card into the page', async () => {
        const owner = await buildAccount(ctx.app);
        const card = await buildCard(
          ctx.app,
          { emails: [{ email: 'secret.mail@example.test', name: 'Private' }], phones: [{ phoneNumber: '0917 999 1234', type: 'Mobile' }] },
          { ownerAccountId: owner.account.id },
        );
        const set = await ctx.app.inject({
          method: 'PUT',
          url: `/api/vbc/virtualcontact/${card.id}/pin`,
          headers: owner.headers,
          payload: { pinCode: PIN },
        });
        expect(set.statusCode).toBe(200);
        for (const url of [`/vbc/${card.quickId}`, `/vbc/${card.quickId}?pin=${PIN}`, `/vbc/${card.id}`]) {
          const html = await page(url);
          expect(rootOf(html)).toContain(`Ana ${card.lastName}`);
          expect(rootOf(html)).toContain('Contact Information is hidden and required Pin to access.');
          expect(rootOf(html)).not.toContain('Contact Download');
          for (const secret of ['secret.mail', 'Private', '0917 999 1234', '09179991234']) expect(html, url).not.toContain(secret);
        }
      });

      it('an unadopted card shows the adoption screen, not its data; a card with nothing filled in says it is being set up', async () => {
        const [minted] = await ctx.app.admin.mintCards({ count: 1, design: 'simple', publicUrl: 'http://localhost:8080' });
        const unadopted = rootOf(await page(`/vbc/${minted!.quickId}`));
        expect(unadopted).toContain('This profile is not adopted yet.');
        expect(unadopted).toContain('Login / Register');

        const empty = await buildCard(ctx.app, {
          firstName: '',
          lastName: '',
          jobTitle: '',
          organization: '',
          biography: '',
          markdownDescriptions: [],
          emails: [],
          phones: [],
          locations: [],
          socialMedias: [],
          links: [],
        });
        const html = rootOf(await page(`/vbc/${empty.quickId}`));
        expect(html).toContain('This card is being set up');
        expect(html).not.toContain('0 views');
      });

      it("renders the pet page the same way; the owner's phone is in it only when the owner shows it, and the owner's controls never", async () => {
        const owner = await buildAccount(ctx.app, { phoneNumber: '+639171230000' });
        await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/vp/virtualpet',
          headers: owner.headers,
          payload: {
            name: 'Mochi',
            species: 'Cat',
            breed: 'Siamese',
            sex: 'Female',
            color: 'Cream',
            description: 'Shy & sweet.',
            careNotes: 'Indoor only.',
          },
        });
        expect(created.statusCode).toBe(201);
        const pet = created.json<{ virtualPetId: string; updatedAt: string }>();
        const url = `/vbc/p/${pet.virtualPetId}`;
        const html = await page(url);
        const root = rootOf(html);
        expect(html).toContain('<title>Mochi</title>');
        expect(html).toContain('<meta name="description" content="Siamese · Cat">');
        expect(root).toContain('>Mochi</h1>');
        for (const text of ['Siamese · Cat', 'Cream', 'Shy &amp; sweet.', 'Indoor only.', 'Share', 'Message the owner'])
          expect(root, text).toContain(text);
        expect(root).not.toMatch(/<script|<template|Loading V\.B\.C\./);
        expect(root).not.toContain('lost-banner');
        expect(root).not.toContain('>Edit<');
        expect(html).not.toContain('9171230000');
        const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
        expect(scripts).toEqual([expect.stringMatching(/^\/vbc\/assets\/card-boot-[\w-]+\.js$/)]);
        const classes = [...root.matchAll(/class="[^"]*\bcss-([a-z0-9]+)/g)].map((m) => m[1]!);
        const styleIds = /<style data-emotion="css ([^"]+)">/.exec(html)?.[1]?.split(' ') ?? [];
        for (const id of classes) expect(styleIds).toContain(id);

        const lost = await ctx.app.inject({
          method: 'PUT',
          url: `/api/vp/virtualpet/${pet.virtualPetId}`,
          headers: owner.headers,
          payload: { isLost: true, lostMessage: 'Last seen near the park', showOwnerPhone: true, updatedAt: pet.updatedAt },
        });
        expect(lost.statusCode).toBe(200);
        const lostRoot = rootOf(await page(url));
        expect(lostRoot).toContain('I&#x27;m lost! Please help me get home.');
        expect(lostRoot).toContain('Last seen near the park');
        expect(lostRoot).toContain('href="tel:+639171230000"');

        // An unknown pet is left to the browser (its screen says the pet was not found).
        const unknown = await page('/vbc/p/00000000-0000-4000-8000-000000000000');
        expect(unknown).not.toContain('data-ssr');
      });

      it('leaves every other route to the browser', async () => {
        for (const url of ['/vbc/', '/vbc/messages', '/vbc/edit/abc']) {
          const html = await page(url);
          expect(html, url).not.toContain('data-ssr');
          expect(html, url).toContain('Loading V.B.C.');
        }
      });

      it('answers a card address that leads nowhere with 404 and the app, which says "Card not found" (issue 30)', async () => {
        const response = await ctx.app.inject('/vbc/unknowncard');
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).not.toContain('data-ssr');
        expect(response.body).toContain('Loading V.B.C.');
      });
    },
    { webDistDir: WEB_DIST },
  );
});

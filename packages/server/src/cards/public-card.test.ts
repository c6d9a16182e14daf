import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import vCard from 'vcf';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { contactDailyStats } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard, buildPicture } from '../test/factories.ts';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { storeDisplayImage } from '../files/store-files.ts';
import { signPinAccess } from './pin/pin-access.ts';

const webDir = mkdtempSync(path.join(tmpdir(), 'vbc-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>V.B.C.</title></head><body><div id="root"></div></body></html>',
);

describeEachDatabase(
  'public card API',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    it('returns the docs/contracts.md §3 shape by full id and by quickId, case-insensitively', async () => {
      const card = await buildCard(ctx.app);
      const byId = await get(`/api/vbc/virtualcontact/${card.id}`);
      expect(byId.statusCode).toBe(200);
      const body = byId.json();
      expect(body).toMatchObject({
        virtualContactId: card.id,
        id: card.id,
        quickId: card.quickId,
        firstName: 'Ana',
        name: `Ana ${card.lastName}`,
        organization: 'Tom & Jerry, Inc.',
        isCorporateProfile: false,
        hasVirginAccessProtection: false,
        hasPersonalAccount: false,
        stats: { viewCount: 0, downloadCount: 0 },
        designSpecification: { design: { designation: 'simple' }, theme: { designation: 'dark' }, accentColor1: null },
        wall: { boards: [] },
        picture: null,
        emails: [{ email: 'ana@example.test', name: 'Work' }],
        phones: [{ phoneNumber: '0917 555 0101', type: 'Mobile' }],
        links: [{ linkUrl: 'example.com', linkName: 'Site' }],
      });
      for (const key of [
        'markdownDescriptions',
        'pictureDisplayItemId',
        'highResPictureDisplayItemId',
        'heroImageDisplayItemId',
        'pinProtectionLevel',
        'locations',
        'socialMedias',
        'videos',
      ]) {
        expect(body).toHaveProperty(key);
      }
      const byQuick = await get(`/API/VBC/VirtualContact/${card.quickId.toUpperCase()}`);
      expect(byQuick.statusCode).toBe(200);
      expect(byQuick.json().id).toBe(card.id);
    });

    it('answers 404 JSON for unknown ids and never a 500 for hostile ones', async () => {
      for (const id of [
        '00000000-0000-4000-8000-000000000000',
        'zzzzzzz',
        "' OR '1'='1",
        '%27%20OR%201=1--',
        '..%2F..%2Fetc',
        'a'.repeat(90),
        '%00',
      ]) {
        const response = await get(`/api/vbc/virtualcontact/${encodeURIComponent(id)}`);
        expect([400, 404], id).toContain(response.statusCode);
        expect(response.json().message, id).toMatch(/card|contactId/);
      }
    });

    it("counts a view once per visitor per day, never the owner's, batched, with a daily row", async () => {
      const owner = await buildAccount(ctx.app);
      const card = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
      const view = (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'POST', url: `/api/vbc/virtualcontact/${card.quickId}/view`, headers });
      // Three browsers, each looking twice; a signed-in visitor from one of them counts as someone else.
      for (const agent of ['Browser A', 'Browser B', 'Browser C']) {
        expect((await view({ 'user-agent': agent })).statusCode).toBe(204);
        expect((await view({ 'user-agent': agent })).statusCode).toBe(204);
      }
      const visitor = await buildAccount(ctx.app);
      await view({ 'user-agent': 'Browser A', ...visitor.headers });
      await view({ 'user-agent': 'Browser A', ...visitor.headers });
      // The owner's own visits and reads count nothing.
      await view({ 'user-agent': 'Browser O', ...owner.headers });
      await get(`/api/vbc/virtualcontact/${card.quickId}`, owner.headers);
      // A read is not a view: the page that shows the card counts it.
      await get(`/api/vbc/virtualcontact/${card.quickId}`);
      await get(`/ds/vbc/download/i/${card.id}`);
      expect((await view({})).statusCode).toBe(204);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/vbc/virtualcontact/zzzzzzz/view' })).statusCode).toBe(404);
      await ctx.app.cards.stats.flush();
      const after = (await get(`/api/vbc/virtualcontact/${card.id}`, owner.headers)).json();
      expect(after.stats).toEqual({ viewCount: 5, downloadCount: 1 });
      expect(after.hasPersonalAccount).toBe(true);
      const days = await ctx.app.db
        .select({ views: contactDailyStats.views, downloads: contactDailyStats.downloads })
        .from(contactDailyStats)
        .where(eq(contactDailyStats.contactId, card.id));
      expect(days).toEqual([{ views: 5, downloads: 1 }]);
      // Nothing about the visitor is kept with the counts, and the next day starts afresh.
      expect(JSON.stringify(await ctx.app.db.select().from(contactDailyStats))).not.toContain('Browser');
    });

    it('hides phones and emails of a PIN-protected card from everyone but its owner', async () => {
      const owner = await buildAccount(ctx.app);
      const card = await buildCard(
        ctx.app,
        {},
        { ownerAccountId: owner.account.id, pinHash: await slowHash('4821'), pinProtectionLevel: 1 },
      );
      const visitor = (await get(`/api/vbc/virtualcontact/${card.id}`)).json();
      expect(visitor.pinProtectionLevel).toBe(1);
      expect(visitor).not.toHaveProperty('phones');
      expect(visitor).not.toHaveProperty('emails');
      expect(JSON.stringify(visitor)).not.toContain('0917');
      const mine = (await get(`/api/vbc/virtualcontact/${card.id}`, owner.headers)).json();
      expect(mine.phones).toHaveLength(1);
    });

    it('exposes nothing personal of an unadopted card', async () => {
      const card = await buildCard(ctx.app, { firstName: 'Secret', biography: 'hidden bio' }, { passcodeHash: await slowHash('ABCD2345') });
      const body = (await get(`/api/vbc/virtualcontact/${card.quickId}`)).json();
      expect(body.hasVirginAccessProtection).toBe(true);
      expect(JSON.stringify(body)).not.toMatch(/Secret|hidden bio|0917|ana@example/);
      expect((await get(`/ds/vbc/download/i/${card.id}`)).statusCode).toBe(404);
    });

    it('downloads a vCard 3.0 named "First Last.vcf" that a third-party parser reads back', async () => {
      const picture = await buildPicture(ctx.app);
      const card = await buildCard(ctx.app, { firstName: 'Tom', lastName: 'Jerry', pictureDisplayItemId: picture.id });
      const response = await get(`/ds/vbc/download/i/${card.quickId}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('filename="Tom Jerry.vcf"');
      const [parsed] = vCard.parse(response.body);
      const value = (key: string) => String(parsed!.get(key)?.valueOf());
      expect(parsed!.version).toBe('3.0');
      expect(value('fn')).toBe('Tom Jerry');
      expect(value('org')).toBe('Tom & Jerry\\, Inc.');
      expect(value('tel')).toBe('09175550101');
      const adr = value('adr');
      expect(adr).toContain('Unit #5');
      expect(adr).not.toContain('Cebu');
      expect(value('photo').length).toBeGreaterThan(100);
    });

    it('refuses the download of a PIN-protected card without a valid token, and honours one', async () => {
      const card = await buildCard(ctx.app, {}, { pinHash: await slowHash('4821'), pinProtectionLevel: 1 });
      const other = await buildCard(ctx.app);
      const refused = await get(`/ds/vbc/download/i/${card.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/PIN/);
      const foreign = signPinAccess(ctx.app.signingKey, { id: other.id, pinVersion: 0 });
      expect((await get(`/ds/vbc/download/i/${card.id}?accessToken=${foreign}`)).statusCode).toBe(403);
      const expired = signPinAccess(ctx.app.signingKey, { id: card.id, pinVersion: 0 }, Date.now() - 11 * 60_000);
      expect((await get(`/ds/vbc/download/i/${card.id}?accessToken=${expired}`)).statusCode).toBe(403);
      const token = signPinAccess(ctx.app.signingKey, { id: card.id, pinVersion: 0 });
      const granted = await get(`/ds/vbc/download/i/${card.id}?accessToken=${token}`);
      expect(granted.statusCode).toBe(200);
      expect(granted.body).toContain('TEL;TYPE=CELL:09175550101');
      expect(ctx.log.text).not.toContain(token);
    });

    it('redirects share links to the web app', async () => {
      const card = await buildCard(ctx.app);
      const byId = await get(`/ds/vbc/i/${card.id}`);
      expect(byId.statusCode).toBe(302);
      expect(byId.headers.location).toBe(`/vbc/${card.quickId}`);
      expect((await get(`/ds/vbc/i/${card.quickId}`)).headers.location).toBe(`/vbc/${card.quickId}`);
      // A wrong short link: JSON for an API client, the designed page for a browser (issue 30).
      const json = await get('/ds/vbc/i/nothing1', { accept: 'application/json' });
      expect(json.statusCode).toBe(404);
      expect(json.json()).toEqual({ message: 'The card was not found.', code: 'not_found' });
      expect((await get('/ds/vbc/i/nothing1')).headers['content-type']).toMatch(/^application\/json/);
      const html = await get('/ds/vbc/i/nothing1', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
      expect(html.statusCode).toBe(404);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.body).toContain('<h1>Card not found</h1>');
      expect(html.body).toContain('<a class="home" href="/vbc/">');
      expect(html.body).toContain('action="/vbc/others"');
      expect(html.body).not.toContain('<script');
      const pet = await get('/ds/vp/i/6F9619FF-8B86-4011-B42D-00C04FC964FF');
      expect(pet.headers.location).toBe('/vbc/p/6f9619ff-8b86-4011-b42d-00c04fc964ff');
      expect((await get('/ds/vp/i/not-a-pet')).statusCode).toBe(400);
    });

    it('renders a QR PNG locally that decodes back to its text', async () => {
      const text = 'https://vbc.example/ds/vbc/i/abc1234';
      const response = await get(`/ds/qr?text=${encodeURIComponent(text)}&size=240`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const png = PNG.sync.read(response.rawPayload);
      expect(png.width).toBe(240);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(text);
      expect((await get('/ds/qr')).json().message).toMatch(/^text: /);
      expect((await get(`/ds/qr?text=x&size=99999`)).json().message).toMatch(/^size: /);
      expect((await get(`/ds/qr?text=${'x'.repeat(4000)}`)).statusCode).toBe(400);
    });

    it('serves stored images by id and obsecured id with long caching, and 404 JSON for unknown ids', async () => {
      const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      const item = await storeDisplayImage(ctx.app.db, ctx.app.storage, bytes, null, { attached: true });
      for (const url of [`/ds/vbc/display/${item.id}`, `/ds/vbc/odisplay/${item.obsecuredId}`]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.headers['cache-control']).toContain('max-age=31536000');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.rawPayload.equals(bytes)).toBe(true);
      }
      expect(item.obsecuredId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      for (const url of [
        '/ds/vbc/display/00000000-0000-4000-8000-000000000000',
        '/ds/vbc/odisplay/nope',
        '/ds/vbc/file/nope',
        '/ds/vbc/profilepicture/nope',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().code).toBe('not_found');
      }
    });

    it('sends the security headers and no CORS echo', async () => {
      const card = await buildCard(ctx.app);
      const api = await get(`/api/vbc/virtualcontact/${card.id}`, { origin: 'https://evil.example' });
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      const page = await get(`/vbc/${card.quickId}`, { origin: 'https://evil.example' });
      const csp = String(page.headers['content-security-policy']);
      for (const directive of ["script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
        expect(csp).toContain(directive);
      expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
      for (const response of [api, page]) {
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(api.headers['referrer-policy']).toBeUndefined(); // a JSON answer under default-src 'none' makes no requests
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: `/api/vbc/virtualcontact/${card.id}`,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers health, readiness and the OpenAPI document', async () => {
      expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
      expect((await get('/readyz')).json()).toMatchObject({ status: 'ready', database: ctx.kind });
      const doc = (await get('/api/docs/json')).json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toContain('/api/vbc/virtualcontact/{contactId}');
    });

    it('serves a card page with OpenGraph tags and the card inlined, safely escaped', async () => {
      const card = await buildCard(ctx.app, { firstName: '</script><script>alert(1)</script>', jobTitle: 'CTO "quoted"' });
      const response = await get(`/vbc/${card.quickId}`);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<meta property="og:title" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; ');
      expect(html).toContain('CTO &quot;quoted&quot; · Tom &amp; Jerry, Inc.');
      // Two data blocks, none of them broken out of: the inlined card and its JSON-LD (issue 29).
      expect([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual([
        '<script type="application/json" id="vbc-initial-card">',
        '<script type="application/ld+json">',
      ]);
      const inlined = /<script type="application\/json" id="vbc-initial-card">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(inlined!).id).toBe(card.id);
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(jsonLd!).mainEntity.givenName).toBe('</script><script>alert(1)</script>');
      expect((await get('/vbc/messages')).body).not.toContain('og:title');
    }, 30_000);
  },
  { webDistDir: webDir },
);

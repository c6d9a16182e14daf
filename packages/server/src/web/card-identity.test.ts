// The card page as an identity document (issue 29): schema.org JSON-LD, microformats2 h-card
// (read with microformats-parser), rel="me", the vCard alternate, the canonical URL and noindex
// where due, through the real app and the real build (`npm run build`: dist/ and dist-ssr/).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mf2 } from 'microformats-parser';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { buildLinkedCard } from '../test/directories-support.ts';
import { ADMIN_TOKEN, buildStaffedBusiness } from '../test/announcements-support.ts';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { WEB_DIST } from '../platform/config/paths.ts';

const built = existsSync(path.join(WEB_DIST, '..', 'dist-ssr', 'render-card.js'));
if (!built) console.warn('web/card-identity.test.ts: packages/web is not built (npm run build): skipped');

type TJson = Record<string, unknown>;

/**
 * The schema.org properties (https://schema.org/{Type}, inherited ones included) the card's
 * JSON-LD may use per type, and the ones it must have: a misspelt or misplaced property fails.
 */
const SCHEMA: Record<string, { allowed: string[]; required: string[] }> = {
  ProfilePage: { allowed: ['url', 'name', 'dateModified', 'mainEntity'], required: ['mainEntity', 'url'] },
  Person: {
    allowed: [
      '@id',
      'url',
      'name',
      'givenName',
      'familyName',
      'jobTitle',
      'worksFor',
      'image',
      'description',
      'sameAs',
      'telephone',
      'email',
      'address',
    ],
    required: ['name', 'url'],
  },
  Organization: {
    allowed: ['@id', 'url', 'name', 'logo', 'image', 'description', 'sameAs', 'telephone', 'email', 'address'],
    required: ['name'],
  },
  PostalAddress: { allowed: ['name', 'streetAddress', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'], required: [] },
};

/** Checks a JSON-LD node and the nodes inside it against SCHEMA; returns the node's @type. */
function checkNode(node: TJson, where: string): string {
  const type = node['@type'];
  expect(typeof type, `${where}: @type`).toBe('string');
  const rule = SCHEMA[type as string];
  expect(rule, `${where}: ${String(type)} is a type the card may use`).toBeDefined();
  for (const key of Object.keys(node)) {
    if (key === '@type' || key === '@context') continue;
    expect(rule!.allowed, `${where}: ${String(type)}.${key}`).toContain(key);
    const value = node[key];
    expect(value === null || value === '' || (Array.isArray(value) && value.length === 0), `${where}.${key} is not empty`).toBe(false);
    if (value && typeof value === 'object' && !Array.isArray(value)) checkNode(value as TJson, `${where}.${key}`);
  }
  for (const key of rule!.required) expect(node[key], `${where}: ${String(type)} needs ${key}`).toBeDefined();
  return type as string;
}

const jsonLdOf = (html: string): TJson[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as TJson);
const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';

describe.skipIf(!built)('the card page as an identity document', () => {
  describeEachDatabase(
    'JSON-LD, h-card, rel=me, canonical, noindex',
    (ctx) => {
      const base = () => ctx.app.config.PUBLIC_URL;
      const page = async (url: string) => {
        const response = await ctx.app.inject(url);
        expect(response.statusCode).toBe(200);
        return { html: response.body, robots: response.headers['x-robots-tag'] };
      };
      const socials = [
        { socialMediaType: 'Twitter' as const, accountId: '@ana_reyes' },
        { socialMediaType: 'Facebook' as const, accountId: 'https://mastodon.example/@ana' },
      ];

      it('a personal card: ProfilePage about a Person, an h-card with every visible part, rel="me" on profiles, canonical and vCard links', async () => {
        const card = await buildCard(ctx.app, { socialMedias: socials });
        const { html, robots } = await page(`/vbc/${card.id}`);
        const canonical = `${base()}/vbc/${card.quickId}`;
        const head = headOf(html);

        expect(head).toContain(`<link rel="canonical" href="${canonical}">`);
        expect(head).toContain(`<link rel="alternate" type="text/vcard" href="${base()}/ds/vbc/download/i/${card.quickId}"`);
        expect(head).not.toMatch(/name="robots"/);
        expect(robots).toBeUndefined();

        const [ld, ...more] = jsonLdOf(html);
        expect(more).toHaveLength(0);
        expect(ld!['@context']).toBe('https://schema.org');
        expect(checkNode(ld!, 'page')).toBe('ProfilePage');
        expect(ld!['url']).toBe(canonical);
        const person = ld!['mainEntity'] as TJson;
        expect(person['@type']).toBe('Person');
        expect(person).toMatchObject({
          name: `Ana ${card.lastName}`,
          givenName: 'Ana',
          familyName: card.lastName,
          jobTitle: 'Engineer',
          worksFor: { '@type': 'Organization', name: 'Tom & Jerry, Inc.' },
          description: 'Builds things; likes tea.',
          telephone: ['0917 555 0101'],
          email: ['ana@example.test'],
          address: {
            '@type': 'PostalAddress',
            name: 'Unit #5',
            streetAddress: '1 Main St, Suite 5',
            addressLocality: 'Manila',
            addressCountry: 'Philippines',
          },
          url: canonical,
        });
        expect(person['sameAs']).toEqual(['https://twitter.com/ana_reyes', 'https://mastodon.example/@ana', 'http://example.com']);

        const parsed = mf2(html, { baseUrl: canonical });
        const cards = parsed.items.filter((item) => item.type?.includes('h-card'));
        expect(cards).toHaveLength(1);
        const props = cards[0]!.properties;
        expect(props['name']).toEqual([`Ana ${card.lastName}`]);
        expect(props['job-title']).toEqual(['Engineer']);
        expect(props['org']).toEqual(['Tom & Jerry, Inc.']);
        expect(props['note']).toEqual(['Builds things; likes tea.']);
        expect(props['tel']).toEqual(['0917 555 0101']);
        expect(props['email']).toEqual(['mailto:ana@example.test']);
        // Each place is an address: the one with only a city too.
        expect(props['adr']).toEqual(['Cebu', '1 Main St, Suite 5, Manila, Philippines']);
        expect(props['url']).toEqual(
          expect.arrayContaining(['https://twitter.com/ana_reyes', 'https://mastodon.example/@ana', 'http://example.com']),
        );
        // rel="me" on the social profiles (the page's links and the head's), and on nothing else.
        expect(parsed.rels['me']?.sort()).toEqual(['https://mastodon.example/@ana', 'https://twitter.com/ana_reyes']);
      });

      it('a corporate card: its JSON-LD is about an Organization', async () => {
        const business = await buildStaffedBusiness(ctx.app);
        const card = await buildLinkedCard(ctx.app, business.corporateProfileId, { organization: 'Acme Corp' });
        const [ld] = jsonLdOf((await page(`/vbc/${card.quickId}`)).html);
        expect(checkNode(ld!, 'page')).toBe('ProfilePage');
        const org = ld!['mainEntity'] as TJson;
        expect(org['@type']).toBe('Organization');
        expect(org['name']).toBe('Acme Corp');
        expect(org).not.toHaveProperty('jobTitle');
      });

      it('a PIN-protected card: noindex, no vCard link, and its phones and e-mails in none of the page, JSON-LD or h-card', async () => {
        const card = await buildCard(
          ctx.app,
          {
            phones: [{ phoneNumber: '0917 444 9876', type: 'Mobile' }],
            emails: [{ email: 'secret.ana@example.test' }],
            socialMedias: socials,
          },
          { pinHash: await slowHash('2468'), pinProtectionLevel: 1 },
        );
        const { html, robots } = await page(`/vbc/${card.quickId}`);
        for (const hidden of ['0917 444 9876', '09174449876', '+639174449876', 'secret.ana', 'secret%2Eana'])
          expect(html, hidden).not.toContain(hidden);
        expect(headOf(html)).toContain('<meta name="robots" content="noindex">');
        expect(robots).toBe('noindex');
        expect(headOf(html)).not.toContain('type="text/vcard"');
        const person = jsonLdOf(html)[0]!['mainEntity'] as TJson;
        checkNode(person, 'person');
        expect(person).not.toHaveProperty('telephone');
        expect(person).not.toHaveProperty('email');
        const props = mf2(html, { baseUrl: base() }).items.find((i) => i.type?.includes('h-card'))!.properties;
        expect(props['name']).toEqual([`Ana ${card.lastName}`]);
        expect(props).not.toHaveProperty('tel');
        expect(props).not.toHaveProperty('email');
      });

      it('"Listed in search engines": on by default, in the owner and public views; off, and for an unadopted card, the page says noindex', async () => {
        const owner = await buildAccount(ctx.app);
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/vbc/virtualcontact',
          headers: owner.headers,
          payload: { firstName: 'Sam' },
        });
        expect(created.statusCode).toBe(201);
        const card = created.json<{ id: string; quickId: string; listedInSearchEngines: boolean }>();
        expect(card.listedInSearchEngines).toBe(true);
        expect((await ctx.app.inject(`/api/vbc/virtualcontact/${card.id}`)).json().listedInSearchEngines).toBe(true);
        expect((await page(`/vbc/${card.quickId}`)).robots).toBeUndefined();

        const put = (payload: unknown) =>
          ctx.app.inject({ method: 'PUT', url: `/api/vbc/virtualcontact/${card.id}`, headers: owner.headers, payload: payload as object });
        const bad = await put({ listedInSearchEngines: 'no' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toMatch(/^listedInSearchEngines: /);
        const off = await put({ listedInSearchEngines: false });
        expect(off.statusCode, off.body).toBe(200);
        expect(off.json().listedInSearchEngines).toBe(false);
        expect((await ctx.app.inject(`/api/vbc/virtualcontact/${card.id}`)).json().listedInSearchEngines).toBe(false);
        const unlisted = await page(`/vbc/${card.quickId}`);
        expect(unlisted.robots).toBe('noindex');
        expect(headOf(unlisted.html)).toContain('<meta name="robots" content="noindex">');
        // Still a well-formed identity for whoever has the link.
        expect(jsonLdOf(unlisted.html)).toHaveLength(1);

        const unadopted = await buildCard(ctx.app, {}, { passcodeHash: 'hash' });
        const blank = await page(`/vbc/${unadopted.quickId}`);
        expect(blank.robots).toBe('noindex');
        expect(headOf(blank.html)).toContain('<meta name="robots" content="noindex">');
        expect(jsonLdOf(blank.html)).toEqual([]);
        expect(headOf(blank.html)).not.toContain('type="text/vcard"');
      });
    },
    { webDistDir: WEB_DIST, env: { ADMIN_TOKEN } },
  );
});

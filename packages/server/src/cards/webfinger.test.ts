/** WebFinger (RFC 7033) for cards (issue 29): acct:{quickId}@{host} → a JRD any origin may read. */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/app.ts';
import { buildCard, buildPicture } from '../test/factories.ts';
import { slowHash } from '../platform/crypto/slow-hash.ts';

describeEachDatabase('WebFinger', (ctx) => {
  const finger = (query: string) => ctx.app.inject({ method: 'GET', url: `/.well-known/webfinger${query}` });
  const host = () => new URL(ctx.app.config.PUBLIC_URL).host;
  const base = () => ctx.app.config.PUBLIC_URL;
  const acct = (id: string) => `?resource=${encodeURIComponent(`acct:${id}@${host()}`)}`;

  it('answers a JRD with the profile page, the picture and the vCard, for any origin', async () => {
    const picture = await buildPicture(ctx.app);
    const card = await buildCard(ctx.app, { pictureDisplayItemId: picture.id });
    const response = await finger(acct(card.quickId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/jrd+json; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const page = `${base()}/vbc/${card.quickId}`;
    expect(response.json()).toEqual({
      subject: `acct:${card.quickId}@${host()}`,
      aliases: [page, `${base()}/ds/vbc/i/${card.quickId}`],
      links: [
        { rel: 'http://webfinger.net/rel/profile-page', type: 'text/html', href: page },
        { rel: 'http://webfinger.net/rel/avatar', type: 'image/jpeg', href: `${base()}/ds/vbc/profilepicture/${card.quickId}` },
        { rel: 'alternate', type: 'text/vcard', href: `${base()}/ds/vbc/download/i/${card.quickId}` },
      ],
    });
    // The links lead where they say.
    expect((await ctx.app.inject(`/ds/vbc/download/i/${card.quickId}`)).statusCode).toBe(200);
    expect((await ctx.app.inject(`/ds/vbc/profilepicture/${card.quickId}`)).statusCode).toBe(200);
  });

  it('finds the card by its quickId in any case, by its page URL, and narrows the links by rel', async () => {
    const card = await buildCard(ctx.app);
    const upper = await finger(acct(card.quickId.toUpperCase()));
    expect(upper.statusCode).toBe(200);
    expect(upper.json().subject).toBe(`acct:${card.quickId}@${host()}`);
    const byPage = await finger(`?resource=${encodeURIComponent(`${base()}/vbc/${card.quickId}`)}`);
    expect(byPage.statusCode).toBe(200);
    expect(byPage.json().subject).toBe(`acct:${card.quickId}@${host()}`);
    const narrowed = await finger(`${acct(card.quickId)}&rel=${encodeURIComponent('http://webfinger.net/rel/profile-page')}`);
    expect(narrowed.json().links.map((l: { rel: string }) => l.rel)).toEqual(['http://webfinger.net/rel/profile-page']);
    const two = await finger(`${acct(card.quickId)}&rel=alternate&rel=${encodeURIComponent('http://webfinger.net/rel/profile-page')}`);
    expect(two.json().links).toHaveLength(2);
  });

  it('leaves the vCard out for a PIN-protected card, whose download a visitor cannot have', async () => {
    const card = await buildCard(ctx.app, {}, { pinHash: await slowHash('2468'), pinProtectionLevel: 1 });
    const response = await finger(acct(card.quickId));
    expect(response.statusCode).toBe(200);
    expect(response.json().links.map((l: { type: string }) => l.type)).toEqual(['text/html']);
    expect(response.body).not.toContain('0917');
  });

  it('answers 404 for an unknown or unadopted card and another host, 400 for a malformed resource; CORS on both', async () => {
    const unadopted = await buildCard(ctx.app, {}, { passcodeHash: 'hash' });
    for (const query of [
      acct('zzzzzzz'),
      acct(randomUUID()),
      acct(unadopted.quickId),
      `?resource=${encodeURIComponent(`acct:${unadopted.quickId}@elsewhere.example`)}`,
      `?resource=${encodeURIComponent('https://elsewhere.example/vbc/abc')}`,
      `?resource=${encodeURIComponent(`${base()}/vbc/edit/abc`)}`,
    ]) {
      const response = await finger(query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toEqual({ message: 'The card was not found.', code: 'not_found' });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    for (const [query, message] of [
      ['', /^resource: /],
      ['?resource=', /^resource: /],
      ['?resource=nobody', /^resource: must be acct:/],
      [`?resource=${encodeURIComponent('acct:nohost')}`, /^resource: an acct: resource is acct:\{quickId\}@\{host\}/],
      [`?resource=${encodeURIComponent(`acct:a@b@${host()}`)}`, /^resource: /],
      [`?resource=${encodeURIComponent(`acct:%E0%A4%A@${host()}`)}`, /percent-encoding/],
      [`?resource=${'a'.repeat(600)}`, /^resource: /],
    ] as const) {
      const response = await finger(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });
});

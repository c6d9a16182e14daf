import { expect, it } from 'vitest';
import { COUNTED_SOURCES, VISIT_SOURCES } from '@vbc/shared';
import { contactDailyStats, contactSourceStats } from '../platform/db/schema/index.ts';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';

/** Issue 29 "Where visits come from": views, downloads and link clicks counted per day per source. */
describeEachDatabase('visit sources', (ctx) => {
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method, url, headers });
  const stats = async (cardId: string, headers: Record<string, string>) => {
    await ctx.app.cards.stats.flush();
    const response = await inject('GET', `/api/vbc/virtualcontact/${cardId}/stats?days=2`, headers);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('counts each surface under its own source: views, downloads and link clicks, and the day sums them', async () => {
    const owner = await buildAccount(ctx.app);
    const card = await buildCard(
      ctx.app,
      {
        links: [
          { linkUrl: 'example.com/a', linkName: 'A' },
          { linkUrl: 'https://example.org/b?x=1', linkName: 'B' },
        ],
      },
      { ownerAccountId: owner.account.id },
    );
    // One visitor (browser) per surface, so each view is its visitor's first of the day.
    for (const source of VISIT_SOURCES) {
      const agent = { 'user-agent': `Visitor from ${source}` };
      expect((await inject('POST', `/api/vbc/virtualcontact/${card.quickId}/view?s=${source}`, agent)).statusCode).toBe(204);
      expect((await inject('GET', `/ds/vbc/download/i/${card.id}?s=${source}`, agent)).statusCode).toBe(200);
    }
    // Two more from the QR code, one of them clicking both links; an untagged visitor is direct.
    await inject('POST', `/api/vbc/virtualcontact/${card.quickId}/view?s=qr`, { 'user-agent': 'Second QR visitor' });
    const first = await inject('GET', `/ds/vbc/l/${card.quickId}/0?s=qr`, { 'user-agent': 'Second QR visitor' });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('http://example.com/a');
    const second = await inject('GET', `/ds/vbc/l/${card.id}/1?s=qr`, { 'user-agent': 'Second QR visitor' });
    expect(second.headers.location).toBe('https://example.org/b?x=1');
    await inject('POST', `/api/vbc/virtualcontact/${card.quickId}/view`, { 'user-agent': 'Untagged' });
    await inject('GET', `/ds/vbc/l/${card.quickId}/0`, { 'user-agent': 'Untagged' });

    const body = await stats(card.id, owner.headers);
    const today = body.days.at(-1);
    expect(today.views).toBe(VISIT_SOURCES.length + 2);
    expect(today.downloads).toBe(VISIT_SOURCES.length);
    expect(today.linkClicks).toBe(3);
    expect(today.bySource.qr).toEqual({ views: 2, downloads: 1, linkClicks: 2 });
    expect(today.bySource.direct).toEqual({ views: 1, downloads: 0, linkClicks: 1 });
    for (const source of ['nfc', 'link', 'wallet', 'sig', 'bg'] as const) {
      expect(today.bySource[source], source).toEqual({ views: 1, downloads: 1, linkClicks: 0 });
    }
    expect(Object.keys(today.bySource).every((s) => (COUNTED_SOURCES as readonly string[]).includes(s))).toBe(true);
    // Yesterday had nothing: zero, with an empty split. Totals keep their fields and add the clicks.
    expect(body.days[0]).toMatchObject({ views: 0, downloads: 0, linkClicks: 0, bySource: {} });
    expect(body.totals).toEqual({ viewCount: VISIT_SOURCES.length + 2, downloadCount: VISIT_SOURCES.length, linkClickCount: 3 });
  });

  it('counts a click once per visitor per link per day, never the owner’s, and keeps nothing about the visitor', async () => {
    const owner = await buildAccount(ctx.app);
    const card = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
    for (let i = 0; i < 3; i += 1) {
      expect((await inject('GET', `/ds/vbc/l/${card.quickId}/0?s=sig`, { 'user-agent': 'Repeat clicker' })).statusCode).toBe(302);
    }
    // The owner clicking their own link (signed in) is sent on but not counted.
    const own = await inject('GET', `/ds/vbc/l/${card.quickId}/0?s=sig`, { 'user-agent': 'Owner', ...owner.headers });
    expect(own.statusCode).toBe(302);
    const body = await stats(card.id, owner.headers);
    expect(body.days.at(-1).bySource).toEqual({ sig: { views: 0, downloads: 0, linkClicks: 1 } });
    // A batch of clicks alone leaves the card's view and download totals (and its day row) as they were.
    expect(body.totals).toEqual({ viewCount: 0, downloadCount: 0, linkClickCount: 1 });
    const dayRows = await ctx.app.db.select().from(contactDailyStats);
    expect(dayRows.some((r) => r.contactId === card.id)).toBe(false);
    const stored = JSON.stringify(await ctx.app.db.select().from(contactSourceStats));
    expect(stored).not.toMatch(/Repeat clicker|Owner|127\.0\.0\.1/);
  });

  it('refuses every redirect that is not one of the card’s own links: never an open redirect', async () => {
    const card = await buildCard(ctx.app, {
      links: [
        { linkUrl: 'https://example.com/ok', linkName: 'OK' },
        { linkUrl: 'mailto:ana@example.test', linkName: 'Mail' },
        { linkUrl: 'tel:+15550100', linkName: 'Call' },
      ],
    });
    const unadopted = await buildCard(ctx.app, {}, { passcodeHash: await slowHash('ABCD2345') });
    const refusals: [string, number][] = [
      [`/ds/vbc/l/${card.quickId}/3`, 404], // past the card's links
      [`/ds/vbc/l/${card.quickId}/1`, 404], // not an http(s) link
      [`/ds/vbc/l/${card.quickId}/2`, 404], // nor is a tel: link
      [`/ds/vbc/l/${unadopted.quickId}/0`, 404], // a card waiting to be adopted shows no links
      [`/ds/vbc/l/zzzzzzz/0`, 404],
      [`/ds/vbc/l/${card.quickId}/-1`, 400],
      [`/ds/vbc/l/${card.quickId}/1.5`, 400],
      [`/ds/vbc/l/${card.quickId}/https:%2F%2Fevil.example`, 400],
      [`/ds/vbc/l/${card.quickId}/0?url=https://evil.example`, 302],
      [`/ds/vbc/l/${card.quickId}/0?s=evil`, 400],
    ];
    for (const [url, status] of refusals) {
      const response = await inject('GET', url, { accept: 'application/json' });
      expect(response.statusCode, url).toBe(status);
      if (status === 302) expect(response.headers.location, url).toBe('https://example.com/ok');
      else expect(response.headers.location, url).toBeUndefined();
      if (status === 400) expect(response.json().message, url).toMatch(/^(n|s): /);
    }
  });

  it('refuses an unknown source by name on the view and the download; the share link passes on only a known one', async () => {
    const card = await buildCard(ctx.app);
    const view = await inject('POST', `/api/vbc/virtualcontact/${card.quickId}/view?s=facebook`);
    expect(view.statusCode).toBe(400);
    expect(view.json().message).toMatch(/^s: must be one of qr, nfc, link, wallet, sig, bg/);
    const download = await inject('GET', `/ds/vbc/download/i/${card.quickId}?s=x`);
    expect(download.statusCode).toBe(400);
    expect(download.json().message).toMatch(/^s: /);
    expect((await inject('GET', `/ds/vbc/i/${card.quickId}?s=nfc`)).headers.location).toBe(`/vbc/${card.quickId}?s=nfc`);
    expect((await inject('GET', `/ds/vbc/i/${card.quickId}?s=evil`)).headers.location).toBe(`/vbc/${card.quickId}`);
    expect((await inject('GET', `/ds/vbc/i/${card.quickId}`)).headers.location).toBe(`/vbc/${card.quickId}`);
  });
});

import { expect, it } from 'vitest';
import { slowHash } from '../platform/crypto/slow-hash.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard, buildPicture } from '../test/factories.ts';

/** Every tag name in the HTML, lower-cased. */
const tagsOf = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase());
/** Every URL in an href or src attribute. */
const urlsOf = (html: string) => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describeEachDatabase('e-mail signature', (ctx) => {
  const signature = (id: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${id}/signature`, headers });

  it('is a table with inline styles only and absolute URLs: no <style>, class, script or stylesheet', async () => {
    const owner = await buildAccount(ctx.app);
    const picture = await buildPicture(ctx.app);
    const card = await buildCard(
      ctx.app,
      {
        firstName: 'Ana <b>',
        lastName: '"Reyes" & Co',
        jobTitle: 'Chief <script>alert(1)</script>',
        organization: 'Tom & Jerry, Inc.',
        pictureDisplayItemId: picture.id,
        designSpecification: { design: { designation: 'simple' }, theme: { designation: 'dark' }, accentColor1: '#ff5500' },
        links: [
          { linkUrl: 'example.com/a', linkName: 'Site' },
          { linkUrl: 'tel:+15550100', linkName: 'Call' },
        ],
      },
      { ownerAccountId: owner.account.id },
    );
    const response = await signature(card.quickId, owner.headers);
    expect(response.statusCode).toBe(200);
    const { html, contactInfoHidden } = response.json();
    expect(contactInfoHidden).toBe(false);
    expect(html).not.toMatch(/<style|<script|<link|\sclass=|\son[a-z]+=|javascript:/i);
    expect(new Set(tagsOf(html))).toEqual(new Set(['table', 'tr', 'td', 'img', 'div', 'a']));
    // Every element is styled inline, if at all.
    expect(html).toMatch(/^<table [^>]*style="border-collapse:collapse;/);
    const origin = ctx.app.config.PUBLIC_URL;
    const urls = urlsOf(html);
    expect(
      urls.every((u) => u.startsWith(`${origin}/`) || /^(mailto|tel):/.test(u)),
      urls.join(' '),
    ).toBe(true);
    expect(urls).toContain(`${origin}/ds/vbc/profilepicture/${card.quickId}`);
    expect(urls).toContain(`${origin}/ds/vbc/i/${card.quickId}?s=sig`);
    // The web link goes through the card's counting redirect; the tel: link is not a web link.
    expect(urls).toContain(`${origin}/ds/vbc/l/${card.quickId}/0?s=sig`);
    expect(urls).toContain('tel:09175550101');
    expect(urls).toContain('mailto:ana@example.test');
    expect(html).toContain('>Save my contact</a>');
    expect(html).toContain('Ana &lt;b&gt; &quot;Reyes&quot; &amp; Co');
    expect(html).toContain('Chief &lt;script&gt;alert(1)&lt;/script&gt;, Tom &amp; Jerry, Inc.');
    expect(html).toContain('border-left:3px solid #ff5500');
  });

  it('leaves a PIN-protected card’s phones and e-mails out, and is the owner’s alone', async () => {
    const owner = await buildAccount(ctx.app);
    const card = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id, pinHash: await slowHash('4821'), pinProtectionLevel: 1 });
    const response = await signature(card.id, owner.headers);
    expect(response.statusCode).toBe(200);
    const { html, contactInfoHidden } = response.json();
    expect(contactInfoHidden).toBe(true);
    expect(html).not.toMatch(/0917|ana@example|tel:|mailto:/);
    expect(html).toContain('Save my contact');
    const stranger = await buildAccount(ctx.app);
    expect((await signature(card.id, stranger.headers)).statusCode).toBe(404);
    expect((await signature(card.id, {})).statusCode).toBe(401);
  });
});

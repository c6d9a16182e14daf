import { expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { announcements, corporateProfiles, displayItems, virtualContacts } from '../platform/db/schema/index.ts';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { makePicture, multipartBody } from '../test/upload.ts';

type Headers = Record<string, string>;

async function uploadPicture(app: FastifyInstance, headers: Headers) {
  const form = multipartBody({ data: await makePicture('png'), filename: 'me.png', contentType: 'image/png' });
  const response = await app.inject({
    method: 'POST',
    url: '/api/files/display',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ displayItemId: string; obsecuredDisplayItemId: string; highResDisplayItemId: string }>();
}

const fullCard = {
  firstName: 'Maria',
  lastName: 'Santos',
  jobTitle: 'Architect',
  organization: 'Santos & Co',
  biography: 'Designs houses.',
  markdownDescriptions: ['## Work\nHouses'],
  designSpecification: { design: { designation: 'artist' }, theme: { designation: 'light' }, accentColor1: '#112233' },
  emails: [{ email: 'maria@example.test', name: 'Work' }],
  phones: [{ phoneNumber: '09171234567', type: 'Work' }],
  links: [{ linkUrl: 'https://santos.example', linkName: 'Studio' }],
  locations: [{ title: 'Studio', address: '1 Rizal Ave', city: 'Manila', country: 'Philippines', googlePlaceId: 'ChIJ123' }],
  socialMedias: [{ socialMediaType: 'Instagram', referenceType: 'ByAccountId', accountId: 'maria' }],
  videos: [{ videoUrl: 'https://youtu.be/abc', title: 'Tour' }],
};

describeEachDatabase('owner card API', (ctx) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('creates, reads for editing, updates and deletes a card; the public page shows each change at once', async () => {
    const a = await buildAccount(ctx.app);
    const created = await call('POST', '/api/vbc/virtualcontact', a.headers, fullCard);
    expect(created.statusCode).toBe(201);
    const card = created.json();
    expect(card).toMatchObject({
      firstName: 'Maria',
      name: 'Maria Santos',
      organization: 'Santos & Co',
      hasPersonalAccount: true,
      pinEnabled: false,
      designSpecification: { design: { designation: 'artist' }, accentColor1: '#112233', accentColor2: null },
      phones: [{ phoneNumber: '09171234567', type: 'Work' }],
      stats: { viewCount: 0, downloadCount: 0 },
    });
    expect(card.quickId).toMatch(/^[0-9a-z]{7}$/);
    expect(created.headers.etag).toBe(`"${Date.parse(card.updatedAt)}"`);

    // Warm the public cache, then edit: the public read right after shows the new values.
    expect((await call('GET', `/api/vbc/virtualcontact/${card.quickId}`)).json().jobTitle).toBe('Architect');
    const edit = await call('GET', `/api/vbc/virtualcontact/${card.id}/edit`, a.headers);
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toEqual(card);

    const put = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, {
      jobTitle: 'Principal Architect',
      updatedAt: card.updatedAt,
    });
    expect(put.statusCode).toBe(200);
    const updated = put.json();
    expect(updated.jobTitle).toBe('Principal Architect');
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(card.updatedAt));
    // Partial: everything not sent is kept.
    for (const key of [
      'firstName',
      'organization',
      'biography',
      'markdownDescriptions',
      'designSpecification',
      'emails',
      'phones',
      'links',
      'locations',
      'socialMedias',
      'videos',
      'quickId',
    ]) {
      expect(updated[key], key).toEqual(card[key]);
    }
    for (const id of [card.id, card.quickId]) {
      const visitor = await call('GET', `/api/vbc/virtualcontact/${id}`);
      expect(visitor.json().jobTitle, id).toBe('Principal Architect');
    }

    expect((await call('DELETE', `/api/vbc/virtualcontact/${card.id}`, a.headers)).statusCode).toBe(204);
    expect((await call('GET', `/api/vbc/virtualcontact/${card.quickId}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/vbc/virtualcontact/${card.id}/edit`, a.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/personalAccount/myAccount', a.headers)).json().virtualContacts).toEqual([]);
  });

  it('creates a blank card from an empty body, and refuses bad fields with a message naming them', async () => {
    const a = await buildAccount(ctx.app);
    const blank = await call('POST', '/api/vbc/virtualcontact', a.headers, {});
    expect(blank.statusCode).toBe(201);
    expect(blank.json()).toMatchObject({
      firstName: '',
      designSpecification: { design: { designation: 'default' } },
      phones: [],
      emails: [],
    });
    const bad = await call('PUT', `/api/vbc/virtualcontact/${blank.json().id}`, a.headers, {
      emails: [{ email: 'nope' }],
      designSpecification: { design: { designation: 'neon' }, theme: { designation: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/emails\.0\.email: Invalid email format/);
    expect(bad.json().message).toMatch(/designSpecification\.design\.designation/);
    expect((await call('POST', '/api/vbc/virtualcontact', {}, fullCard)).statusCode).toBe(401);
  });

  it('tells a stale save (another tab saved first) with 409 and keeps the newer values', async () => {
    const a = await buildAccount(ctx.app);
    const card = (await call('POST', '/api/vbc/virtualcontact', a.headers, fullCard)).json();
    const tab1 = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, { biography: 'From tab 1', updatedAt: card.updatedAt });
    expect(tab1.statusCode).toBe(200);
    const tab2 = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, { biography: 'From tab 2', updatedAt: card.updatedAt });
    expect(tab2.statusCode).toBe(409);
    expect(tab2.json()).toMatchObject({ code: 'conflict', message: expect.stringMatching(/changed elsewhere/) });
    // The same through headers: If-Match with the old ETag, If-Unmodified-Since a minute back.
    expect(
      (
        await call(
          'PUT',
          `/api/vbc/virtualcontact/${card.id}`,
          { ...a.headers, 'if-match': `"${Date.parse(card.updatedAt)}"` },
          { biography: 'x' },
        )
      ).statusCode,
    ).toBe(409);
    const minuteAgo = new Date(Date.now() - 60_000).toUTCString();
    expect(
      (await call('PUT', `/api/vbc/virtualcontact/${card.id}`, { ...a.headers, 'if-unmodified-since': minuteAgo }, { biography: 'x' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', `/api/vbc/virtualcontact/${card.id}`, { ...a.headers, 'if-match': `"${Date.parse(card.updatedAt)}"` }))
        .statusCode,
    ).toBe(409);
    expect((await call('GET', `/api/vbc/virtualcontact/${card.id}/edit`, a.headers)).json().biography).toBe('From tab 1');
    // With the fresh token the save goes through; two saves in a row never share a token.
    const fresh = await call(
      'PUT',
      `/api/vbc/virtualcontact/${card.id}`,
      { ...a.headers, 'if-match': tab1.headers.etag as string },
      { biography: 'Merged' },
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(tab1.headers.etag);
  });

  it('lets exactly one of two simultaneous saves from the same version through', async () => {
    const a = await buildAccount(ctx.app);
    const card = (await call('POST', '/api/vbc/virtualcontact', a.headers, fullCard)).json();
    const results = await Promise.all(
      ['Tab A', 'Tab B', 'Tab C'].map((jobTitle) =>
        call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, { jobTitle, updatedAt: card.updatedAt }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().jobTitle;
    expect((await call('GET', `/api/vbc/virtualcontact/${card.id}`)).json().jobTitle).toBe(winner);
  });

  it('refuses every field only the server may set, by name, and changes nothing', async () => {
    const a = await buildAccount(ctx.app);
    const b = await buildAccount(ctx.app);
    const card = (await call('POST', '/api/vbc/virtualcontact', a.headers, fullCard)).json();
    const hostile = {
      ownerAccountId: b.account.id,
      viewCount: 999,
      downloadCount: 5,
      stats: { viewCount: 999 },
      quickId: 'zzzzzzz',
      passcodeHash: 'x',
      pinHash: 'x',
      pinProtectionLevel: 0,
      isCorporateProfile: true,
      corporateProfileId: '00000000-0000-4000-8000-000000000001',
      hasVirginAccessProtection: true,
      id: '00000000-0000-4000-8000-000000000002',
    };
    for (const [key, value] of Object.entries(hostile)) {
      const put = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, { firstName: 'Hacked', [key]: value });
      expect(put.statusCode, key).toBe(400);
      expect(put.json().message, key).toContain(key);
      const post = await call('POST', '/api/vbc/virtualcontact', a.headers, { ...fullCard, [key]: value });
      expect(post.statusCode, key).toBe(400);
    }
    const after = (await call('GET', `/api/vbc/virtualcontact/${card.id}/edit`, a.headers)).json();
    expect(after).toEqual(card);
    const [row] = await ctx.app.db.select().from(virtualContacts).where(eq(virtualContacts.id, card.id));
    expect(row).toMatchObject({
      ownerAccountId: a.account.id,
      viewCount: 0,
      pinHash: null,
      passcodeHash: null,
      corporateProfileId: null,
      quickId: card.quickId,
    });
  });

  it("keeps another account out: B cannot read for editing, change or delete A's card, nor attach A's picture", async () => {
    const a = await buildAccount(ctx.app);
    const b = await buildAccount(ctx.app);
    const picture = await uploadPicture(ctx.app, a.headers);
    const card = (
      await call('POST', '/api/vbc/virtualcontact', a.headers, {
        ...fullCard,
        pictureDisplayItemId: picture.displayItemId,
        highResPictureDisplayItemId: picture.highResDisplayItemId,
      })
    ).json();
    expect(card.picture).toMatchObject({ displayItemId: picture.displayItemId, contentType: 'image/jpeg' });

    const read = await call('GET', `/api/vbc/virtualcontact/${card.id}/edit`, b.headers);
    expect(read.statusCode).toBe(404);
    expect((await call('GET', `/api/vbc/virtualcontact/${card.id}/stats`, b.headers)).statusCode).toBe(404);
    expect([403, 404]).toContain((await call('PUT', `/api/vbc/virtualcontact/${card.id}`, b.headers, { firstName: 'B' })).statusCode);
    expect([403, 404]).toContain((await call('DELETE', `/api/vbc/virtualcontact/${card.id}`, b.headers)).statusCode);
    expect((await call('GET', `/api/vbc/virtualcontact/${card.id}/edit`)).statusCode).toBe(401);

    const bCard = (await call('POST', '/api/vbc/virtualcontact', b.headers, {})).json();
    for (const payload of [
      { pictureDisplayItemId: picture.displayItemId },
      { heroImageDisplayItemId: picture.highResDisplayItemId },
      { wall: { boards: [{ items: [{ photo: { obsecuredDisplayItemId: picture.obsecuredDisplayItemId } }] }] } },
      { socialMedias: [{ socialMediaType: 'WeChat', referenceType: 'ByQrCode', qrCode: picture.obsecuredDisplayItemId }] },
    ]) {
      const put = await call('PUT', `/api/vbc/virtualcontact/${bCard.id}`, b.headers, payload);
      expect(put.statusCode, JSON.stringify(payload)).toBe(400);
      expect(put.json().message).toMatch(/not one you uploaded/);
    }
    expect((await call('POST', '/api/vbc/virtualcontact', b.headers, { pictureDisplayItemId: picture.displayItemId })).statusCode).toBe(
      400,
    );
    // A's own card still has it, and a partial save of A's unchanged wall passes.
    const mine = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, {
      wall: { boards: [{ items: [{ photo: { obsecuredDisplayItemId: picture.obsecuredDisplayItemId } }] }] },
    });
    expect(mine.statusCode).toBe(200);
    expect((await call('GET', `/api/vbc/virtualcontact/${card.id}`)).json().pictureDisplayItemId).toBe(picture.displayItemId);
  });

  it('deletes the pictures only the deleted card showed, and keeps those another card still shows', async () => {
    const a = await buildAccount(ctx.app);
    const own = await uploadPicture(ctx.app, a.headers);
    const shared = await uploadPicture(ctx.app, a.headers);
    const wallOf = (id: string) => ({ boards: [{ items: [{ photo: { obsecuredDisplayItemId: id } }] }] });
    const card = (
      await call('POST', '/api/vbc/virtualcontact', a.headers, {
        pictureDisplayItemId: own.displayItemId,
        highResPictureDisplayItemId: own.highResDisplayItemId,
        wall: wallOf(shared.obsecuredDisplayItemId),
      })
    ).json();
    await call('POST', '/api/vbc/virtualcontact', a.headers, { wall: wallOf(shared.obsecuredDisplayItemId) });
    const usedBefore = (await call('GET', '/api/files/usage', a.headers)).json().usedBytes;
    expect((await call('DELETE', `/api/vbc/virtualcontact/${card.id}`, a.headers)).statusCode).toBe(204);
    expect((await call('GET', `/ds/vbc/display/${own.displayItemId}`)).statusCode).toBe(404);
    expect((await call('GET', `/ds/vbc/display/${own.highResDisplayItemId}`)).statusCode).toBe(404);
    expect((await call('GET', `/ds/vbc/odisplay/${shared.obsecuredDisplayItemId}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/files/usage', a.headers)).json().usedBytes).toBeLessThan(usedBefore);
  });

  it("keeps a deleted card's pictures that a business profile or an announcement shows too", async () => {
    const a = await buildAccount(ctx.app);
    const hero = await uploadPicture(ctx.app, a.headers);
    const header = await uploadPicture(ctx.app, a.headers);
    const card = (
      await call('POST', '/api/vbc/virtualcontact', a.headers, {
        pictureDisplayItemId: hero.displayItemId,
        highResPictureDisplayItemId: header.highResDisplayItemId,
      })
    ).json();
    await ctx.app.db.insert(corporateProfiles).values({ name: 'Lumen Bank', heroImageDisplayId: hero.displayItemId });
    await ctx.app.db.insert(announcements).values({ title: 'Open day', imageDisplayItemId: header.highResDisplayItemId });
    expect((await call('DELETE', `/api/vbc/virtualcontact/${card.id}`, a.headers)).statusCode).toBe(204);
    expect((await call('GET', `/ds/vbc/display/${hero.displayItemId}`)).statusCode).toBe(200);
    expect((await call('GET', `/ds/vbc/display/${header.highResDisplayItemId}`)).statusCode).toBe(200);
  });

  it('deletes the pictures a save replaced or removed, keeps those still shown elsewhere, and frees their space', async () => {
    const a = await buildAccount(ctx.app);
    const first = await uploadPicture(ctx.app, a.headers);
    const second = await uploadPicture(ctx.app, a.headers);
    const wallPhoto = await uploadPicture(ctx.app, a.headers);
    const wallOf = (...ids: string[]) => ({ boards: [{ items: ids.map((id) => ({ photo: { obsecuredDisplayItemId: id } })) }] });
    const card = (
      await call('POST', '/api/vbc/virtualcontact', a.headers, {
        pictureDisplayItemId: first.displayItemId,
        highResPictureDisplayItemId: first.highResDisplayItemId,
        wall: wallOf(wallPhoto.obsecuredDisplayItemId),
      })
    ).json();
    // A second card shows the wall photo too.
    await call('POST', '/api/vbc/virtualcontact', a.headers, { wall: wallOf(wallPhoto.obsecuredDisplayItemId) });
    const storedKeys = async () =>
      new Set((await ctx.app.db.select({ key: displayItems.storageKey }).from(displayItems)).map((r) => r.key));
    const [firstRow] = await ctx.app.db.select().from(displayItems).where(eq(displayItems.id, first.displayItemId));
    const usedBefore = (await call('GET', '/api/files/usage', a.headers)).json().usedBytes;

    // A save that only changes the name keeps every picture.
    expect((await call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, { jobTitle: 'Still here' })).statusCode).toBe(200);
    expect((await call('GET', `/ds/vbc/display/${first.displayItemId}`)).statusCode).toBe(200);

    // Replacing the picture and emptying the wall: the old picture goes (both variants), the shared wall photo stays.
    const put = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, {
      pictureDisplayItemId: second.displayItemId,
      highResPictureDisplayItemId: second.highResDisplayItemId,
      wall: wallOf(),
    });
    expect(put.statusCode).toBe(200);
    expect((await call('GET', `/ds/vbc/display/${first.displayItemId}`)).statusCode).toBe(404);
    expect((await call('GET', `/ds/vbc/display/${first.highResDisplayItemId}`)).statusCode).toBe(404);
    expect((await call('GET', `/ds/vbc/display/${second.displayItemId}`)).statusCode).toBe(200);
    expect((await call('GET', `/ds/vbc/odisplay/${wallPhoto.obsecuredDisplayItemId}`)).statusCode).toBe(200);
    expect(await ctx.app.storage.read(firstRow!.storageKey)).toBeNull();
    expect((await storedKeys()).has(firstRow!.storageKey)).toBe(false);
    expect((await call('GET', '/api/files/usage', a.headers)).json().usedBytes).toBeLessThan(usedBefore);

    // A stale save changes nothing and deletes nothing.
    const stale = await call('PUT', `/api/vbc/virtualcontact/${card.id}`, a.headers, {
      pictureDisplayItemId: null,
      updatedAt: card.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', `/ds/vbc/display/${second.displayItemId}`)).statusCode).toBe(200);
  });

  it('gives the owner views and downloads per day for the chart, missing days as zero', async () => {
    const a = await buildAccount(ctx.app);
    const card = (await call('POST', '/api/vbc/virtualcontact', a.headers, fullCard)).json();
    await call('POST', `/api/vbc/virtualcontact/${card.id}/view`, { 'user-agent': 'Browser A' });
    await call('POST', `/api/vbc/virtualcontact/${card.quickId}/view`, { 'user-agent': 'Browser B' });
    await call('GET', `/ds/vbc/download/i/${card.id}`);
    await ctx.app.cards.stats.flush();
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await ctx.app.db.execute(
      sql`insert into contact_daily_stats (contact_id, day, views, downloads) values (${card.id}, ${threeDaysAgo}, 7, 2)`,
    );
    const response = await call('GET', `/api/vbc/virtualcontact/${card.id}/stats?days=30`, a.headers);
    expect(response.statusCode).toBe(200);
    const { days, totals } = response.json();
    expect(days).toHaveLength(30);
    // Issue 29 adds the day's link clicks and its split by source (untagged visits are direct).
    expect(days.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      views: 2,
      downloads: 1,
      linkClicks: 0,
      bySource: { direct: { views: 2, downloads: 1, linkClicks: 0 } },
    });
    expect(days.at(-4)).toEqual({ day: threeDaysAgo, views: 7, downloads: 2, linkClicks: 0, bySource: {} });
    expect(days.filter((d: { views: number }) => d.views === 0)).toHaveLength(28);
    expect(totals).toEqual({ viewCount: 2, downloadCount: 1, linkClickCount: 0 });
    expect((await call('GET', `/api/vbc/virtualcontact/${card.id}/stats?days=0`, a.headers)).statusCode).toBe(400);
  });
});

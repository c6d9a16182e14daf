import { expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { TDisplayUpload } from '@vbc/shared/files';
import { displayItems } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { sweepUnusedUploads, UNUSED_UPLOAD_TTL_MS } from './sweep-uploads.ts';
import { makePicture, multipartBody } from '../test/upload.ts';

type Headers = Record<string, string>;

describeEachDatabase('unused uploads', (ctx) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const upload = async (headers: Headers): Promise<TDisplayUpload> => {
    const form = multipartBody({ data: await makePicture('png', 900, 700), filename: 'p.png', contentType: 'image/png' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/files/display',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<TDisplayUpload>();
  };
  const served = async (id: string) => (await call('GET', `/ds/vbc/display/${id}`)).statusCode;
  const both = (u: TDisplayUpload) => [u.displayItemId, u.highResDisplayItemId];
  /** Makes these uploads older than the sweep's wait. */
  const age = (ids: string[]) =>
    ctx.app.db
      .update(displayItems)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(displayItems.id, ids));
  const keysOf = async (ids: string[]) =>
    (await ctx.app.db.select({ key: displayItems.storageKey }).from(displayItems).where(inArray(displayItems.id, ids))).map((r) => r.key);
  const sweep = async () => {
    const keys = await sweepUnusedUploads(ctx.app.db, new Date(Date.now() - UNUSED_UPLOAD_TTL_MS));
    await Promise.all(keys.map((key) => ctx.app.storage.delete(key)));
    return keys;
  };

  it('deletes, after a day, the uploads no card, pet or message uses, with both sizes and their files', async () => {
    const a = await buildAccount(ctx.app);
    const onCard = await upload(a.headers);
    const highResOnly = await upload(a.headers);
    const onPet = await upload(a.headers);
    const abandoned = await upload(a.headers);
    const recent = await upload(a.headers);
    await call('POST', '/api/vbc/virtualcontact', a.headers, {
      firstName: 'Ana',
      pictureDisplayItemId: onCard.displayItemId,
      highResPictureDisplayItemId: highResOnly.highResDisplayItemId,
    });
    expect(
      (await call('POST', '/api/vp/virtualpet', a.headers, { name: 'Rex', species: 'Dog', pictureDisplayItemId: onPet.displayItemId }))
        .statusCode,
    ).toBe(201);
    const everything = [onCard, highResOnly, onPet, abandoned].flatMap(both);
    await age(everything);
    const abandonedKeys = await keysOf(both(abandoned));
    const usedBefore = (await call('GET', '/api/files/usage', a.headers)).json().usedBytes;

    const swept = await sweep();
    expect(swept.sort()).toEqual([...abandonedKeys].sort());
    for (const id of both(abandoned)) expect(await served(id)).toBe(404);
    for (const key of abandonedKeys) expect(await ctx.app.storage.read(key)).toBeNull();
    // Shown somewhere: kept, with the other size of each (a pet shows only the normal one).
    for (const id of [...both(onCard), ...both(highResOnly), ...both(onPet), ...both(recent)]) expect(await served(id)).toBe(200);
    expect((await call('GET', '/api/files/usage', a.headers)).json().usedBytes).toBeLessThan(usedBefore);
    // A second pass finds nothing more.
    expect(await sweep()).toEqual([]);
    // An editor left open past the sweep is told why its picture cannot be saved.
    const late = await call('POST', '/api/vbc/virtualcontact', a.headers, {
      firstName: 'Ana',
      pictureDisplayItemId: abandoned.displayItemId,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(
      'pictureDisplayItemId: this picture is no longer stored (an upload unused for a day is removed); upload it again.',
    );
  });

  it('a replaced pet picture goes at once with both sizes; a refused save claims nothing', async () => {
    const a = await buildAccount(ctx.app);
    const b = await buildAccount(ctx.app);
    const first = await upload(a.headers);
    const second = await upload(a.headers);
    const pet = (
      await call('POST', '/api/vp/virtualpet', a.headers, { name: 'Rex', species: 'Dog', pictureDisplayItemId: first.displayItemId })
    ).json();
    // Replacing the pet's picture deletes the old one at once, its unused high-res size included.
    const put = await call('PUT', `/api/vp/virtualpet/${pet.virtualPetId}`, a.headers, { pictureDisplayItemId: second.displayItemId });
    expect(put.statusCode).toBe(200);
    for (const id of both(first)) expect(await served(id)).toBe(404);
    for (const id of both(second)) expect(await served(id)).toBe(200);

    // A save that names someone else's picture is refused and claims nothing, not even its own picture.
    const mine = await upload(a.headers);
    const theirs = await upload(b.headers);
    const refused = await call('POST', '/api/vbc/virtualcontact', a.headers, {
      firstName: 'Ana',
      pictureDisplayItemId: mine.displayItemId,
      heroImageDisplayItemId: theirs.displayItemId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^heroImageDisplayItemId: /);
    await age([...both(mine), ...both(theirs)]);
    await sweep();
    for (const id of [...both(mine), ...both(theirs)]) expect(await served(id)).toBe(404);
  });

  it('deleting a picture deletes its other size and takes it off the card, its wall and its QR codes', async () => {
    const a = await buildAccount(ctx.app);
    const picture = await upload(a.headers);
    const other = await upload(a.headers);
    const photo = (id: string) => ({ photo: { obsecuredDisplayItemId: id } });
    const card = (
      await call('POST', '/api/vbc/virtualcontact', a.headers, {
        firstName: 'Ana',
        pictureDisplayItemId: picture.displayItemId,
        highResPictureDisplayItemId: picture.highResDisplayItemId,
        wall: { boards: [{ title: 'Work', items: [photo(picture.obsecuredDisplayItemId), photo(other.obsecuredDisplayItemId)] }] },
        socialMedias: [{ socialMediaType: 'WeChat', referenceType: 'ByQrCode', qrCode: picture.obsecuredDisplayItemId }],
      })
    ).json();
    // Warm the public cache: the delete must reach it.
    expect((await call('GET', `/api/vbc/virtualcontact/${card.quickId}`)).json().wall.boards[0].items).toHaveLength(2);
    const keys = await keysOf(both(picture));
    expect((await call('DELETE', `/api/files/display/${picture.obsecuredDisplayItemId}`, a.headers)).statusCode).toBe(204);
    for (const id of both(picture)) expect(await served(id)).toBe(404);
    for (const key of keys) expect(await ctx.app.storage.read(key)).toBeNull();
    const after = (await call('GET', `/api/vbc/virtualcontact/${card.id}/edit`, a.headers)).json();
    expect(after).toMatchObject({ pictureDisplayItemId: null, highResPictureDisplayItemId: null });
    expect(after.wall.boards[0]).toMatchObject({ title: 'Work', items: [photo(other.obsecuredDisplayItemId)] });
    expect(after.socialMedias[0]).toMatchObject({ socialMediaType: 'WeChat', qrCode: null });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(card.updatedAt));
    const visitor = (await call('GET', `/api/vbc/virtualcontact/${card.quickId}`)).json();
    expect(visitor.wall.boards[0].items.map((i: { photo: { obsecuredDisplayItemId: string } }) => i.photo.obsecuredDisplayItemId)).toEqual([
      other.obsecuredDisplayItemId,
    ]);
  });
});

import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../platform/db/schema/index.ts';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { makePicture, multipartBody } from '../test/upload.ts';

type Headers = Record<string, string>;

const biscuit = {
  name: 'Biscuit',
  species: 'Dog',
  breed: 'Beagle',
  sex: 'Male',
  birthDate: '2021-04-12',
  color: 'Tricolour',
  description: 'Friendly.',
  careNotes: 'Two walks a day.',
  medicalNotes: 'Allergic to chicken.',
};

describeEachDatabase('pet API', (ctx) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('creates, shows publicly, updates partially (PUT or POST) and deletes a pet', async () => {
    const a = await buildAccount(ctx.app, { phoneNumber: '+639171234567' });
    const form = multipartBody({ data: await makePicture('png'), filename: 'dog.png', contentType: 'image/png' });
    const picture = (
      await ctx.app.inject({ method: 'POST', url: '/api/files/display', headers: { ...a.headers, ...form.headers }, payload: form.payload })
    ).json();

    const created = await call('POST', '/api/vp/virtualpet', a.headers, { ...biscuit, pictureDisplayItemId: picture.displayItemId });
    expect(created.statusCode).toBe(201);
    const pet = created.json();
    expect(pet).toMatchObject({
      ...biscuit,
      isLost: false,
      lostMessage: null,
      showOwnerPhone: false,
      hasPersonalAccount: true,
      pictureDisplayItemId: picture.displayItemId,
      picture: { obsecuredDisplayItemId: picture.obsecuredDisplayItemId },
    });
    expect(pet.virtualPetId).toMatch(/^[0-9a-f-]{36}$/);

    const visitor = await call('GET', `/api/vp/virtualpet/${pet.virtualPetId}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({
      name: 'Biscuit',
      breed: 'Beagle',
      ownerPhone: null,
      picture: { obsecuredDisplayItemId: picture.obsecuredDisplayItemId },
    });
    expect(JSON.stringify(visitor.json())).not.toContain('9171234567');
    // A finder reaches the owner by message through the owner's card once there is one.
    expect(visitor.json().ownerVirtualContactId).toBeNull();
    const ownerCard = await buildCard(ctx.app, {}, { ownerAccountId: a.account.id });
    expect((await call('GET', `/api/vp/virtualpet/${pet.virtualPetId}`)).json().ownerVirtualContactId).toBe(ownerCard.id);

    // Lost, with the phone shown: a partial update keeps every other field.
    const lost = await call('PUT', `/api/vp/virtualpet/${pet.virtualPetId}`, a.headers, {
      isLost: true,
      lostMessage: 'Please call!',
      showOwnerPhone: true,
      updatedAt: pet.updatedAt,
    });
    expect(lost.statusCode).toBe(200);
    expect(lost.json()).toMatchObject({
      ...biscuit,
      isLost: true,
      lostMessage: 'Please call!',
      pictureDisplayItemId: picture.displayItemId,
    });
    const found = (await call('GET', `/api/vp/virtualpet/${pet.virtualPetId}`)).json();
    expect(found).toMatchObject({
      isLost: true,
      lostMessage: 'Please call!',
      ownerPhone: '+639171234567',
      medicalNotes: 'Allergic to chicken.',
    });

    const renamed = await call('POST', `/api/vp/virtualpet/${pet.virtualPetId}`, a.headers, { name: 'Biscuit II' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Biscuit II', isLost: true, breed: 'Beagle' });
    expect((await call('GET', '/api/personalAccount/myAccount', a.headers)).json().virtualPets).toEqual([
      expect.objectContaining({ virtualPetId: pet.virtualPetId, name: 'Biscuit II' }),
    ]);

    // A new picture replaces the old one, which is deleted with the save.
    const form2 = multipartBody({ data: await makePicture('jpeg'), filename: 'dog2.jpg', contentType: 'image/jpeg' });
    const picture2 = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/files/display',
        headers: { ...a.headers, ...form2.headers },
        payload: form2.payload,
      })
    ).json();
    const replaced = await call('PUT', `/api/vp/virtualpet/${pet.virtualPetId}`, a.headers, {
      pictureDisplayItemId: picture2.displayItemId,
    });
    expect(replaced.json()).toMatchObject({ name: 'Biscuit II', picture: { obsecuredDisplayItemId: picture2.obsecuredDisplayItemId } });
    expect((await call('GET', `/ds/vbc/odisplay/${picture.obsecuredDisplayItemId}`)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/vp/virtualpet/${pet.virtualPetId}`, a.headers)).statusCode).toBe(204);
    expect((await call('GET', `/api/vp/virtualpet/${pet.virtualPetId}`)).statusCode).toBe(404);
    // Its picture went with it.
    expect((await call('GET', `/ds/vbc/odisplay/${picture2.obsecuredDisplayItemId}`)).statusCode).toBe(404);
  });

  it('validates with messages naming the field and refuses server-only fields', async () => {
    const a = await buildAccount(ctx.app);
    const b = await buildAccount(ctx.app);
    const empty = await call('POST', '/api/vp/virtualpet', a.headers, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/name: Required/);
    const date = await call('POST', '/api/vp/virtualpet', a.headers, { name: 'Rex', birthDate: '12/04/2021' });
    expect(date.json().message).toMatch(/birthDate: must be a date like 2024-05-31/);
    const pet = (await call('POST', '/api/vp/virtualpet', a.headers, { name: 'Rex' })).json();
    for (const hostile of [
      { ownerAccountId: b.account.id },
      { virtualPetId: '00000000-0000-4000-8000-000000000000' },
      { hasPersonalAccount: false },
      { ownerPhone: '1' },
    ]) {
      const put = await call('PUT', `/api/vp/virtualpet/${pet.virtualPetId}`, a.headers, { name: 'Max', ...hostile });
      expect(put.statusCode).toBe(400);
      expect(put.json().message).toContain(Object.keys(hostile)[0]);
    }
    expect((await call('GET', `/api/vp/virtualpet/${pet.virtualPetId}`)).json().name).toBe('Rex');
    expect((await call('POST', '/api/vp/virtualpet', {}, { name: 'Rex' })).statusCode).toBe(401);
    expect((await call('GET', '/api/vp/virtualpet/not-an-id')).statusCode).toBe(404);
  });

  it('tells a stale save with 409', async () => {
    const a = await buildAccount(ctx.app);
    const pet = (await call('POST', '/api/vp/virtualpet', a.headers, biscuit)).json();
    expect(
      (await call('PUT', `/api/vp/virtualpet/${pet.virtualPetId}`, a.headers, { color: 'Brown', updatedAt: pet.updatedAt })).statusCode,
    ).toBe(200);
    const stale = await call('PUT', `/api/vp/virtualpet/${pet.virtualPetId}`, a.headers, { color: 'Black', updatedAt: pet.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed elsewhere/);
    expect((await call('GET', `/api/vp/virtualpet/${pet.virtualPetId}`)).json().color).toBe('Brown');
  });

  it("keeps B away from A's pet and A's pictures", async () => {
    const a = await buildAccount(ctx.app);
    const b = await buildAccount(ctx.app);
    await ctx.app.db.update(accounts).set({ phoneNumber: '+639170000001' }).where(eq(accounts.id, a.account.id));
    const form = multipartBody({ data: await makePicture('jpeg'), filename: 'dog.jpg', contentType: 'image/jpeg' });
    const picture = (
      await ctx.app.inject({ method: 'POST', url: '/api/files/display', headers: { ...a.headers, ...form.headers }, payload: form.payload })
    ).json();
    const pet = (await call('POST', '/api/vp/virtualpet', a.headers, biscuit)).json();
    for (const method of ['PUT', 'POST'] as const) {
      expect([403, 404]).toContain(
        (await call(method, `/api/vp/virtualpet/${pet.virtualPetId}`, b.headers, { name: 'Stolen' })).statusCode,
      );
    }
    expect([403, 404]).toContain((await call('DELETE', `/api/vp/virtualpet/${pet.virtualPetId}`, b.headers)).statusCode);
    const asB = (await call('GET', `/api/vp/virtualpet/${pet.virtualPetId}`, b.headers)).json();
    expect(asB).toMatchObject({ name: 'Biscuit', ownerPhone: null });
    const bPet = await call('POST', '/api/vp/virtualpet', b.headers, { name: 'Copycat', pictureDisplayItemId: picture.displayItemId });
    expect(bPet.statusCode).toBe(400);
    expect(bPet.json().message).toMatch(/pictureDisplayItemId: this picture is not one you uploaded/);
  });
});

import { afterAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { walletDevices } from '../platform/db/schema/index.ts';
import { makeApnsKey, makeTestTls, startApnsStub } from '../test/apns-stub.ts';
import { applePassEnv, makePassCerts, unzip } from '../test/wallet-certs.ts';

const certs = makePassCerts();
const apnsKey = makeApnsKey();
const tls = makeTestTls();
// The APNs stub accepts certificate authentication by pass type certificates of the test chain.
const apnsStub = await startApnsStub({
  publicKey: apnsKey.publicKey,
  keyId: apnsKey.keyId,
  teamId: apnsKey.teamId,
  tls,
  clientCa: certs.wwdr + certs.root,
});
afterAll(() => apnsStub.close());

const PUBLIC_URL = 'https://cards.example.test';
const env = {
  PUBLIC_URL,
  ...applePassEnv(certs),
  APNS_URL: apnsStub.url,
};
const base = '/api/wallet/passkit/v1';

describeEachDatabase(
  'PassKit web service: passes that stay current',
  (ctx) => {
    /** An owner's card and its pass (serial, token) as a device got it. */
    async function cardWithPass(firstName = 'Ana') {
      const owner = await buildAccount(ctx.app);
      const card = await buildCard(ctx.app, { firstName, lastName: 'Lima' }, { ownerAccountId: owner.account.id });
      const res = await ctx.app.inject({ url: `/api/personalAccount/generateAppleWalletPass/${card.id}`, headers: owner.headers });
      const pass = JSON.parse(unzip(res.rawPayload).get('pass.json')!.toString());
      return { owner, card, serial: pass.serialNumber as string, token: pass.authenticationToken as string };
    }
    const device = () => randomBytes(8).toString('hex');
    const pushToken = () => randomBytes(32).toString('hex');
    const auth = (token: string) => ({ authorization: `ApplePass ${token}` });
    const register = (dev: string, serial: string, token: string, push: string, type = certs.passTypeId) =>
      ctx.app.inject({
        method: 'POST',
        url: `${base}/devices/${dev}/registrations/${type}/${serial}`,
        headers: auth(token),
        payload: { pushToken: push },
      });
    const serials = (dev: string, since?: string) =>
      ctx.app.inject({ url: `${base}/devices/${dev}/registrations/${certs.passTypeId}${since ? `?passesUpdatedSince=${since}` : ''}` });
    const latest = (serial: string, token: string, ifModifiedSince?: string) =>
      ctx.app.inject({
        url: `${base}/passes/${certs.passTypeId}/${serial}`,
        headers: { ...auth(token), ...(ifModifiedSince ? { 'if-modified-since': ifModifiedSince } : {}) },
      });

    it('registers a device; a card change pushes to it (pass type topic, certificate auth), lists the serial, and the next fetch has the new name', async () => {
      const { owner, card, serial, token } = await cardWithPass();
      const dev = device();
      const push = pushToken();
      expect((await register(dev, serial, token, push)).statusCode).toBe(201);
      expect((await register(dev, serial, token, push)).statusCode).toBe(200);

      const first = await serials(dev);
      expect(first.statusCode).toBe(200);
      const { serialNumbers, lastUpdated } = first.json<{ serialNumbers: string[]; lastUpdated: string }>();
      expect(serialNumbers).toEqual([serial]);
      expect((await serials(dev, lastUpdated)).statusCode).toBe(204);

      const current = await latest(serial, token);
      expect(current.statusCode).toBe(200);
      expect(current.headers['content-type']).toBe('application/vnd.apple.pkpass');
      const lastModified = String(current.headers['last-modified']);
      expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
      expect((await latest(serial, token, lastModified)).statusCode).toBe(304);

      const pushesBefore = apnsStub.received.length;
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/vbc/virtualcontact/${card.id}`,
        headers: owner.headers,
        payload: { firstName: 'Beatriz' },
      });
      expect(put.statusCode).toBe(200);
      await ctx.app.wallet.updates!.idle();
      const pushes = apnsStub.received.slice(pushesBefore).filter((r) => r.deviceToken === push);
      expect(pushes).toEqual([
        expect.objectContaining({ topic: certs.passTypeId, certificateUid: certs.passTypeId, pushType: 'background', payload: {} }),
      ]);

      const changed = await serials(dev, lastUpdated);
      expect(changed.statusCode).toBe(200);
      expect(changed.json().serialNumbers).toEqual([serial]);
      expect(Number(changed.json().lastUpdated)).toBeGreaterThan(Number(lastUpdated));

      const fresh = await latest(serial, token, lastModified);
      expect(fresh.statusCode).toBe(200);
      expect(new Date(String(fresh.headers['last-modified'])).getTime()).toBeGreaterThan(new Date(lastModified).getTime());
      const pass = JSON.parse(unzip(fresh.rawPayload).get('pass.json')!.toString());
      expect(pass.generic.primaryFields[0].value).toBe('Beatriz Lima');
      expect(pass.serialNumber).toBe(serial);

      // Unregistered: no more serials for the device, no more pushes.
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `${base}/devices/${dev}/registrations/${certs.passTypeId}/${serial}`,
        headers: auth(token),
      });
      expect(removed.statusCode).toBe(200);
      expect((await serials(dev)).statusCode).toBe(204);
      const before = apnsStub.received.length;
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/vbc/virtualcontact/${card.id}`,
        headers: owner.headers,
        payload: { firstName: 'Carla' },
      });
      await ctx.app.wallet.updates!.idle();
      expect(apnsStub.received.slice(before).filter((r) => r.deviceToken === push)).toEqual([]);
    });

    it('refuses a wrong or missing authenticationToken with 401 (register, unregister, fetch), an unknown serial or pass type with 404', async () => {
      const { serial, token } = await cardWithPass();
      const other = await cardWithPass('Bea');
      const dev = device();
      for (const wrong of [other.token, `${token}x`, '']) {
        const res = await register(dev, serial, wrong, pushToken());
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe("The pass's authentication token is missing or wrong.");
        expect((await latest(serial, wrong)).statusCode).toBe(401);
        expect(
          (
            await ctx.app.inject({
              method: 'DELETE',
              url: `${base}/devices/${dev}/registrations/${certs.passTypeId}/${serial}`,
              headers: auth(wrong),
            })
          ).statusCode,
        ).toBe(401);
      }
      expect((await ctx.app.inject({ url: `${base}/passes/${certs.passTypeId}/${serial}` })).statusCode).toBe(401);
      expect((await register(dev, serial, token, pushToken(), 'pass.other.type')).statusCode).toBe(404);
      expect((await register(dev, '00000000-0000-4000-8000-000000000000', token, pushToken())).statusCode).toBe(404);
      const bad = await register(dev, serial, token, 'not-hex');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/pushToken/);
      expect((await serials(dev)).statusCode).toBe(204);
      expect(
        (await ctx.app.inject({ method: 'POST', url: `${base}/log`, payload: { logs: ['Web service error for pass.app.vbc.test: bad'] } }))
          .statusCode,
      ).toBe(200);
    });

    it('forgets a device whose push token Apple answers 410 Unregistered', async () => {
      const { owner, card, serial, token } = await cardWithPass();
      const dev = device();
      const push = pushToken();
      await register(dev, serial, token, push);
      apnsStub.answer.set(push, { status: 410, reason: 'Unregistered' });
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/vbc/virtualcontact/${card.id}`,
        headers: owner.headers,
        payload: { jobTitle: 'Lead' },
      });
      await ctx.app.wallet.updates!.idle();
      expect(apnsStub.received.filter((r) => r.deviceToken === push)).toHaveLength(1);
      expect(await ctx.app.db.select().from(walletDevices).where(eq(walletDevices.deviceLibraryId, dev))).toEqual([]);
    });
  },
  { env, push: { ca: tls.ca } },
);

import { afterAll, expect, it } from 'vitest';
import { createHash, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describeEachDatabase, buildTestApp } from '../test/app.ts';
import { buildAccount, buildCard } from '../test/factories.ts';
import { chooseLanguage } from '../test/accounts-support.ts';
import { walletPasses } from '../platform/db/schema/index.ts';
import { makePicture, multipartBody } from '../test/upload.ts';
import { applePassEnv, makePassCerts, makeServiceAccount, unzip, verifyDetachedSignature } from '../test/wallet-certs.ts';

const certs = makePassCerts();
const google = makeServiceAccount();
// The signer key as a file path (the setting takes PEM text or a path), the rest as PEM text.
const dir = mkdtempSync(join(tmpdir(), 'vbc-wallet-'));
writeFileSync(join(dir, 'pass.key'), certs.signerKey);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PUBLIC_URL = 'https://cards.example.test';
const env = {
  PUBLIC_URL,
  ...applePassEnv(certs, join(dir, 'pass.key')),
  GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
  GOOGLE_WALLET_SERVICE_ACCOUNT: google.json,
};

type Headers = Record<string, string>;

describeEachDatabase(
  'wallet passes',
  (ctx) => {
    const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });

    it("builds a signed Apple pass of the owner's card: manifest hashes, signature against the CA, pass.json fields, QR and webServiceURL", async () => {
      const owner = await buildAccount(ctx.app);
      const form = multipartBody({ data: await makePicture('png', 120, 120), filename: 'me.png', contentType: 'image/png' });
      const picture = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/files/display',
          headers: { ...owner.headers, ...form.headers },
          payload: form.payload,
        })
      ).json();
      const card = await buildCard(
        ctx.app,
        {
          firstName: 'Ana',
          lastName: 'Lima',
          jobTitle: 'Engineer',
          organization: 'Acme',
          designSpecification: { design: { designation: 'simple' }, theme: { designation: 'dark' }, accentColor1: '#3366cc' },
        },
        { ownerAccountId: owner.account.id },
      );
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/vbc/virtualcontact/${card.id}`,
        headers: owner.headers,
        payload: { pictureDisplayItemId: picture.displayItemId },
      });
      expect(put.statusCode).toBe(200);

      const res = await get(`/api/personalAccount/generateAppleWalletPass/${card.id}`, owner.headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
      expect(res.headers['content-disposition']).toBe('attachment; filename=pass.pkpass');
      const files = unzip(res.rawPayload);
      expect([...files.keys()].sort()).toEqual([
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'manifest.json',
        'pass.json',
        'signature',
        'thumbnail.png',
        'thumbnail@2x.png',
      ]);

      const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
      const hashed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
      expect(Object.keys(manifest).sort()).toEqual(hashed);
      for (const name of hashed) expect(manifest[name], name).toBe(createHash('sha1').update(files.get(name)!).digest('hex'));
      expect(verifyDetachedSignature(files.get('signature')!, files.get('manifest.json')!, certs.root)).toBe(true);
      // A manifest changed after signing fails the same check.
      expect(
        verifyDetachedSignature(
          files.get('signature')!,
          Buffer.from(files.get('manifest.json')!.toString().replace('{', '{ ')),
          certs.root,
        ),
      ).not.toBe(true);

      const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
      const shareUrl = `${PUBLIC_URL}/ds/vbc/i/${card.quickId}?s=wallet`; // tagged: visits from the pass count as `wallet` (issue 29)
      expect(pass).toMatchObject({
        formatVersion: 1,
        passTypeIdentifier: certs.passTypeId,
        teamIdentifier: certs.teamId,
        organizationName: 'Acme',
        description: 'Ana Lima — V.B.C. card',
        backgroundColor: 'rgb(51, 102, 204)',
        webServiceURL: `${PUBLIC_URL}/api/wallet/passkit`,
        barcodes: [{ format: 'PKBarcodeFormatQR', message: shareUrl, messageEncoding: 'iso-8859-1' }],
        generic: {
          primaryFields: [{ key: 'name', value: 'Ana Lima' }],
          secondaryFields: [
            { key: 'jobTitle', value: 'Engineer' },
            { key: 'organization', value: 'Acme' },
          ],
        },
      });
      expect(pass.authenticationToken).toMatch(/^[\w-]{32,}$/);
      const [row] = await ctx.app.db.select().from(walletPasses).where(eq(walletPasses.contactId, card.id));
      expect(pass.serialNumber).toBe(row!.id);
      // The token is stored only as its hash, and never logged.
      expect(row!.authTokenHash).toBe(createHash('sha256').update(pass.authenticationToken).digest('hex'));
      expect(ctx.log.text).not.toContain(pass.authenticationToken);

      // Generating again gives the same pass (serial and token): Wallet replaces its copy.
      const again = JSON.parse(
        unzip((await get(`/api/personalAccount/generateAppleWalletPass/${card.quickId}`, owner.headers)).rawPayload)
          .get('pass.json')!
          .toString(),
      );
      expect({ serial: again.serialNumber, token: again.authenticationToken }).toEqual({
        serial: pass.serialNumber,
        token: pass.authenticationToken,
      });
    });

    it("builds a pass of the owner's pet too", async () => {
      const owner = await buildAccount(ctx.app);
      const pet = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/vp/virtualpet',
          headers: owner.headers,
          payload: { name: 'Biscuit', species: 'Dog', breed: 'Beagle' },
        })
      ).json();
      const res = await get(`/api/personalAccount/generateAppleWalletPass/${pet.virtualPetId}`, owner.headers);
      expect(res.statusCode).toBe(200);
      const pass = JSON.parse(unzip(res.rawPayload).get('pass.json')!.toString());
      expect(pass).toMatchObject({
        generic: { primaryFields: [{ value: 'Biscuit' }], secondaryFields: [{ value: 'Dog · Beagle' }] },
        barcodes: [{ message: `${PUBLIC_URL}/ds/vp/i/${pet.virtualPetId}` }],
      });
    });

    it("signs a Google Wallet save JWT (RS256, the service account's key) with the claims and the card's object", async () => {
      const owner = await buildAccount(ctx.app);
      const card = await buildCard(
        ctx.app,
        { firstName: 'Rui', lastName: 'Sousa', jobTitle: 'Chef', organization: 'Tasca' },
        { ownerAccountId: owner.account.id },
      );
      const res = await get(`/api/personalAccount/generateGoogleWalletPass/${card.id}`, owner.headers);
      expect(res.statusCode).toBe(200);
      const { jwt } = res.json<{ jwt: string }>();
      const [head, body, signature] = jwt.split('.') as [string, string, string];
      expect(verify('RSA-SHA256', Buffer.from(`${head}.${body}`), google.publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
      expect(verify('RSA-SHA256', Buffer.from(`${head}.${body}x`), google.publicKey, Buffer.from(signature, 'base64url'))).toBe(false);
      expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: 'key-1' });
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      expect(claims).toMatchObject({ iss: google.clientEmail, aud: 'google', typ: 'savetowallet', origins: [PUBLIC_URL] });
      expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(120);
      expect(claims.payload.genericClasses).toEqual([{ id: '3388000000012345678.vbc_card' }]);
      expect(claims.payload.genericObjects).toEqual([
        expect.objectContaining({
          id: `3388000000012345678.card-${card.id}`,
          classId: '3388000000012345678.vbc_card',
          header: { defaultValue: { language: 'en', value: 'Rui Sousa' } },
          subheader: { defaultValue: { language: 'en', value: 'Chef' } },
          barcode: { type: 'QR_CODE', value: `${PUBLIC_URL}/ds/vbc/i/${card.quickId}?s=wallet`, alternateText: 'Rui Sousa' },
          hexBackgroundColor: '#282832',
        }),
      ]);
    });

    it("labels the passes in the owner's language (issue 31): Arabic from their account, Spanish from Accept-Language; the card's text as written", async () => {
      const owner = await buildAccount(ctx.app);
      const card = await buildCard(
        ctx.app,
        { firstName: 'Layla', lastName: 'Haddad', jobTitle: 'Architect', organization: 'Dar Studio' },
        { ownerAccountId: owner.account.id },
      );
      await chooseLanguage(ctx.app, owner, 'ar');
      // The account's choice wins over the browser's.
      const headers = { ...owner.headers, 'accept-language': 'es-MX,es;q=0.9' };

      const apple = await get(`/api/personalAccount/generateAppleWalletPass/${card.id}`, headers);
      expect(apple.statusCode).toBe(200);
      const pass = JSON.parse(unzip(apple.rawPayload).get('pass.json')!.toString('utf8'));
      expect(pass.description).toBe('Layla Haddad — بطاقة V.B.C.');
      expect(pass.generic.primaryFields).toEqual([expect.objectContaining({ key: 'name', label: 'الاسم', value: 'Layla Haddad' })]);
      expect(pass.generic.secondaryFields).toEqual([
        expect.objectContaining({ key: 'jobTitle', label: 'المسمى الوظيفي', value: 'Architect' }),
        expect.objectContaining({ key: 'organization', label: 'المؤسسة', value: 'Dar Studio' }),
      ]);
      expect(pass.generic.backFields).toEqual([expect.objectContaining({ key: 'link', label: 'البطاقة' })]);

      const googleRes = await get(`/api/personalAccount/generateGoogleWalletPass/${card.id}`, headers);
      const claims = JSON.parse(Buffer.from(googleRes.json<{ jwt: string }>().jwt.split('.')[1]!, 'base64url').toString());
      expect(claims.payload.genericObjects[0]).toMatchObject({
        header: { defaultValue: { language: 'ar', value: 'Layla Haddad' } },
        textModulesData: [{ id: 'organization', header: 'المؤسسة', body: 'Dar Studio' }],
        linksModuleData: { uris: [{ id: 'link', description: 'البطاقة' }] },
      });

      // With no choice on the account, the request's language decides.
      await chooseLanguage(ctx.app, owner, null);
      const spanish = JSON.parse(
        unzip((await get(`/api/personalAccount/generateAppleWalletPass/${card.id}`, headers)).rawPayload)
          .get('pass.json')!
          .toString('utf8'),
      );
      expect(spanish.description).toBe('Layla Haddad — tarjeta de V.B.C.');
      expect(spanish.generic.primaryFields[0].label).toBe('NOMBRE');
    });

    it("is for the owner only: another account's card or pet → 404, an unknown id → 404, signed out → 401", async () => {
      const owner = await buildAccount(ctx.app);
      const other = await buildAccount(ctx.app);
      const card = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
      const pet = (
        await ctx.app.inject({ method: 'POST', url: '/api/vp/virtualpet', headers: owner.headers, payload: { name: 'Rex' } })
      ).json();
      for (const kind of ['Apple', 'Google']) {
        for (const id of [card.id, card.quickId!, pet.virtualPetId]) {
          const res = await get(`/api/personalAccount/generate${kind}WalletPass/${id}`, other.headers);
          expect(res.statusCode, `${kind} ${id}`).toBe(404);
          expect(res.json().message).toBe('The card or pet was not found.');
        }
        expect(
          (await get(`/api/personalAccount/generate${kind}WalletPass/00000000-0000-4000-8000-000000000000`, owner.headers)).statusCode,
        ).toBe(404);
        const anonymous = await get(`/api/personalAccount/generate${kind}WalletPass/${card.id}`);
        expect(anonymous.statusCode).toBe(401);
      }
      expect(await ctx.app.db.select().from(walletPasses).where(eq(walletPasses.contactId, card.id))).toEqual([]);
    });

    it('says which wallets it can make passes for (issue 30): both when configured, neither when not', async () => {
      const configured = await get('/api/wallet/availability');
      expect(configured.statusCode).toBe(200);
      expect(configured.json()).toEqual({ apple: true, google: true });
      const { app } = await buildTestApp(ctx.database);
      try {
        expect((await app.inject({ url: '/api/wallet/availability' })).json()).toEqual({ apple: false, google: false });
      } finally {
        await app.close();
      }
    });

    it('answers 503 with a clear message when a wallet is not configured', async () => {
      const { app } = await buildTestApp(ctx.database);
      try {
        const owner = await buildAccount(app);
        const card = await buildCard(app, {}, { ownerAccountId: owner.account.id });
        const apple = await app.inject({ url: `/api/personalAccount/generateAppleWalletPass/${card.id}`, headers: owner.headers });
        expect(apple.statusCode).toBe(503);
        expect(apple.json().message).toMatch(/^Apple Wallet is not configured on this server/);
        const googleRes = await app.inject({ url: `/api/personalAccount/generateGoogleWalletPass/${card.id}`, headers: owner.headers });
        expect(googleRes.statusCode).toBe(503);
        expect(googleRes.json().message).toMatch(/^Google Wallet is not configured on this server/);
      } finally {
        await app.close();
      }
    });
  },
  { env },
);

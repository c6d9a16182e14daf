import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZVirtualPetInput, type TPersonalAccount, type TUnregisterOtpResponse } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { buildCard } from '../test/factories.ts';
import { accounts, displayItems, virtualContacts, virtualPets } from '../platform/db/schema/index.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import {
  authHeaders,
  client,
  controlClock,
  issuedSecrets,
  mailedCode,
  registerByEmail,
  wrong,
  type TClient,
} from '../test/accounts-support.ts';
import { leakedSecrets } from '../test/secrets.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const REQUEST = '/api/personalaccount/RequestUnRegisterOtp';
const VERIFY = '/api/personalaccount/VerifyUnregisterOtp';
const UNREGISTER = '/api/personalaccount/unregisterAppAccount';

describeEachDatabase(
  'account deletion by one-time code',
  (ctx) => {
    const app = () => ctx.app;

    /** A registered account owning a card with a stored picture, a wall photo, and a pet. */
    async function accountWithData(c: TClient) {
      const login = await registerByEmail(c, smtp);
      const accountId = login.account.accountId;
      const image = async () => {
        const storageKey = `test/${randomBytes(6).toString('hex')}`;
        await ctx.app.storage.put(storageKey, Buffer.from('image bytes'));
        const [row] = await ctx.app.db
          .insert(displayItems)
          .values({
            obsecuredId: randomBytes(16).toString('base64url'),
            ownerAccountId: accountId,
            contentType: 'image/png',
            width: 1,
            height: 1,
            size: 11,
            storageKey,
          })
          .returning();
        return row!;
      };
      const picture = await image();
      const wallPhoto = await image();
      const card = await buildCard(
        ctx.app,
        { pictureDisplayItemId: picture.id, wall: { boards: [{ items: [{ photo: { obsecuredDisplayItemId: wallPhoto.obsecuredId } }] }] } },
        { ownerAccountId: accountId },
      );
      const { name, pictureDisplayItemId, ...details } = ZVirtualPetInput.parse({ name: 'Rex' });
      await ctx.app.db.insert(virtualPets).values({ ownerAccountId: accountId, name, pictureDisplayItemId, details });
      return { login, accountId, card, images: [picture, wallPhoto] };
    }

    it("myAccount lists the account's cards and pets as summaries", async () => {
      const c = client(app);
      const { login, card } = await accountWithData(c);
      const me = (await c.get('/api/personalAccount/myAccount', authHeaders(login))).json() as TPersonalAccount;
      expect(me.virtualContacts).toEqual([
        {
          virtualContactId: card.id,
          id: card.id,
          quickId: card.quickId,
          name: `Ana ${card.lastName}`,
          firstName: 'Ana',
          lastName: card.lastName,
          jobTitle: 'Engineer',
          organization: 'Tom & Jerry, Inc.',
          pictureDisplayItemId: card.pictureDisplayItemId,
          isCorporateProfile: false,
          hasVirginAccessProtection: false,
        },
      ]);
      expect(me.virtualPets).toEqual([
        { virtualPetId: expect.any(String), id: expect.any(String), name: 'Rex', pictureDisplayItemId: null },
      ]);
    });

    it('deletes the account, its cards, pets and pictures after the mailed code is verified; every token stops working', async () => {
      const heard: string[] = [];
      ctx.app.accountEvents.onAccountSignedOut((id, info) => void heard.push(`${id}:signed-out:${info.reason}`));
      ctx.app.accountEvents.onAccountDeleted((id) => void heard.push(`${id}:deleted`));
      const c = client(app);
      const { login, accountId, card, images } = await accountWithData(c);

      const requested = await c.post(REQUEST, undefined, authHeaders(login));
      expect(requested.statusCode).toBe(200);
      const [local, domain] = login.email.split('@');
      expect(requested.json()).toEqual({
        channel: 'email',
        destination: `${local![0]}${'*'.repeat(local!.length - 1)}@${domain}`,
        expiresInSeconds: 300,
      } satisfies TUnregisterOtpResponse);
      expect((await smtp.latestTo(login.email))?.raw).toMatch(/^Subject: Your V\.B\.C\. account deletion code: \d{6}$/m);
      const otp = await mailedCode(smtp, login.email);

      expect((await c.post(VERIFY, { otp: wrong(otp) }, authHeaders(login))).json()).toBe(false);
      expect((await c.post(VERIFY, { otp: 'nonsense' }, authHeaders(login))).json()).toBe(false);
      expect((await c.post(VERIFY, { otp }, authHeaders(login))).json()).toBe(true);
      const deleted = await c.post(UNREGISTER, undefined, authHeaders(login));
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true });

      expect((await c.get('/api/personalAccount/myAccount', authHeaders(login))).statusCode).toBe(401);
      expect((await c.post('/api/personalAccount/validatesession', undefined, authHeaders(login))).json()).toEqual({ valid: false });
      const db = ctx.app.db;
      expect(await db.select().from(accounts).where(eq(accounts.id, accountId))).toEqual([]);
      expect(await db.select().from(virtualContacts).where(eq(virtualContacts.id, card.id))).toEqual([]);
      expect(await db.select().from(virtualPets).where(eq(virtualPets.ownerAccountId, accountId))).toEqual([]);
      for (const image of images) {
        expect(await db.select().from(displayItems).where(eq(displayItems.id, image.id))).toEqual([]);
        expect(await ctx.app.storage.read(image.storageKey)).toBeNull();
      }
      expect((await c.get(`/api/vbc/virtualcontact/${card.quickId}`)).statusCode).toBe(404);
      expect(heard).toEqual([`${accountId}:signed-out:deleted`, `${accountId}:deleted`]);
      // The e-mail is free again: a new registration starts from nothing.
      const again = await registerByEmail(c, smtp, 'Ana Anew', login.email);
      expect(again.account).toMatchObject({ accountName: 'Ana Anew', virtualContacts: [], virtualPets: [] });
    });

    it('refuses deletion without a verified code, with an expired or reused one, and when signed out', async () => {
      const clock = controlClock(ctx.app);
      const c = client(app);
      const { login } = await accountWithData(c);
      const h = authHeaders(login);
      const refused = await c.post(UNREGISTER, undefined, h);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/Confirm the deletion first/);

      await c.post(REQUEST, undefined, h);
      const stale = await mailedCode(smtp, login.email);
      clock.advance(5 * 60_000 + 1);
      expect((await c.post(VERIFY, { otp: stale }, h)).json()).toBe(false);

      await c.post(REQUEST, undefined, h);
      const otp = await mailedCode(smtp, login.email);
      expect((await c.post(VERIFY, { otp }, h)).json()).toBe(true);
      expect((await c.post(VERIFY, { otp }, h)).json()).toBe(false);
      clock.advance(10 * 60_000 + 1);
      expect((await c.post(UNREGISTER, undefined, h)).statusCode).toBe(403);
      expect((await c.get('/api/personalAccount/myAccount', h)).statusCode).toBe(200);

      for (const [url, body] of [
        [REQUEST, undefined],
        [VERIFY, { otp }],
        [UNREGISTER, undefined],
      ] as const) {
        expect((await c.post(url, body)).statusCode).toBe(401);
      }
    });

    it('a deletion code does not sign in, and a sign-in code does not confirm deletion', async () => {
      const c = client(app);
      const { login } = await accountWithData(c);
      const h = authHeaders(login);
      await c.post(REQUEST, undefined, h);
      const deletionCode = await mailedCode(smtp, login.email);
      expect((await c.post('/api/personalaccount/VerifyEmail', { email: login.email, otp: deletionCode })).statusCode).toBe(410);

      await c.post('/api/personalaccount/RequestVerifyOtp', { email: login.email });
      const signInCode = await mailedCode(smtp, login.email);
      if (signInCode !== deletionCode) expect((await c.post(VERIFY, { otp: signInCode }, h)).json()).toBe(false);
      expect((await c.post(VERIFY, { otp: deletionCode }, h)).json()).toBe(true);
    });

    it('nothing is half-deleted: a failing deletion step rolls everything back', async () => {
      const c = client(app);
      const { login, accountId, card } = await accountWithData(c);
      const h = authHeaders(login);
      const seen: number[] = [];
      const step = {
        name: 'failing-test-step',
        async run(tx: typeof ctx.app.db, id: string) {
          seen.push((await tx.select().from(accounts).where(eq(accounts.id, id))).length);
          await tx.delete(virtualPets).where(eq(virtualPets.ownerAccountId, id));
          throw new Error('conversation store unavailable');
        },
      };
      ctx.app.accountDeletionSteps.push(step);
      try {
        await c.post(REQUEST, undefined, h);
        expect((await c.post(VERIFY, { otp: await mailedCode(smtp, login.email) }, h)).json()).toBe(true);
        const failed = await c.post(UNREGISTER, undefined, h);
        expect(failed.statusCode).toBe(500);
      } finally {
        ctx.app.accountDeletionSteps.splice(ctx.app.accountDeletionSteps.indexOf(step), 1);
      }
      expect(seen).toEqual([1]);
      const me = (await c.get('/api/personalAccount/myAccount', h)).json() as TPersonalAccount;
      expect(me.virtualContacts.map((v) => v.id)).toEqual([card.id]);
      expect(me.virtualPets).toHaveLength(1);
      // The code was not used up either: deletion succeeds once the step is gone.
      expect((await c.post(UNREGISTER, undefined, h)).statusCode).toBe(200);
      expect(await ctx.app.db.select().from(accounts).where(eq(accounts.id, accountId))).toEqual([]);
    });

    it('the server log holds none of the codes, tokens or session ids issued', () => {
      expect(issuedSecrets.length).toBeGreaterThan(10);
      expect(leakedSecrets(ctx.log.text, issuedSecrets)).toEqual([]);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);

import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeEachDatabase } from '../../test/app.ts';
import { buildAccount, buildCard } from '../../test/factories.ts';
import { attemptGuards, virtualContacts } from '../../platform/db/schema/index.ts';
import { newPasscode, normalizePasscode, PASSCODE_ALPHABET } from './passcode.ts';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghijklmnop';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('passcodes', () => {
  it('are 8 letters of the Crockford alphabet, read back case-insensitively with look-alikes folded', () => {
    const codes = new Set(Array.from({ length: 200 }, newPasscode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${PASSCODE_ALPHABET}]{8}$`));
    expect(normalizePasscode('ab1c-d0ef')).toBe('AB1CD0EF');
    expect(normalizePasscode('abicdoef')).toBe('AB1CD0EF');
    expect(normalizePasscode('ABLCDOEF')).toBe('AB1CD0EF');
    expect(normalizePasscode(' ab1c d0ef ')).toBe('AB1CD0EF');
    expect(normalizePasscode('AB1CD0E')).toBeNull();
    expect(normalizePasscode('AB1CD0EU')).toBeNull();
    expect(normalizePasscode('AB1CD0EF9')).toBeNull();
  });
});

describeEachDatabase(
  'adopting an unclaimed card',
  (ctx) => {
    afterEach(() => vi.useRealTimers());

    const mint = async (count = 1) => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/cards/mint', headers: admin, payload: { count } });
      expect(response.statusCode).toBe(200);
      return response.json() as { virtualContactId: string; quickId: string; passcode: string; url: string }[];
    };
    const canAdopt = (id: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/vbc/canAdopt/${id}`, headers });
    const adopt = (id: string, code: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/vbc/adopt/${id}/${encodeURIComponent(code)}`, headers });
    const ownerOf = async (id: string) => (await ctx.app.db.select().from(virtualContacts).where(eq(virtualContacts.id, id)))[0]!;
    const wrongCode = (passcode: string) => (passcode.startsWith('Z') ? 'Y' : 'Z') + passcode.slice(1);

    it('mints blank cards for operators only, each passcode shown once', async () => {
      const none = await ctx.app.inject({ method: 'POST', url: '/api/admin/cards/mint', payload: { count: 1 } });
      expect(none.statusCode).toBe(401);
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/cards/mint',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}x` },
        payload: { count: 1 },
      });
      expect(wrong.statusCode).toBe(403);
      const user = await buildAccount(ctx.app);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/admin/cards/mint', headers: user.headers, payload: { count: 1 } })).statusCode,
      ).toBe(403);
      for (const count of [0, 1001, 2.5]) {
        const bad = await ctx.app.inject({ method: 'POST', url: '/api/admin/cards/mint', headers: admin, payload: { count } });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toMatch(/count/);
      }

      const cards = await mint(3);
      expect(cards).toHaveLength(3);
      for (const card of cards) {
        expect(card.passcode).toMatch(new RegExp(`^[${PASSCODE_ALPHABET}]{8}$`));
        expect(card.url).toBe(`http://localhost:8080/ds/vbc/i/${card.quickId}`);
        const row = await ownerOf(card.virtualContactId);
        expect(row.ownerAccountId).toBeNull();
        expect(row.passcodeHash).not.toContain(card.passcode);
        const shown = (await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${card.quickId}` })).json();
        expect(shown).toMatchObject({ hasVirginAccessProtection: true, hasPersonalAccount: false, firstName: '' });
      }
      expect(ctx.log.text).not.toContain(cards[0]!.passcode);
    });

    it('adopts with the right passcode (any case), once, and binds the card to the account', async () => {
      const [card] = await mint();
      const ana = await buildAccount(ctx.app, {
        name: 'Ana Maria Reyes',
        phoneNumber: `0917${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      });
      expect((await canAdopt(card!.quickId, {})).statusCode).toBe(401);
      expect((await adopt(card!.quickId, card!.passcode, {})).statusCode).toBe(401);
      const before = await canAdopt(card!.quickId, ana.headers);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toMatchObject({ canAdopt: true, virtualContactId: card!.virtualContactId });

      const wrong = await adopt(card!.virtualContactId, wrongCode(card!.passcode), ana.headers);
      expect(wrong.statusCode).toBe(403);
      // The reason, with the numbers the form explains it with: 10 an hour for the card, this was one.
      expect(wrong.json()).toEqual({
        message: 'Wrong adoption code. 9 tries left.',
        code: 'forbidden',
        reason: 'wrong_code',
        triesLeft: 9,
      });
      expect((await adopt(card!.virtualContactId, 'short', ana.headers)).statusCode).toBe(400);
      expect((await ownerOf(card!.virtualContactId)).ownerAccountId).toBeNull();

      // Case-insensitive route and code: params keep their case and the code is folded.
      const adopted = await ctx.app.inject({
        method: 'GET',
        url: `/API/VBC/ADOPT/${card!.quickId.toUpperCase()}/${card!.passcode.toLowerCase()}`,
        headers: ana.headers,
      });
      expect(adopted.statusCode).toBe(200);
      expect(adopted.json()).toMatchObject({
        virtualContactId: card!.virtualContactId,
        hasVirginAccessProtection: false,
        hasPersonalAccount: true,
      });
      // The blank card starts from the account: its name, e-mail and phone (issue 13).
      expect(adopted.json()).toMatchObject({
        firstName: 'Ana Maria',
        lastName: 'Reyes',
        emails: [{ email: ana.account.email, name: null }],
        phones: [{ phoneNumber: ana.account.phoneNumber, type: 'Mobile' }],
      });
      const publicCard = (await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${card!.quickId}` })).json();
      expect(publicCard).toMatchObject({
        name: 'Ana Maria Reyes',
        emails: [{ email: ana.account.email }],
        phones: [{ phoneNumber: ana.account.phoneNumber }],
      });
      const row = await ownerOf(card!.virtualContactId);
      expect(row.ownerAccountId).toBe(ana.account.id);
      expect(row.passcodeHash).toBeNull();

      const after = await canAdopt(card!.quickId, ana.headers);
      expect(after.statusCode).toBe(409);
      const ben = await buildAccount(ctx.app);
      const second = await adopt(card!.quickId, card!.passcode, ben.headers);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'conflict', reason: 'already_adopted' });
      expect(second.json().message).toMatch(/already been adopted/);
      expect((await ownerOf(card!.virtualContactId)).ownerAccountId).toBe(ana.account.id);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${card!.quickId}` })).json().hasVirginAccessProtection,
      ).toBe(false);

      // The passcode never reaches the log, not even from the URL.
      expect(ctx.log.text).not.toContain(card!.passcode);
      expect(ctx.log.text).not.toContain(card!.passcode.toLowerCase());
      // The request line names the route pattern, never the URL that carries the passcode.
      expect(ctx.log.text).toContain('"route":"/api/vbc/adopt/:contactId/:code"');
    });

    it('lets exactly one of two accounts adopting at once win', async () => {
      const [card] = await mint();
      const [a, b] = [await buildAccount(ctx.app), await buildAccount(ctx.app)];
      const answers = await Promise.all([a, b].map((who) => adopt(card!.virtualContactId, card!.passcode, who.headers)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]!.statusCode === 200 ? a : b;
      expect((await ownerOf(card!.virtualContactId)).ownerAccountId).toBe(winner.account.id);
    });

    it('takes 10 wrong codes an hour for a card, then refuses even the right one until the hour is over', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T08:00:00Z') });
      const [card] = await mint();
      const guessers = await Promise.all(Array.from({ length: 4 }, () => buildAccount(ctx.app)));
      for (let i = 0; i < 10; i++) {
        const wrong = await adopt(card!.virtualContactId, wrongCode(card!.passcode), guessers[i % 4]!.headers);
        expect(wrong.statusCode).toBe(403);
        expect(wrong.json()).toMatchObject({ reason: 'wrong_code', triesLeft: 9 - i });
      }
      // The tenth wrong code says until when no code is taken.
      vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
      const [again] = await mint();
      for (let i = 0; i < 9; i++) await adopt(again!.virtualContactId, wrongCode(again!.passcode), guessers[i % 4]!.headers);
      const last = await adopt(again!.virtualContactId, wrongCode(again!.passcode), guessers[1]!.headers);
      expect(last.json()).toEqual({
        message: 'Wrong adoption code. No tries left: try again in 60 minutes.',
        code: 'forbidden',
        reason: 'wrong_code',
        triesLeft: 0,
        retryAt: '2026-11-22T09:00:00.000Z',
      });
      const owner = await buildAccount(ctx.app);
      const refused = await adopt(card!.virtualContactId, card!.passcode, owner.headers);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBe(3600);
      expect(refused.json()).toMatchObject({ reason: 'too_many_tries', retryAt: '2026-11-22T09:00:00.000Z' });
      expect(refused.json().message).toMatch(/Too many wrong adoption codes for this card/);

      vi.setSystemTime(new Date('2026-11-22T09:00:01Z'));
      expect((await adopt(card!.virtualContactId, card!.passcode, owner.headers)).statusCode).toBe(200);
    });

    it('needs an operator after 100 wrong codes in all', async () => {
      const [card] = await mint();
      const ana = await buildAccount(ctx.app);
      await ctx.app.db.insert(attemptGuards).values({
        scope: 'adopt:card',
        key: card!.virtualContactId,
        windowStartedAt: new Date(0),
        attempts: 0,
        total: 100,
        updatedAt: new Date(),
      });
      const check = await canAdopt(card!.quickId, ana.headers);
      expect(check.statusCode).toBe(423);
      expect(check.json()).toMatchObject({ code: 'locked', reason: 'locked' });
      expect(check.json().message).toMatch(/Contact support/);
      expect((await adopt(card!.quickId, card!.passcode, ana.headers)).statusCode).toBe(423);

      const unlock = await ctx.app.inject({ method: 'POST', url: `/api/admin/cards/${card!.quickId}/unlock`, headers: admin });
      expect(unlock.statusCode).toBe(200);
      expect((await canAdopt(card!.quickId, ana.headers)).statusCode).toBe(200);
      expect((await adopt(card!.quickId, card!.passcode, ana.headers)).statusCode).toBe(200);
    });

    it('takes 20 wrong codes an hour from one account, over all cards', async () => {
      const [card] = await mint();
      const guesser = await buildAccount(ctx.app);
      await ctx.app.db.insert(attemptGuards).values({
        scope: 'adopt:account',
        key: guesser.account.id,
        windowStartedAt: new Date(),
        attempts: 20,
        total: 20,
        updatedAt: new Date(),
      });
      const refused = await adopt(card!.quickId, card!.passcode, guesser.headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Too many wrong adoption codes\. Try again/);
      expect((await ownerOf(card!.virtualContactId)).ownerAccountId).toBeNull();
      const other = await buildAccount(ctx.app);
      expect((await adopt(card!.quickId, card!.passcode, other.headers)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown card and 409 for a card that was never up for adoption', async () => {
      const ana = await buildAccount(ctx.app);
      expect((await canAdopt('00000000-0000-4000-8000-000000000000', ana.headers)).statusCode).toBe(404);
      expect((await adopt('zzzzzzz', 'ABCDEFGH', ana.headers)).statusCode).toBe(404);
      expect((await canAdopt('not-an-id', ana.headers)).statusCode).toBe(404);
      const owned = await buildCard(ctx.app, {}, { ownerAccountId: ana.account.id });
      expect((await canAdopt(owned.id, ana.headers)).statusCode).toBe(409);
      const stranger = await buildAccount(ctx.app);
      expect((await adopt(owned.quickId, 'ABCDEFGH', stranger.headers)).statusCode).toBe(409);
      expect((await ownerOf(owned.id)).ownerAccountId).toBe(ana.account.id);
    });
  },
  { env: { ADMIN_TOKEN } },
);

import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';
import { buildAccount, buildCard } from '../../test/factories.ts';
import { attemptGuards } from '../../platform/db/schema/index.ts';
import { PIN_ACCESS_TTL_MS } from './pin-access.ts';

const PIN = '2468';

describeEachDatabase('PIN-protected cards', (ctx) => {
  afterEach(() => vi.useRealTimers());

  const ownedCard = async () => {
    const owner = await buildAccount(ctx.app);
    const card = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
    return { owner, card };
  };
  const setPin = (id: string, headers: Record<string, string>, body: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/vbc/virtualcontact/${id}/pin`, headers, payload: body as object });
  const pinnedCard = async () => {
    const { owner, card } = await ownedCard();
    expect((await setPin(card.id, owner.headers, { pinCode: PIN })).statusCode).toBe(200);
    return { owner, card };
  };
  const validate = (id: string, pinCode: unknown, client = '198.51.100.1') =>
    ctx.app.inject({ method: 'POST', url: `/api/vbc/validatepincode/${id}`, payload: { pinCode }, remoteAddress: client });
  const read = (id: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${id}`, headers });

  it('lets the owner set a PIN, which hides phones and emails from everyone else, and remove it', async () => {
    const { owner, card } = await ownedCard();
    const set = await setPin(card.id, owner.headers, { pinCode: PIN });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ enabled: true, pinProtectionLevel: 1, failedAttempts24h: 0, lastFailedAt: null, lockedUntil: null });

    const visitor = (await read(card.quickId)).json();
    expect(visitor.pinProtectionLevel).toBe(1);
    expect(visitor).not.toHaveProperty('phones');
    expect(visitor).not.toHaveProperty('emails');
    expect(visitor.firstName).toBe('Ana');
    const asOwner = (await read(card.quickId, owner.headers)).json();
    expect(asOwner.phones).toEqual([{ phoneNumber: '0917 555 0101', type: 'Mobile' }]);

    const removed = await setPin(card.id, owner.headers, { pinCode: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ enabled: false, pinProtectionLevel: null });
    // Each change moves the card's version and says which it is: a save that sends it passes, an older one is stale.
    const version = removed.json().updatedAt as string;
    expect(Date.parse(version)).toBeGreaterThan(Date.parse(set.json().updatedAt));
    expect(removed.headers.etag).toBe(`"${Date.parse(version)}"`);
    const save = (updatedAt: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/vbc/virtualcontact/${card.id}`,
        headers: owner.headers,
        payload: { jobTitle: 'Owner', updatedAt },
      });
    expect((await save(set.json().updatedAt)).statusCode).toBe(409);
    expect((await save(version)).statusCode).toBe(200);
    const after = (await read(card.quickId)).json();
    expect(after.pinProtectionLevel).toBeNull();
    expect(after.emails).toEqual([{ email: 'ana@example.test', name: 'Work' }]);
  });

  it('a PIN access token stops working at once when the PIN is set again, changed or removed', async () => {
    const { owner, card } = await pinnedCard();
    const download = (token: string) =>
      ctx.app.inject({ method: 'GET', url: `/ds/vbc/download/i/${card.id}?accessToken=${encodeURIComponent(token)}` });
    const grant = async (pin: string) => {
      const res = await validate(card.id, pin, `198.51.100.${Math.floor(Math.random() * 200) + 2}`);
      expect(res.statusCode).toBe(200);
      return res.json().accessToken as string;
    };
    const first = await grant(PIN);
    expect((await download(first)).statusCode).toBe(200);

    expect((await setPin(card.id, owner.headers, { pinCode: '7391' })).statusCode).toBe(200);
    expect((await download(first)).statusCode).toBe(403);
    const second = await grant('7391');
    expect((await download(second)).statusCode).toBe(200);

    // The same PIN set again still ends the tokens granted before it.
    expect((await setPin(card.id, owner.headers, { pinCode: '7391' })).statusCode).toBe(200);
    expect((await download(second)).statusCode).toBe(403);
    const third = await grant('7391');

    // Removed, then set back to the very first PIN: no earlier token comes back to life.
    expect((await setPin(card.id, owner.headers, { pinCode: null })).statusCode).toBe(200);
    expect((await setPin(card.id, owner.headers, { pinCode: PIN })).statusCode).toBe(200);
    for (const token of [first, second, third]) expect((await download(token)).statusCode).toBe(403);
    expect((await download(await grant(PIN))).statusCode).toBe(200);
  });

  it('lets only the owner manage the PIN', async () => {
    const { card } = await ownedCard();
    const stranger = await buildAccount(ctx.app);
    expect((await setPin(card.id, {}, { pinCode: PIN })).statusCode).toBe(401);
    const denied = await setPin(card.id, stranger.headers, { pinCode: PIN });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/owner/);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${card.id}/pin`, headers: stranger.headers })).statusCode,
    ).toBe(403);
    expect((await setPin('00000000-0000-4000-8000-000000000000', stranger.headers, { pinCode: PIN })).statusCode).toBe(404);
    expect((await read(card.id)).json().phones).toHaveLength(1);
  });

  it('refuses common PINs and malformed ones with a message naming the problem', async () => {
    const { owner, card } = await ownedCard();
    for (const common of ['1234', '0000', '6969', '2001', '123456', '98765', '55555555']) {
      const response = await setPin(card.id, owner.headers, { pinCode: common });
      expect(response.statusCode, common).toBe(400);
      expect(response.json().message, common).toMatch(/pinCode: .*most common PINs/);
    }
    for (const bad of ['123', '123456789', '12a4', '', 1357]) {
      const response = await setPin(card.id, owner.headers, { pinCode: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().message, String(bad)).toMatch(/pinCode/);
    }
    expect((await setPin(card.id, owner.headers, { pinCode: PIN, pinProtectionLevel: 0 })).statusCode).toBe(400);
    expect((await read(card.id)).json().pinProtectionLevel).toBeNull();
  });

  it('opens phones and emails with the right PIN and refuses a wrong one', async () => {
    const { card } = await pinnedCard();
    const wrong = await validate(card.id, '8642');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/^Wrong PIN\. 4 tries left/);

    const right = await validate(card.quickId, PIN);
    expect(right.statusCode).toBe(200);
    const body = right.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'emails', 'phones']);
    expect(body.phones).toEqual([{ phoneNumber: '0917 555 0101', type: 'Mobile' }]);
    expect(body.emails).toEqual([{ email: 'ana@example.test', name: 'Work' }]);
    // 128-bit nonce (22 base64url characters) before the expiry and signature.
    expect(body.accessToken.split('.')[0]).toHaveLength(22);
    expect(right.headers['cache-control']).toContain('no-store');

    // The web's PIN input is a number field: a number is accepted too.
    expect((await validate(card.id, 2468)).statusCode).toBe(200);
    expect((await validate(card.id, 'abcd')).statusCode).toBe(400);
    const unpinned = (await ownedCard()).card;
    expect((await validate(unpinned.id, PIN)).json().message).toMatch(/not protected by a PIN/);
    expect((await validate('zzzzzzz', PIN)).statusCode).toBe(404);
  });

  it('locks a client out after 5 wrong PINs, refusing even the right one, with a growing back-off', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00Z') });
    const { owner, card } = await pinnedCard();
    const attacker = '203.0.113.7';
    const answers = [];
    for (const guess of ['1357', '2580', '9753', '1470', '3690']) answers.push(await validate(card.id, guess, attacker));
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(answers[4]!.json().message).toMatch(/try again in 15 minutes/);

    const locked = await validate(card.id, PIN, attacker);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(900);
    expect(locked.json().message).toMatch(/Too many wrong PINs/);
    // Another client is not affected.
    expect((await validate(card.id, PIN, '198.51.100.20')).statusCode).toBe(200);

    // The owner sees that the PIN was being guessed.
    const status = await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${card.id}/pin`, headers: owner.headers });
    expect(status.json()).toMatchObject({ enabled: true, failedAttempts24h: 5, lastFailedAt: '2026-11-22T10:00:00.000Z' });

    // 15 minutes later the client may try again; 5 more wrong ones lock it for 30.
    vi.setSystemTime(new Date('2026-11-22T10:15:01Z'));
    for (const guess of ['1357', '2580', '9753', '1470', '3690']) expect((await validate(card.id, guess, attacker)).statusCode).toBe(403);
    const again = await validate(card.id, PIN, attacker);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(1800);

    vi.setSystemTime(new Date('2026-11-22T10:45:02Z'));
    expect((await validate(card.id, PIN, attacker)).statusCode).toBe(200);
  });

  it('never lets parallel guesses from one client past the limit', async () => {
    const { card } = await pinnedCard();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => validate(card.id, String(5000 + i), '203.0.113.99')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 403)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('takes at most 100 wrong PINs a day for a card, from all clients together', async () => {
    const { owner, card } = await pinnedCard();
    // 99 wrong PINs today already (from many addresses).
    await ctx.app.db.insert(attemptGuards).values({
      scope: 'pin:card',
      key: card.id,
      windowStartedAt: new Date(),
      attempts: 99,
      total: 99,
      updatedAt: new Date(),
    });
    expect((await validate(card.id, '1357', '192.0.2.1')).statusCode).toBe(403);
    const capped = await validate(card.id, PIN, '192.0.2.2');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/too many wrong PINs today/);
    const status = (await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${card.id}/pin`, headers: owner.headers })).json();
    expect(status.lockedUntil).not.toBeNull();
    // A new PIN starts with clean counters.
    expect((await setPin(card.id, owner.headers, { pinCode: '975310' })).json().lockedUntil).toBeNull();
    expect((await validate(card.id, '975310', '192.0.2.3')).statusCode).toBe(200);
  });

  it('downloads a PIN-protected card only with a live token for that card, and keeps the token out of the log', async () => {
    const { card } = await pinnedCard();
    const { card: other } = await pinnedCard();
    const download = (id: string, token?: string) =>
      ctx.app.inject({ method: 'GET', url: `/ds/vbc/download/i/${id}${token ? `?accessToken=${encodeURIComponent(token)}` : ''}` });

    expect((await download(card.id)).statusCode).toBe(403);
    const { accessToken } = (await validate(card.id, PIN)).json();
    const ok = await download(card.id, accessToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('TEL;TYPE=CELL:09175550101');
    expect(ok.body).toContain('ana@example.test');
    // Another card's token does not open this one.
    const foreign = (await validate(other.id, PIN)).json().accessToken;
    expect((await download(card.id, foreign)).statusCode).toBe(403);
    expect((await download(card.id, `${accessToken}x`)).statusCode).toBe(403);

    expect(ctx.log.text).not.toContain(accessToken);
    // The request line names the route pattern, never the URL with its query.
    expect(ctx.log.text).toContain('"route":"/ds/vbc/download/i/:contactId"');
    expect(ctx.log.text).not.toContain(`"${PIN}"`);
  });

  it('expires the token after 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T12:00:00Z') });
    const { card } = await pinnedCard();
    const { accessToken } = (await validate(card.id, PIN)).json();
    const url = `/ds/vbc/download/i/${card.id}?accessToken=${encodeURIComponent(accessToken)}`;
    vi.setSystemTime(Date.now() + PIN_ACCESS_TTL_MS - 1000);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2000);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});

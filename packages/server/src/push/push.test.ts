import { afterAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase } from '../test/app.ts';
import { pushSubscriptions } from '../platform/db/schema/index.ts';
import { buildAccount } from '../test/factories.ts';
import { allMessages, buildPerson, send, startConversation, type TPerson } from '../test/conversations-support.ts';
import { summariesByAccount } from '../conversations/read-conversations.ts';
import { loadVapidKeys } from './vapid-keys.ts';
import { startTestPushService, type TTestSubscription } from '../test/push-service.ts';
import { makeApnsKey, makeTestTls, startApnsStub } from '../test/apns-stub.ts';

const apnsKey = makeApnsKey();
const tls = makeTestTls();
const apnsStub = await startApnsStub({ publicKey: apnsKey.publicKey, keyId: apnsKey.keyId, teamId: apnsKey.teamId, tls });
let vapidKey = '';
const pushService = await startTestPushService(() => vapidKey);
afterAll(async () => {
  await apnsStub.close();
  await pushService.close();
});

const env = {
  PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
  PUSH_MESSAGE_DELAY_MS: '1000',
  APNS_KEY: apnsKey.privatePem,
  APNS_KEY_ID: apnsKey.keyId,
  APNS_TEAM_ID: apnsKey.teamId,
  APNS_TOPIC: 'app.vbc.ios',
  APNS_URL: apnsStub.url,
};

function register(app: FastifyInstance, who: { headers: Record<string, string> }, body: object) {
  return app.inject({ method: 'POST', url: '/api/personalAccount/registerPushSubscription', headers: who.headers, payload: body });
}
const webBody = ({ endpoint, keyP256Dh, keyAuth, expirationTime }: TTestSubscription) => ({ endpoint, keyP256Dh, keyAuth, expirationTime });
const check = async (app: FastifyInstance, who: { headers: Record<string, string> }) =>
  (await app.inject({ url: '/api/personalAccount/checkForPushSubscription', headers: who.headers })).json<{ result: boolean }>().result;

describeEachDatabase(
  'push: web push and APNs deliveries',
  (ctx) => {
    /** A person with a card and a web push subscription on the local push service. */
    async function subscribed(name: string): Promise<TPerson & { sub: TTestSubscription }> {
      vapidKey = ctx.app.push.vapidPublicKey;
      const person = await buildPerson(ctx.app, name);
      const sub = pushService.subscribe();
      const res = await register(ctx.app, person, webBody(sub));
      expect(res.statusCode, res.body).toBe(204);
      return { ...person, sub };
    }
    const pushesTo = (endpoint: string) => pushService.received.filter((p) => p.endpoint === endpoint);

    it('hands out one VAPID public key, generated once and kept in the database', async () => {
      const res = await ctx.app.inject({ url: '/api/push/vapidPublicKey' });
      expect(res.statusCode).toBe(200);
      const { publicKey } = res.json<{ publicKey: string }>();
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      // Another instance on the same database reads the same pair.
      expect((await loadVapidKeys(ctx.app.db, { VAPID_SUBJECT: 'mailto:ops@example.test' })).publicKey).toBe(publicKey);
    });

    it("B sends A a message → A's subscription gets it, encrypted; decrypted it names the sender and opens the conversation", async () => {
      const ana = await subscribed('Ana');
      const bruno = await subscribed('Bruno');
      expect(await check(ctx.app, ana)).toBe(true);
      const conversation = await startConversation(ctx.app, bruno, ana, 'Are you free on Friday?');
      await ctx.app.push.idle();
      const [push] = pushesTo(ana.sub.endpoint);
      expect(push?.payload).toEqual({
        kind: 'message',
        title: `Bruno ${bruno.card.lastName}`,
        body: 'Are you free on Friday?',
        url: `/vbc/#/messages/${conversation.personalConversationId}`,
        tag: `conversation-${conversation.personalConversationId}`,
        personalConversationId: conversation.personalConversationId,
      });
      expect(push!.vapid.sub).toBe('mailto:admin@vbc.local');
      expect(push!.headers.urgency).toBe('high');
      // The sender's own devices get nothing for their own message.
      expect(pushesTo(bruno.sub.endpoint)).toEqual([]);
    });

    it('does not push a message the recipient saw within the delay (the conversation was open)', async () => {
      const ana = await subscribed('Ana');
      const bruno = await subscribed('Bruno');
      const conversation = await startConversation(ctx.app, ana, bruno, 'first');
      await ctx.app.push.idle();
      expect(pushesTo(bruno.sub.endpoint)).toHaveLength(1);
      const res = await send(ctx.app, ana, conversation.personalConversationId, 'seen at once');
      expect(res.statusCode).toBe(201);
      const seen = await ctx.app.inject({
        method: 'POST',
        url: `/api/conversation/${conversation.personalConversationId}/seen`,
        headers: bruno.headers,
        payload: {},
      });
      expect(seen.statusCode).toBe(204);
      await send(ctx.app, ana, conversation.personalConversationId, 'not seen');
      await ctx.app.push.idle();
      expect(pushesTo(bruno.sub.endpoint).map((p) => p.payload.body)).toEqual(['first', 'not seen']);
    });

    it('reads the conversation for a push only when the recipient has a device to tell', async () => {
      const ana = await subscribed('Ana');
      const ben = await buildPerson(ctx.app, 'Ben'); // no device registered
      const carl = await buildPerson(ctx.app, 'Carl');
      const toBen = await startConversation(ctx.app, ana, ben, 'for Ben');
      const toAna = await startConversation(ctx.app, carl, ana, 'for Ana');
      await ctx.app.push.idle();
      const reads: string[] = [];
      const summariesOf = (conversationId: string) => {
        reads.push(conversationId);
        return summariesByAccount(ctx.app.db, conversationId);
      };
      for (const [conversation, sender, recipient] of [
        [toBen, ana, ben],
        [toAna, carl, ana],
      ] as const) {
        const [message] = await allMessages(ctx.app, sender, conversation.personalConversationId);
        ctx.app.push.messageAdded(message!, [sender.account.id, recipient.account.id], summariesOf);
      }
      await ctx.app.push.idle();
      expect(reads).toEqual([toAna.personalConversationId]);
      expect(pushesTo(ana.sub.endpoint).map((p) => p.payload.body)).toEqual(['for Ana', 'for Ana']);
    });

    it('reaches every device of the account; notifyAccounts resolves before the push service answers', async () => {
      const ana = await subscribed('Ana');
      const phone = pushService.subscribe();
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalAccount/registerPushSubscription',
        headers: (await signInAgain(ana)).headers,
        payload: webBody(phone),
      });
      expect(other.statusCode).toBe(204);
      let release!: () => void;
      pushService.hold = new Promise((resolve) => (release = resolve));
      const before = pushService.received.length;
      const queued = await ctx.app.push.notifyAccounts([ana.account.id], () => ({
        kind: 'announcement',
        title: 'Office closed',
        body: 'From Acme',
        url: '/vbc/announcement/x',
        tag: 'announcement-x',
        announcementId: 'x',
      }));
      expect(queued).toBe(2);
      expect(pushService.received.length).toBe(before); // queued, not delivered: the caller did not wait
      pushService.hold = null;
      release();
      await ctx.app.push.idle();
      expect(pushesTo(ana.sub.endpoint).map((p) => p.payload.title)).toEqual(['Office closed']);
      expect(pushesTo(phone.endpoint).map((p) => p.payload.title)).toEqual(['Office closed']);
    });

    it('notifications to a few accounts at once (their lookups batched in one query) each reach only their own devices', async () => {
      const people = await Promise.all(['Ana', 'Bruno', 'Carla', 'Dario', 'Elena', 'Felix'].map((name) => subscribed(name)));
      const nobody = await buildPerson(ctx.app, 'Nobody');
      const payload = (name: string) => ({ kind: 'announcement' as const, title: `for ${name}`, body: 'b', url: '/u', tag: `t-${name}` });
      const queued = await Promise.all([
        ...people.map((p, i) =>
          ctx.app.push.notifyAccounts([p.account.id], () => ({ ...payload(p.account.name), announcementId: String(i) })),
        ),
        ctx.app.push.notifyAccounts([nobody.account.id], () => ({ ...payload('Nobody'), announcementId: 'n' })),
        ctx.app.push.notifyAccounts([people[0]!.account.id, people[1]!.account.id], () => ({ ...payload('both'), announcementId: 'b' })),
      ]);
      expect(queued).toEqual([1, 1, 1, 1, 1, 1, 0, 2]);
      await ctx.app.push.idle();
      for (const person of people) {
        const expected =
          person === people[0] || person === people[1] ? [`for ${person.account.name}`, 'for both'] : [`for ${person.account.name}`];
        expect(
          pushesTo(person.sub.endpoint)
            .map((p) => p.payload.title)
            .sort(),
        ).toEqual(expected.sort());
      }
    });

    it('a 410 from the push service deletes the subscription; a 500 is retried', async () => {
      const ana = await subscribed('Ana');
      const flaky = await subscribed('Flaky');
      const bruno = await buildPerson(ctx.app, 'Bruno');
      pushService.answer.set(ana.sub.endpoint, 410);
      pushService.answer.set(flaky.sub.endpoint, 500);
      await startConversation(ctx.app, bruno, ana, 'hello');
      await startConversation(ctx.app, bruno, flaky, 'hello');
      await ctx.app.push.idle();
      expect(await check(ctx.app, ana)).toBe(false);
      expect(await ctx.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, ana.sub.endpoint))).toEqual([]);
      // The 500 left the subscription in place and the delivery waiting for its retry (backoff 100 ms in this suite).
      expect(await check(ctx.app, flaky)).toBe(true);
      pushService.answer.delete(flaky.sub.endpoint);
      await expect.poll(() => pushesTo(flaky.sub.endpoint).length).toBe(1);
    });

    it('an APNs token gets the same message through the provider API; a 410 deletes it', async () => {
      const ana = await buildPerson(ctx.app, 'Ana');
      const bruno = await buildPerson(ctx.app, 'Bruno');
      const token = randomBytes(32).toString('hex');
      expect((await register(ctx.app, ana, { apnDeviceToken: token.toUpperCase() })).statusCode).toBe(204);
      expect(await check(ctx.app, ana)).toBe(true);
      const conversation = await startConversation(ctx.app, bruno, ana, 'Hi from Bruno');
      await ctx.app.push.idle();
      const got = apnsStub.received.filter((r) => r.deviceToken === token);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ topic: 'app.vbc.ios', pushType: 'alert', kid: apnsKey.keyId, claims: { iss: apnsKey.teamId } });
      expect(got[0]!.payload).toEqual({
        aps: {
          alert: { title: `Bruno ${bruno.card.lastName}`, body: 'Hi from Bruno' },
          sound: 'default',
          'thread-id': `conversation-${conversation.personalConversationId}`,
        },
        kind: 'message',
        url: `/vbc/#/messages/${conversation.personalConversationId}`,
        personalConversationId: conversation.personalConversationId,
      });
      apnsStub.answer.set(token, { status: 410, reason: 'Unregistered' });
      await send(ctx.app, bruno, conversation.personalConversationId, 'again');
      await ctx.app.push.idle();
      expect(apnsStub.received.filter((r) => r.deviceToken === token)).toHaveLength(2);
      expect(await check(ctx.app, ana)).toBe(false);
    });

    it("checks per device, unregisters this device or a named one, and sign-out stops a device's notifications", async () => {
      const ana = await subscribed('Ana');
      const laptop = await signInAgain(ana);
      expect(await check(ctx.app, laptop)).toBe(false);
      const laptopSub = pushService.subscribe();
      expect((await register(ctx.app, laptop, webBody(laptopSub))).statusCode).toBe(204);
      expect(await check(ctx.app, laptop)).toBe(true);
      const un = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalAccount/unRegisterForPushSubscription',
        headers: laptop.headers,
      });
      expect(un.statusCode).toBe(204);
      expect(await check(ctx.app, laptop)).toBe(false);
      expect(await check(ctx.app, ana)).toBe(true);
      const named = await ctx.app.inject({
        method: 'POST',
        url: '/api/personalAccount/unRegisterForPushSubscription',
        headers: laptop.headers,
        payload: { endpoint: ana.sub.endpoint },
      });
      expect(named.statusCode).toBe(204);
      expect(await check(ctx.app, ana)).toBe(false);
      expect((await register(ctx.app, ana, webBody(ana.sub))).statusCode).toBe(204);
      const out = await ctx.app.inject({ method: 'POST', url: '/api/personalAccount/logout', headers: ana.headers });
      expect(out.statusCode).toBeLessThan(300);
      expect(await ctx.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, ana.sub.endpoint))).toEqual([]);
    });

    it('refuses bad subscriptions with 400 naming the field, and anonymous calls with 401', async () => {
      const ana = await buildAccount(ctx.app);
      const sub = pushService.subscribe();
      const cases: [object, RegExp][] = [
        [{ ...webBody(sub), keyP256Dh: 'abc' }, /keyP256Dh: must be the base64url P-256 public key/],
        [{ ...webBody(sub), keyAuth: undefined }, /keyAuth/],
        [{ ...webBody(sub), endpoint: 'not a url' }, /endpoint: must be a URL/],
        [{ apnDeviceToken: 'xyz' }, /apnDeviceToken: must be the hexadecimal device token/],
        [{}, /endpoint|apnDeviceToken/],
      ];
      for (const [body, message] of cases) {
        const res = await register(ctx.app, ana, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(message);
      }
      expect((await ctx.app.inject({ url: '/api/personalAccount/checkForPushSubscription' })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/personalAccount/registerPushSubscription', payload: webBody(sub) })).statusCode,
      ).toBe(401);
    });

    /** A second sign-in of the same account (another device). */
    async function signInAgain(person: { account: { id: string } }) {
      const { issueSession } = await import('../accounts/sessions.ts');
      const session = await issueSession(ctx.app.db, person.account.id);
      return { headers: { authorization: `Bearer ${session.accessToken}`, 'x-session-id': session.sessionId } };
    }
  },
  { env, push: { ca: tls.ca, queue: { backoffMs: [100, 100, 100] } } },
);

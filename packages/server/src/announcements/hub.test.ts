/** AnnouncementPublished over the real hub (official @microsoft/signalr client), push, and two instances. */
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ANNOUNCEMENT_HUB_EVENT, type TAnnouncementSummary, type TAuthoredAnnouncement } from '@vbc/shared/announcement';
import { openDatabase, type Database } from '../platform/db/client.ts';
import { buildTestApp } from '../test/app.ts';
import { createPostgresDatabase } from '../test/databases.ts';
import { serviceUrl } from '../test/services.ts';
import { buildAccount } from '../test/factories.ts';
import { TRANSPORTS, nextCall, sleep } from '../test/hub-support.ts';
import { closeListening, listenForHub, useListeningApp } from '../test/conversations-support.ts';
import { startTestPushService } from '../test/push-service.ts';
import { ADMIN_TOKEN, admin, buildStaffedBusiness } from '../test/announcements-support.ts';

let vapidKey = '';
const pushService = await startTestPushService(() => vapidKey);
const ctx = useListeningApp({ ADMIN_TOKEN, PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
const open: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});
afterAll(async () => {
  await pushService.close();
});

async function connect(who: { accessToken: string }, url: string, transport = HttpTransportType.WebSockets): Promise<HubConnection> {
  const conn = new HubConnectionBuilder()
    .withUrl(url, { transport, accessTokenFactory: () => who.accessToken })
    .configureLogging(LogLevel.None)
    .build();
  open.push(conn);
  await conn.start();
  return conn;
}

/** Every AnnouncementPublished a connection receives. */
function collect(conn: HubConnection): TAnnouncementSummary[] {
  const got: TAnnouncementSummary[] = [];
  conn.on(ANNOUNCEMENT_HUB_EVENT, (summary: TAnnouncementSummary) => got.push(summary));
  return got;
}

describe.each(TRANSPORTS)('AnnouncementPublished over %s', (_name, transport) => {
  it("reaches every connection of a business's members and followers, and no one else", async () => {
    const biz = await buildStaffedBusiness(ctx.app, 'Hub Bakery');
    const follower = await buildAccount(ctx.app);
    const outsider = await buildAccount(ctx.app);
    await ctx.app.inject({ method: 'PUT', url: `/api/vbc/corporateProfile/${biz.corporateProfileId}/follow`, headers: follower.headers });
    const memberPhone = await connect(biz.member, ctx.hubUrl, transport);
    const memberLaptop = await connect(biz.member, ctx.hubUrl, transport);
    const followerConn = await connect(follower, ctx.hubUrl, transport);
    const outsiderGot = collect(await connect(outsider, ctx.hubUrl, transport));
    const waits = [memberPhone, memberLaptop, followerConn].map((c) => nextCall(c, ANNOUNCEMENT_HUB_EVENT, 10_000));

    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/corporate/${biz.corporateAccountId}/announcements`,
      headers: biz.editor.headers,
      payload: { title: 'Fresh bread at 7' },
    });
    expect(res.statusCode).toBe(201);
    const published = res.json<TAuthoredAnnouncement>();
    for (const [summary] of await Promise.all(waits)) {
      expect(summary).toEqual({
        announcementId: published.announcementId,
        title: 'Fresh bread at 7',
        imageId: null,
        corporateAccountId: biz.corporateAccountId,
        corporateName: 'Hub Bakery',
        publishedAt: published.publishedAt,
        lastUpdatedAt: published.lastUpdatedAt,
      });
    }
    await ctx.app.announcements.idle();
    await sleep(200);
    expect(outsiderGot).toEqual([]);
  });
});

it("pushes a new announcement to the recipients' devices; the notification opens /vbc/announcement/{id}", async () => {
  vapidKey = ctx.app.push.vapidPublicKey;
  const biz = await buildStaffedBusiness(ctx.app, 'Push Bakery');
  const sub = pushService.subscribe();
  const { endpoint, keyP256Dh, keyAuth, expirationTime } = sub;
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/personalAccount/registerPushSubscription',
    headers: biz.member.headers,
    payload: { endpoint, keyP256Dh, keyAuth, expirationTime },
  });
  expect(reg.statusCode, reg.body).toBe(204);
  const outsider = await buildAccount(ctx.app);
  const outsiderSub = pushService.subscribe();
  await ctx.app.inject({
    method: 'POST',
    url: '/api/personalAccount/registerPushSubscription',
    headers: outsider.headers,
    payload: { endpoint: outsiderSub.endpoint, keyP256Dh: outsiderSub.keyP256Dh, keyAuth: outsiderSub.keyAuth, expirationTime: null },
  });

  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/announcements',
    headers: admin,
    payload: { title: 'Closed on Monday', corporateAccountId: biz.corporateAccountId },
  });
  const { announcementId } = res.json<TAuthoredAnnouncement>();
  await ctx.app.announcements.idle();
  await ctx.app.push.idle();
  const pushes = pushService.received.filter((p) => p.endpoint === endpoint);
  expect(pushes.map((p) => p.payload)).toEqual([
    {
      kind: 'announcement',
      title: 'Closed on Monday',
      body: 'From Push Bakery',
      url: `/vbc/announcement/${announcementId}`,
      tag: `announcement-${announcementId}`,
      announcementId,
    },
  ]);
  expect(pushService.received.filter((p) => p.endpoint === outsiderSub.endpoint)).toEqual([]);
});

const databaseUrl = serviceUrl('TEST_DATABASE_URL', 'the two-instance announcement test');
const redisUrl = serviceUrl('TEST_REDIS_URL', 'the two-instance announcement test');

describe.skipIf(!databaseUrl || !redisUrl)('two instances on one PostgreSQL and Redis', () => {
  it('a recipient connected to the other instance gets the event; a non-recipient there does not', async () => {
    const { url, drop } = await createPostgresDatabase();
    const databases: Database[] = [];
    const apps: FastifyInstance[] = [];
    try {
      for (let i = 0; i < 2; i++) databases.push(await openDatabase({ url, dataDir: '', maxConnections: 5 }));
      for (const database of databases) apps.push((await buildTestApp(database, { env: { REDIS_URL: redisUrl!, ADMIN_TOKEN } })).app);
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const urlB = await listenForHub(b);
      const biz = await buildStaffedBusiness(a, 'Scale Bakery');
      const outsider = await buildAccount(a);
      const memberOnB = await connect(biz.member, urlB);
      const outsiderGot = collect(await connect(outsider, urlB));
      const wait = nextCall(memberOnB, ANNOUNCEMENT_HUB_EVENT, 10_000);
      const res = await a.inject({
        method: 'POST',
        url: `/api/corporate/${biz.corporateAccountId}/announcements`,
        headers: biz.owner.headers,
        payload: { title: 'Across instances' },
      });
      expect(res.statusCode).toBe(201);
      expect((await wait)[0]).toMatchObject({
        announcementId: res.json<TAuthoredAnnouncement>().announcementId,
        title: 'Across instances',
      });
      await a.announcements.idle();
      await sleep(200);
      expect(outsiderGot).toEqual([]);
    } finally {
      await Promise.all(open.splice(0).map((c) => c.stop()));
      for (const app of apps) await closeListening(app);
      for (const database of databases) await database.close();
      await drop();
    }
  });
});

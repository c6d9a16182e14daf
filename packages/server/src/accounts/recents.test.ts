import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { TRecents } from '@vbc/shared';
import { describeEachDatabase } from '../test/app.ts';
import { buildCard } from '../test/factories.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import { RECENTS_CAP } from './recents.ts';
import { authHeaders, client, issuedSecrets, registerByEmail } from '../test/accounts-support.ts';
import { leakedSecrets } from '../test/secrets.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const MERGE = '/api/personalAccount/mergeRecentlyViewedVbc';

describeEachDatabase(
  'recently viewed cards',
  (ctx) => {
    const app = () => ctx.app;

    it('merges the device list: newest first, one entry per card with its latest time, unknown ids skipped', async () => {
      const c = client(app);
      const h = authHeaders(await registerByEmail(c, smtp));
      const [a, b, d] = [await buildCard(ctx.app), await buildCard(ctx.app), await buildCard(ctx.app)];
      const t = Date.UTC(2026, 5, 1);
      const merged = await c.post(
        MERGE,
        {
          recents: [
            { id: a.id, time: t + 1000 },
            { id: b.quickId.toUpperCase(), time: new Date(t + 3000).toISOString() },
            { id: a.id, time: t },
            { id: randomUUID(), time: t + 5000 },
            { id: 'not-an-id', time: t + 5000 },
          ],
        },
        h,
      );
      expect(merged.statusCode).toBe(200);
      const body = merged.json() as TRecents;
      expect(body.recents.map((r) => [r.id, r.time])).toEqual([
        [b.id, t + 3000],
        [a.id, t + 1000],
      ]);
      expect(body.recents[0]).toMatchObject({ virtualContactId: b.id, quickId: b.quickId, firstName: 'Ana', lastName: b.lastName });

      // A second device: a newer view of a moves it up, an older view of b keeps b's later time, d is added.
      const second = (
        await c.post(
          MERGE,
          {
            recents: [
              { id: a.id, time: t + 4000 },
              { id: b.id, time: t - 1 },
              { id: d.quickId, time: t + 2000 },
            ],
          },
          h,
        )
      ).json() as TRecents;
      expect(second.recents.map((r) => [r.id, r.time])).toEqual([
        [a.id, t + 4000],
        [b.id, t + 3000],
        [d.id, t + 2000],
      ]);
      expect((await c.get('/api/vbc/recents', h)).json()).toEqual(second);
    });

    it(`keeps at most ${RECENTS_CAP} cards, dropping the oldest; times in the future count as now`, async () => {
      const c = client(app);
      const h = authHeaders(await registerByEmail(c, smtp));
      const cards = [];
      for (let i = 0; i < RECENTS_CAP + 3; i++) cards.push(await buildCard(ctx.app));
      const t = Date.UTC(2026, 0, 1);
      await c.post(MERGE, { recents: cards.map((card, i) => ({ id: card.id, time: t + i * 1000 })) }, h);
      const future = Date.now() + 86_400_000;
      const before = Date.now();
      const { recents } = (await c.post(MERGE, { recents: [{ id: cards[0]!.id, time: future }] }, h)).json() as TRecents;
      expect(recents).toHaveLength(RECENTS_CAP);
      expect(recents[0]!.id).toBe(cards[0]!.id);
      expect(recents[0]!.time).toBeGreaterThanOrEqual(before);
      expect(recents[0]!.time).toBeLessThan(future);
      // cards[1..3] were the oldest once cards[0] became the newest.
      expect(recents.map((r) => r.id)).not.toContain(cards[3]!.id);
      expect(recents.at(-1)!.id).toBe(cards[4]!.id);
    });

    it('needs a signed-in account and a valid body', async () => {
      const c = client(app);
      expect((await c.post(MERGE, { recents: [] })).statusCode).toBe(401);
      expect((await c.get('/api/vbc/recents')).statusCode).toBe(401);
      const h = authHeaders(await registerByEmail(c, smtp));
      const bad = await c.post(MERGE, { recents: [{ id: 'x', time: 'yesterday' }] }, h);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/^recents\.0\.time: must be a time/);
      expect((await c.post(MERGE, { recents: [] }, h)).json()).toEqual({ recents: [] });
    });

    it('the server log holds none of the codes, tokens or session ids issued', () => {
      expect(leakedSecrets(ctx.log.text, issuedSecrets)).toEqual([]);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);

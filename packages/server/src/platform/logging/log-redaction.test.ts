import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/app.ts';
import { buildAccount, buildCard } from '../../test/factories.ts';
import { describeError } from './log-redaction.ts';

const PIN = '2468';

/**
 * Every spelling the server accepts for a secret-bearing parameter: the name percent-encoded
 * (`%61ccessToken` is `accessToken` once parsed), the path in capitals (routes match
 * case-insensitively), the value percent-encoded.
 */
describeEachDatabase(
  'secrets never reach the log, in any spelling the server accepts',
  (ctx) => {
    const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

    it('PIN access tokens, adoption passcodes, hub tokens, bearer tokens and session ids', async () => {
      const secrets: string[] = [];
      const owner = await buildAccount(ctx.app);
      secrets.push(owner.accessToken, owner.sessionId);
      const card = await buildCard(ctx.app, {}, { ownerAccountId: owner.account.id });
      const pinSet = await ctx.app.inject({
        method: 'PUT',
        url: `/api/vbc/virtualcontact/${card.id}/pin`,
        headers: owner.headers,
        payload: { pinCode: PIN },
      });
      expect(pinSet.statusCode).toBe(200);
      const pin = await ctx.app.inject({ method: 'POST', url: `/api/vbc/validatepincode/${card.id}`, payload: { pinCode: PIN } });
      const token = pin.json().accessToken as string;
      secrets.push(token);

      for (const name of ['accessToken', '%61ccessToken', pct('accessToken')]) {
        const res = await ctx.app.inject({ method: 'GET', url: `/ds/vbc/download/i/${card.id}?${name}=${encodeURIComponent(token)}` });
        expect(res.statusCode, name).toBe(200);
      }
      expect((await ctx.app.inject({ method: 'GET', url: `/ds/vbc/download/i/${card.id}?accessToken=${pct(token)}` })).statusCode).toBe(
        200,
      );

      const admin = { authorization: `Bearer ${ctx.app.config.ADMIN_TOKEN}` };
      const minted = (
        await ctx.app.inject({ method: 'POST', url: '/api/admin/cards/mint', headers: admin, payload: { count: 4 } })
      ).json() as { quickId: string; passcode: string }[];
      const adopter = await buildAccount(ctx.app);
      secrets.push(adopter.accessToken, adopter.sessionId);
      const adoptPaths = [
        (c: (typeof minted)[number]) => `/api/vbc/%61dopt/${c.quickId}/${c.passcode}`,
        (c: (typeof minted)[number]) => `/API/VBC/ADOPT/${c.quickId}/${pct(c.passcode)}`,
        (c: (typeof minted)[number]) => `/api/vbc/${pct('adopt')}/${c.quickId}/${c.passcode.toLowerCase()}`,
      ];
      for (const [i, path] of adoptPaths.entries()) {
        const res = await ctx.app.inject({ method: 'GET', url: path(minted[i]!), headers: (await buildAccount(ctx.app)).headers });
        expect(res.statusCode, path(minted[i]!)).toBe(200);
        secrets.push(minted[i]!.passcode, minted[i]!.passcode.toLowerCase());
      }
      // A wrong method for the adoption path matches no route: its URL is not logged at all.
      await ctx.app.inject({ method: 'DELETE', url: `/api/vbc/adopt/${minted[3]!.quickId}/${minted[3]!.passcode}?%61ccessToken=${token}` });
      secrets.push(minted[3]!.passcode);

      const negotiate = await ctx.app.inject({
        method: 'POST',
        url: `/personalHub/negotiate?negotiateVersion=1&%61ccess_token=${adopter.accessToken}`,
      });
      expect(negotiate.statusCode).toBe(200);
      const connectionToken = negotiate.json().connectionToken as string;
      secrets.push(connectionToken);
      const poll = await ctx.app.inject({
        method: 'DELETE',
        url: `/personalHub?%69d=${connectionToken}&${pct('access_token')}=${adopter.accessToken}`,
      });
      // The connection is found by its token (it was negotiated for no transport yet, so DELETE is refused).
      expect(poll.json()).toMatchObject({ code: 'wrong_transport' });

      const text = ctx.log.text;
      expect(text).toContain('"msg":"request seen"');
      expect(text).toContain('[redacted]');
      expect(secrets.filter((s) => text.includes(s))).toEqual([]);
    });

    it('a logged error keeps its SQL text but neither its parameters nor the driver detail', () => {
      const cause = Object.assign(new Error('invalid input syntax for type uuid: "jane@example.test"'), {
        code: '22P02',
        detail: 'Key (email)=(jane@example.test)',
      });
      const failed = Object.assign(new Error('Failed query: insert into accounts (email) values ($1)\nparams: jane@example.test'), {
        query: 'insert into accounts (email) values ($1)',
        params: ['jane@example.test'],
        cause,
      });
      const logged = JSON.stringify(describeError(failed));
      expect(logged).toContain('insert into accounts (email) values ($1)');
      expect(logged).toContain('22P02');
      expect(logged).not.toContain('jane@example.test');
    });
  },
  {
    // Every request logged with its `req`, as the error handler logs a failed one: the serializer is what is under test.
    beforeReady: (app) => app.addHook('onResponse', async (request) => request.log.info({ req: request }, 'request seen')),
  },
);

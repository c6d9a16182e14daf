import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import type { TLoginResult, TPersonalAccount } from '@vbc/shared';
import type { TAuditPage, TInvitation, TMyInvitation } from '@vbc/shared/corporate';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { ADMIN_TOKEN, admin, buildStaffedBusiness } from '../test/announcements-support.ts';
import { authHeaders, client, mailedCode, registerByEmail } from '../test/accounts-support.ts';
import { mailParts } from '../test/leads-support.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

type Headers = Record<string, string>;

describeEachDatabase(
  'auto-join: invitees of a verified domain join at sign-in (issue 27)',
  (ctx) => {
    const app = () => ctx.app;
    const unique = () => randomBytes(4).toString('hex');
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
      ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

    /** A business with a domain the operator vouched for. */
    async function verifiedBusiness(name = `Harbour ${unique()}`) {
      const biz = await buildStaffedBusiness(ctx.app, name);
      const domain = `d-${unique()}.example`;
      const vouched = await inject('PUT', `/api/admin/corporates/${biz.corporateAccountId}/domains/${domain}`, admin, { verified: true });
      expect(vouched.statusCode, vouched.body).toBe(200);
      return { ...biz, name, domain };
    }
    const invite = (id: string, headers: Headers, body: Record<string, unknown>) =>
      inject('POST', `/api/corporate/${id}/invitations`, headers, body);
    const importCsv = (id: string, headers: Headers, rows: string[]) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${id}/members/import?dryRun=false`,
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: ['name,email,phone,jobTitle,department', ...rows].join('\n'),
      });
    const audit = async (id: string, headers: Headers) =>
      (await inject('GET', `/api/corporate/${id}/audit`, headers)).json<TAuditPage>().items;
    const members = async (id: string, headers: Headers) =>
      (await inject('GET', `/api/corporate/${id}/members`, headers)).json<{ accountId: string; role: string }[]>();
    const pendingFor = async (headers: Headers) =>
      (await inject('GET', '/api/personalAccount/invitations', headers)).json<TMyInvitation[]>();
    const consoleList = async (id: string, headers: Headers) =>
      (await inject('GET', `/api/corporate/${id}/invitations`, headers)).json<TInvitation[]>();
    const myAccount = async (headers: Headers) => (await inject('GET', '/api/personalAccount/myAccount', headers)).json<TPersonalAccount>();
    const textOf = (raw: string) => mailParts(raw).find((p) => p.headers['content-type']?.startsWith('text/plain'))!.body;

    /** Signs an existing account in by one-time code (RequestVerifyOtp, VerifyEmail), as the sign-in window does. */
    async function signInByCode(email: string): Promise<TLoginResult> {
      const c = client(app);
      expect((await c.post('/api/personalaccount/RequestVerifyOtp', { email })).statusCode).toBe(200);
      const verified = await c.post('/api/personalaccount/VerifyEmail', { email, otp: await mailedCode(smtp, email) });
      expect(verified.statusCode, verified.body).toBe(200);
      const { login } = verified.json<{ login?: TLoginResult }>();
      if (!login) throw new Error(`VerifyEmail signed nobody in for ${email}`);
      return login;
    }

    it('an imported invitee of a verified domain joins at their first sign-in: card from the row, no invitation to accept, audited; a second sign-in joins nothing twice', async () => {
      const biz = await verifiedBusiness('Harbour & Co');
      const ana = `ana-${unique()}@${biz.domain}`;
      const imported = await importCsv(biz.corporateAccountId, biz.owner.headers, [`Ana Maria Reyes,${ana},09171234567,Engineer,Platform`]);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toMatchObject({ valid: 1, invited: 1, joined: 0 });
      await ctx.app.corporate.invitationMailer.idle();
      // The e-mail says they are on the team, with no accept link.
      const mail = (await smtp.latestTo(ana))!;
      expect(mail.raw).toMatch(/^Subject: You are on the Harbour & Co team on /m);
      const text = textOf(mail.raw);
      expect(text).toContain('Harbour & Co added you to its team');
      expect(text).toContain(`Sign in with this e-mail address (${ana})`);
      expect(text).toMatch(/^Open: https:\/\/cards\.example\/vbc\/\r?$/m);
      expect(text).not.toContain('Accept');

      const login = await registerByEmail(client(app), smtp, 'Ana Maria Reyes', ana);
      // The registration's answer already shows the card the invitation made, linked to the business.
      expect(login.account.virtualContacts).toHaveLength(1);
      const cardId = login.account.virtualContacts[0]!.virtualContactId;
      const card = (await inject('GET', `/api/vbc/virtualcontact/${cardId}`, {})).json();
      expect(card).toMatchObject({
        firstName: 'Ana',
        lastName: 'Maria Reyes',
        jobTitle: 'Engineer, Platform',
        corporateProfileId: biz.corporateProfileId,
      });
      const headers = authHeaders(login);
      expect(await pendingFor(headers)).toEqual([]);
      expect(await consoleList(biz.corporateAccountId, biz.owner.headers)).toEqual([]);
      expect(await members(biz.corporateAccountId, biz.owner.headers)).toContainEqual(
        expect.objectContaining({ accountId: login.account.accountId, role: 'member' }),
      );
      const entries = await audit(biz.corporateAccountId, biz.owner.headers);
      expect(entries[0]).toMatchObject({
        action: 'member.auto_joined',
        actorAccountId: login.account.accountId,
        detail: { accountId: login.account.accountId, email: ana, role: 'member', virtualContactId: cardId },
      });

      // Signing in again: the same one membership, card and audit entry.
      const again = await signInByCode(ana);
      expect(again.account.virtualContacts.map((c) => c.virtualContactId)).toEqual([cardId]);
      expect(
        (await members(biz.corporateAccountId, biz.owner.headers)).filter((m) => m.accountId === login.account.accountId),
      ).toHaveLength(1);
      expect((await audit(biz.corporateAccountId, biz.owner.headers)).filter((e) => e.action === 'member.auto_joined')).toHaveLength(1);
    });

    it('an invitation made before the domain was verified: the invitee joins at their next sign-in by code, with the invited role', async () => {
      const biz = await buildStaffedBusiness(ctx.app, `Later ${unique()}`);
      const domain = `late-${unique()}.example`;
      const person = await buildAccount(ctx.app, { email: `lee-${unique()}@${domain}` });
      const created = await invite(biz.corporateAccountId, biz.owner.headers, { email: person.account.email, role: 'editor' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ role: 'editor', joined: false });
      expect((await pendingFor(person.headers)).map((i) => i.corporateAccountId)).toEqual([biz.corporateAccountId]);

      await inject('PUT', `/api/admin/corporates/${biz.corporateAccountId}/domains/${domain}`, admin, { verified: true });
      const login = await signInByCode(person.account.email!);
      expect(login.account.accountId).toBe(person.account.id);
      expect(await pendingFor(authHeaders(login))).toEqual([]);
      expect(await members(biz.corporateAccountId, biz.owner.headers)).toContainEqual(
        expect.objectContaining({ accountId: person.account.id, role: 'editor' }),
      );
      // An editor reaches the console menu.
      const businesses = (await inject('GET', '/api/personalAccount/businesses', authHeaders(login))).json();
      expect(businesses).toEqual([expect.objectContaining({ corporateAccountId: biz.corporateAccountId, role: 'editor' })]);
    });

    it('two sign-ins at once join once: one membership, one card, one audit entry', async () => {
      const biz = await buildStaffedBusiness(ctx.app, `Twice ${unique()}`);
      const domain = `twice-${unique()}.example`;
      const person = await buildAccount(ctx.app, { email: `tw-${unique()}@${domain}` });
      const imported = await importCsv(biz.corporateAccountId, biz.owner.headers, [`Tia Twice,${person.account.email},09171234567,,`]);
      expect(imported.json()).toMatchObject({ invited: 1, joined: 0 });
      await inject('PUT', `/api/admin/corporates/${biz.corporateAccountId}/domains/${domain}`, admin, { verified: true });

      const [first, second] = await Promise.all([
        ctx.app.corporate.joinVerifiedInvitations(person.account.id),
        ctx.app.corporate.joinVerifiedInvitations(person.account.id),
      ]);
      expect([...first!, ...second!]).toHaveLength(1);
      expect((await myAccount(person.headers)).virtualContacts).toHaveLength(1);
      expect((await members(biz.corporateAccountId, biz.owner.headers)).filter((m) => m.accountId === person.account.id)).toHaveLength(1);
      expect((await audit(biz.corporateAccountId, biz.owner.headers)).filter((e) => e.action === 'member.auto_joined')).toHaveLength(1);
    });

    it('no auto-join where the inviting business has not verified the domain: of two businesses inviting one address, only the verifier is joined', async () => {
      const verifier = await verifiedBusiness();
      const other = await buildStaffedBusiness(ctx.app, `Partner ${unique()}`);
      // The other business claims the domain too, but cannot verify it (it is another's).
      const added = await inject('POST', `/api/corporate/${other.corporateAccountId}/domains`, other.owner.headers, {
        domain: verifier.domain,
      });
      expect(added.statusCode).toBe(201);
      const email = `bo-${unique()}@${verifier.domain}`;
      const elsewhere = await invite(other.corporateAccountId, other.owner.headers, { email, role: 'admin' });
      expect(elsewhere.statusCode).toBe(201);
      expect((await invite(verifier.corporateAccountId, verifier.owner.headers, { email, role: 'editor' })).statusCode).toBe(201);

      const login = await registerByEmail(client(app), smtp, 'Bo Santos', email);
      const headers = authHeaders(login);
      expect(await members(verifier.corporateAccountId, verifier.owner.headers)).toContainEqual(
        expect.objectContaining({ accountId: login.account.accountId, role: 'editor' }),
      );
      // The other business's invitation still waits for the invitee's click, and then works as before.
      const waiting = await pendingFor(headers);
      expect(waiting.map((i) => [i.corporateAccountId, i.role])).toEqual([[other.corporateAccountId, 'admin']]);
      expect((await members(other.corporateAccountId, other.owner.headers)).map((m) => m.accountId)).not.toContain(login.account.accountId);
      const accepted = await inject('POST', `/api/personalAccount/invitations/${waiting[0]!.invitationId}/accept`, headers);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({ corporateAccountId: other.corporateAccountId, role: 'admin', virtualContactId: null });
      expect((await audit(other.corporateAccountId, other.owner.headers)).map((e) => e.action)).toEqual([
        'invitation.accepted',
        'invitation.created',
        'domain.added',
      ]);
      expect(await pendingFor(headers)).toEqual([]);
    });

    it('an account that exists when invited joins at once, from the console and from an import; an unverified domain keeps the invitation pending', async () => {
      const biz = await verifiedBusiness();
      const cara = await buildAccount(ctx.app, { email: `cara-${unique()}@${biz.domain}` });
      const created = await invite(biz.corporateAccountId, biz.owner.headers, { email: cara.account.email, role: 'editor' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ email: cara.account.email, role: 'editor', joined: true });
      expect(await consoleList(biz.corporateAccountId, biz.owner.headers)).toEqual([]);
      expect(await members(biz.corporateAccountId, biz.owner.headers)).toContainEqual(
        expect.objectContaining({ accountId: cara.account.id, role: 'editor' }),
      );
      expect(await pendingFor(cara.headers)).toEqual([]);
      const [joinedEntry, createdEntry] = await audit(biz.corporateAccountId, biz.owner.headers);
      expect(createdEntry).toMatchObject({ action: 'invitation.created', actorAccountId: biz.owner.account.id });
      expect(joinedEntry).toMatchObject({
        action: 'member.auto_joined',
        actorAccountId: cara.account.id,
        detail: { invitationId: created.json().invitationId, email: cara.account.email, role: 'editor', virtualContactId: null },
      });

      // An import: the existing account joins now, with its card, and its e-mail says it is on the team.
      const dan = await buildAccount(ctx.app, { email: `dan-${unique()}@${biz.domain}` });
      const outsider = `eve-${unique()}@example.test`;
      const imported = await importCsv(biz.corporateAccountId, biz.owner.headers, [
        `Dan Dela Cruz,${dan.account.email},09171234567,Sales,`,
        `Eve Unverified,${outsider},09181234567,,`,
      ]);
      expect(imported.json()).toMatchObject({ valid: 2, invited: 2, joined: 1 });
      await ctx.app.corporate.invitationMailer.idle();
      const danCards = (await myAccount(dan.headers)).virtualContacts;
      expect(danCards).toHaveLength(1);
      expect((await inject('GET', `/api/vbc/virtualcontact/${danCards[0]!.virtualContactId}`, {})).json()).toMatchObject({
        firstName: 'Dan',
        jobTitle: 'Sales',
        corporateProfileId: biz.corporateProfileId,
      });
      expect((await smtp.latestTo(dan.account.email!))!.raw).toMatch(/^Subject: You are on the .* team on /m);
      // The address outside the business's verified domains is invited as before: pending, with an accept link.
      const pending = await consoleList(biz.corporateAccountId, biz.owner.headers);
      expect(pending.map((i) => [i.email, i.mailStatus, i.joined])).toEqual([[outsider, 'sent', false]]);
      expect(textOf((await smtp.latestTo(outsider))!.raw)).toContain(
        `Accept: https://cards.example/vbc/directories?invitation=${pending[0]!.invitationId}`,
      );
      const stranger = await buildAccount(ctx.app);
      const unverified = await invite(biz.corporateAccountId, biz.owner.headers, { email: stranger.account.email });
      expect(unverified.json()).toMatchObject({ joined: false });
      expect((await pendingFor(stranger.headers)).map((i) => i.invitationId)).toEqual([unverified.json().invitationId]);
    });
  },
  { env: { ADMIN_TOKEN, SMTP_URL: smtp.url, MAIL_FROM: 'cards@vbc.test', PUBLIC_URL: 'https://cards.example' } },
);

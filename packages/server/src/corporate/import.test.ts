import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import type { TInvitation } from '@vbc/shared/corporate';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { ADMIN_TOKEN, buildStaffedBusiness } from '../test/announcements-support.ts';
import { mailParts } from '../test/leads-support.ts';
import { startSmtpSink } from '../test/notify-sinks.ts';
import { chooseLanguage } from '../test/accounts-support.ts';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

type Headers = Record<string, string>;
const HEADER = 'name,email,phone,jobTitle,department';

describeEachDatabase(
  'bulk onboarding (CSV import)',
  (ctx) => {
    const post = (id: string, csv: string, headers: Headers, query = '?dryRun=true', contentType = 'text/csv') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/corporate/${id}/members/import${query}`,
        headers: { ...headers, 'content-type': contentType },
        payload: csv,
      });
    const invitations = async (id: string, headers: Headers) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/corporate/${id}/invitations`, headers })).json<TInvitation[]>();
    const unique = () => randomUUID().slice(0, 8);

    it('previews each row as valid or with its errors by line number (docs/contracts.md §5), inviting nobody', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const u = unique();
      const csv = [
        HEADER,
        `Ána Réyes,ana-${u}@example.test,09171234567,Engineer,Platform`,
        `Al,not-an-email,0917abc,,`,
        `"Reyes, Ben",ben-${u}@example.test,08171234567,"Sales\r\nlead",`,
        ``,
        `Cara Cruz,ANA-${u}@example.test,0917123,,`,
        `Dan Member,${biz.member.account.email},09171234567,,`,
      ].join('\r\n');
      const res = await post(biz.corporateAccountId, csv, biz.owner.headers, '?dryRun=true', 'text/csv; charset=utf-8');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        valid: 1,
        invalid: 4,
        invited: 0,
        joined: 0,
        rows: [
          { line: 2, email: `ana-${u}@example.test`, status: 'valid', errors: [] },
          {
            line: 3,
            email: 'not-an-email',
            status: 'invalid',
            errors: [
              { field: 'name', message: 'Min 3 characters' },
              { field: 'email', message: 'Invalid email format' },
              { field: 'phone', message: 'Must be numbers.' },
            ],
          },
          { line: 4, email: `ben-${u}@example.test`, status: 'invalid', errors: [{ field: 'phone', message: 'Must start with 09.' }] },
          {
            line: 7,
            email: `ana-${u}@example.test`,
            status: 'invalid',
            errors: [
              { field: 'phone', message: 'Min 9 characters' },
              { field: 'email', message: 'Also on line 2.' },
            ],
          },
          {
            line: 8,
            email: biz.member.account.email,
            status: 'invalid',
            errors: [{ field: 'email', message: 'Already a member of this business.' }],
          },
        ],
      });
      expect(await invitations(biz.corporateAccountId, biz.owner.headers)).toEqual([]);
    });

    it('invites the valid rows by e-mail with an accept link; re-importing keeps the same invitations and sends no second e-mail', async () => {
      const biz = await buildStaffedBusiness(ctx.app, 'Harbour & Co');
      const u = unique();
      const ana = `ana-${u}@example.test`;
      const ben = `ben-${u}@example.test`;
      const csv = [
        'Name, E-mail ,phone,job_title,department,website',
        `Ana Maria Reyes,${ana},09171234567,Engineer,Platform,harbour.test/ana`,
        `Ben Cruz,${ben},09181234567,,,`,
        `x,bad,1,,,`,
      ].join('\n');
      const res = await post(biz.corporateAccountId, csv, biz.owner.headers, '?dryRun=false');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ valid: 2, invalid: 1, invited: 2 });
      await ctx.app.corporate.invitationMailer.idle();
      const list = await invitations(biz.corporateAccountId, biz.owner.headers);
      expect(list.map((i) => [i.email, i.role, i.mailStatus]).sort()).toEqual([
        [ana, 'member', 'sent'],
        [ben, 'member', 'sent'],
      ]);
      const mail = await smtp.latestTo(ana);
      expect(mail).toBeDefined();
      const text = mailParts(mail!.raw).find((p) => p.headers['content-type']?.startsWith('text/plain'))!.body;
      const anaInvitation = list.find((i) => i.email === ana)!;
      expect(mail!.raw).toMatch(/^Subject: Harbour & Co invites you to /m);
      expect(text).toContain('Hello Ana Maria Reyes,');
      expect(text).toContain(`Accept: https://cards.example/vbc/directories?invitation=${anaInvitation.invitationId}`);
      const html = mailParts(mail!.raw).find((p) => p.headers['content-type']?.startsWith('text/html'))!.body;
      expect(html).toContain('Harbour &amp; Co invites you');

      const audit = await ctx.app.inject({
        method: 'GET',
        url: `/api/corporate/${biz.corporateAccountId}/audit`,
        headers: biz.owner.headers,
      });
      expect(audit.json().items[0]).toMatchObject({
        action: 'members.imported',
        actorAccountId: biz.owner.account.id,
        detail: { valid: 2, invalid: 1, mailed: 2 },
      });

      const mailsBefore = smtp.mails.length;
      const again = await post(biz.corporateAccountId, csv, biz.owner.headers, '?dryRun=false');
      expect(again.json()).toMatchObject({ valid: 2, invalid: 1, invited: 2 });
      await ctx.app.corporate.invitationMailer.idle();
      const after = await invitations(biz.corporateAccountId, biz.owner.headers);
      expect(after.map((i) => i.invitationId).sort()).toEqual(list.map((i) => i.invitationId).sort());
      expect(smtp.mails.length).toBe(mailsBefore);

      // Accepting (signed in with that e-mail) makes a member with a card from the row, linked to the business.
      const invitee = await buildAccount(ctx.app, { email: ana });
      const accepted = await ctx.app.inject({
        method: 'POST',
        url: `/api/personalAccount/invitations/${anaInvitation.invitationId}/accept`,
        headers: invitee.headers,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const { virtualContactId } = accepted.json();
      expect(accepted.json()).toMatchObject({
        corporateAccountId: biz.corporateAccountId,
        role: 'member',
        virtualContactId: expect.any(String),
      });
      const card = (await ctx.app.inject({ method: 'GET', url: `/api/vbc/virtualcontact/${virtualContactId}` })).json();
      expect(card).toMatchObject({
        firstName: 'Ana',
        lastName: 'Maria Reyes',
        jobTitle: 'Engineer, Platform',
        organization: 'Harbour & Co',
        isCorporateProfile: true,
        corporateProfileId: biz.corporateProfileId,
        emails: [expect.objectContaining({ email: ana })],
        phones: [expect.objectContaining({ phoneNumber: '09171234567' })],
        links: [expect.objectContaining({ linkUrl: 'harbour.test/ana' })],
      });
      const members = await ctx.app.inject({
        method: 'GET',
        url: `/api/corporate/${biz.corporateAccountId}/members`,
        headers: biz.owner.headers,
      });
      expect(members.json().map((m: { accountId: string }) => m.accountId)).toContain(invitee.account.id);
    });

    it("writes each invitation in its invitee's account language, else in the importing admin's (issue 31)", async () => {
      const biz = await buildStaffedBusiness(ctx.app, 'Casa & Sol');
      const u = unique();
      const invitee = await buildAccount(ctx.app, { name: 'Lucía Gómez', email: `lucia-${u}@example.test` });
      await chooseLanguage(ctx.app, invitee, 'es');
      const stranger = `marco-${u}@example.test`;
      const csv = [HEADER, `Lucía Gómez,LUCIA-${u}@example.test,09171234567,,`, `Marco Reyes,${stranger},09181234567,,`].join('\n');
      // The admin's browser reads Filipino: the invitee with no account gets that.
      const res = await post(biz.corporateAccountId, csv, { ...biz.owner.headers, 'accept-language': 'fil-PH,fil;q=0.9' }, '?dryRun=false');
      expect(res.statusCode, res.body).toBe(200);
      await ctx.app.corporate.invitationMailer.idle();

      const spanish = await PostalMime.parse((await smtp.latestTo(invitee.account.email!))!.raw);
      expect(spanish.subject).toBe('Casa & Sol te invita a V.B.C.');
      expect(spanish.text).toContain('Hola, Lucía Gómez:');
      expect(spanish.text).toContain('Casa & Sol te invita a unirte a su equipo en V.B.C.');
      expect(spanish.text).toMatch(/Aceptar: https:\/\/cards\.example\/vbc\/directories\?invitation=[\w-]+/);
      expect(spanish.html).toContain('<html lang="es" dir="ltr">');
      expect(spanish.html).toContain('Casa &amp; Sol te invita');
      expect(spanish.html).toContain('>Aceptar la invitación</a>');

      const filipino = await PostalMime.parse((await smtp.latestTo(stranger))!.raw);
      expect(filipino.subject).toBe('Iniimbitahan ka ng Casa & Sol sa V.B.C.');
      expect(filipino.text).toContain('Kumusta Marco Reyes,');
    });

    it('marks an invitation whose e-mail the mail server refuses as failed, and queues it again on the next import', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const email = `refused-${unique()}@example.test`;
      const csv = `${HEADER}\nRita Refused,${email},09171234567,,\n`;
      smtp.refuse = true;
      try {
        expect((await post(biz.corporateAccountId, csv, biz.owner.headers, '?dryRun=false')).statusCode).toBe(200);
        await ctx.app.corporate.invitationMailer.idle();
      } finally {
        smtp.refuse = false;
      }
      expect((await invitations(biz.corporateAccountId, biz.owner.headers)).map((i) => i.mailStatus)).toEqual(['failed']);
      expect(ctx.log.text).not.toContain(email);
      expect((await post(biz.corporateAccountId, csv, biz.owner.headers, '?dryRun=false')).statusCode).toBe(200);
      await ctx.app.corporate.invitationMailer.idle();
      expect((await invitations(biz.corporateAccountId, biz.owner.headers)).map((i) => i.mailStatus)).toEqual(['sent']);
      expect(await smtp.latestTo(email)).toBeDefined();
    });

    it('refuses a file it cannot take whole, naming csv: bad header, unknown column, not CSV, empty, too many rows, too many bytes, not text/csv', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const id = biz.corporateAccountId;
      const expectRefusal = async (res: Awaited<ReturnType<typeof post>>, status: number, message: RegExp) => {
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toMatch(message);
      };
      await expectRefusal(
        await post(id, 'name,email\nAna Reyes,a@b.test', biz.owner.headers),
        400,
        /^csv: the header lacks phone, jobTitle, department/,
      );
      await expectRefusal(await post(id, `${HEADER},shoeSize\n`, biz.owner.headers), 400, /^csv: unknown column "shoeSize"/);
      await expectRefusal(await post(id, `${HEADER}\n"Ana,a@b.test`, biz.owner.headers), 400, /^csv: not a CSV file/);
      await expectRefusal(await post(id, '', biz.owner.headers), 400, /^csv: the file is empty/);
      await expectRefusal(await post(id, `${HEADER},name\n`, biz.owner.headers), 400, /^csv: the column name appears twice/);
      const rows = Array.from({ length: 5001 }, (_, i) => `Person ${i},p${i}@example.test,09171234567,,`);
      await expectRefusal(await post(id, [HEADER, ...rows].join('\n'), biz.owner.headers), 413, /^csv: at most 5,000 rows/);
      const big = `${HEADER}\n${`Ana Reyes,a@b.test,09171234567,${'x'.repeat(140)},\n`.repeat(40_000)}`;
      expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
      await expectRefusal(await post(id, big, biz.owner.headers), 413, /^csv: at most 5 MB/);
      await expectRefusal(
        await post(id, JSON.stringify({ csv: HEADER }), biz.owner.headers, '?dryRun=true', 'application/json'),
        415,
        /text\/csv/,
      );
      await expectRefusal(await post(id, `${HEADER}\n`, biz.owner.headers, ''), 400, /dryRun/);
      await expectRefusal(await post(id, `${HEADER}\n`, biz.owner.headers, '?dryRun=yes'), 400, /dryRun must be true or false/);
      expect(await invitations(id, biz.owner.headers)).toEqual([]);
    });

    it('answers only admins: 401 signed out, 400 for a malformed id, 404 to outsiders and for an unknown business, 403 to editors and members', async () => {
      const biz = await buildStaffedBusiness(ctx.app);
      const outsider = await buildAccount(ctx.app);
      const csv = `${HEADER}\nAna Reyes,ana-${unique()}@example.test,09171234567,,\n`;
      expect((await post(biz.corporateAccountId, csv, {}, '?dryRun=false')).statusCode).toBe(401);
      const malformed = await post('acme', csv, biz.owner.headers, '?dryRun=false');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/corporateAccountId/);
      expect((await post(biz.corporateAccountId, csv, outsider.headers, '?dryRun=false')).statusCode).toBe(404);
      expect((await post(randomUUID(), csv, biz.owner.headers, '?dryRun=false')).statusCode).toBe(404);
      for (const who of [biz.editor, biz.member]) {
        const res = await post(biz.corporateAccountId, csv, who.headers, '?dryRun=false');
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toMatch(/admin role/);
      }
      expect(await invitations(biz.corporateAccountId, biz.owner.headers)).toEqual([]);
    });
  },
  { env: { ADMIN_TOKEN, SMTP_URL: smtp.url, MAIL_FROM: 'cards@vbc.test', PUBLIC_URL: 'https://cards.example' } },
);

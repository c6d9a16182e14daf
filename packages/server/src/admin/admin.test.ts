import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { describeEachDatabase } from '../test/app.ts';
import { buildAccount } from '../test/factories.ts';
import { corporateAccountMembers, virtualContacts } from '../platform/db/schema/index.ts';
import { adminTokenMatches, resolveAdminToken } from './admin-token.ts';
import { runCli, type CliIo } from './cli.ts';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdefghijklmnop';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('admin token', () => {
  it('comes from ADMIN_TOKEN, else is made once into DATA_DIR/admin-token (0600) and printed once', () => {
    expect(resolveAdminToken({ ADMIN_TOKEN, DATA_DIR: '/nonexistent' })).toBe(ADMIN_TOKEN);
    expect(resolveAdminToken({ ADMIN_TOKEN: undefined, DATA_DIR: 'memory://' })).toBeNull();

    const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-admin-'));
    const printed: string[] = [];
    const first = resolveAdminToken({ ADMIN_TOKEN: undefined, DATA_DIR: dataDir }, (l) => printed.push(l))!;
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(printed.join('')).toContain(first);
    const file = path.join(dataDir, 'admin-token');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    const second = resolveAdminToken({ ADMIN_TOKEN: undefined, DATA_DIR: dataDir }, (l) => printed.push(l));
    expect(second).toBe(first);
    expect(printed).toHaveLength(1);

    expect(adminTokenMatches(first, first)).toBe(true);
    expect(adminTokenMatches(`${first}x`, first)).toBe(false);
    expect(adminTokenMatches('', first)).toBe(false);
  });
});

describeEachDatabase(
  'operators',
  (ctx) => {
    const post = (url: string, payload: object, headers: Record<string, string> = admin) =>
      ctx.app.inject({ method: 'POST', url, headers, payload });

    it('creates a corporate account with its verified profile and members, for operators only', async () => {
      const body = { name: 'Acme Testing', members: ['ana@acme.test', '0917 555 0188'], verified: true };
      expect((await post('/api/admin/corporates', body, {})).statusCode).toBe(401);
      expect((await post('/api/admin/corporates', body, { authorization: 'Bearer nope' })).statusCode).toBe(403);

      const existing = await buildAccount(ctx.app, { email: `boss-${Date.now()}@acme.test` });
      const created = await post('/api/admin/corporates', { ...body, members: [...body.members, existing.account.email!.toUpperCase()] });
      expect(created.statusCode).toBe(201);
      const result = created.json();
      expect(result).toMatchObject({ corporateAccountId: expect.any(String), corporateProfileId: expect.any(String) });
      expect(result.members).toEqual([
        { accountId: expect.any(String), email: 'ana@acme.test', phoneNumber: null, created: true },
        { accountId: expect.any(String), email: null, phoneNumber: '09175550188', created: true },
        { accountId: existing.account.id, email: existing.account.email, phoneNumber: null, created: false },
      ]);
      const members = await ctx.app.db
        .select()
        .from(corporateAccountMembers)
        .where(eq(corporateAccountMembers.corporateAccountId, result.corporateAccountId));
      expect(members).toHaveLength(3);
      const roleOf = (accountId: string) => members.find((m) => m.accountId === accountId)?.role;
      expect(result.members.map((m: { accountId: string }) => roleOf(m.accountId))).toEqual(['admin', 'member', 'member']);
      const profile = await ctx.app.inject({ method: 'GET', url: `/api/vbc/corporateProfile/${result.corporateProfileId}` });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().name).toBe('Acme Testing');

      const bad = await post('/api/admin/corporates', { name: 'X', members: ['not a member'], verified: false });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/members\.0: "not a member" is neither an e-mail address nor a phone number/);
    });

    it('mints cards from the command line, as CSV, JSON and a printable QR sheet, through the running server', async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const out: string[] = [];
      const err: string[] = [];
      const workDir = mkdtempSync(path.join(tmpdir(), 'vbc-cli-'));
      const io = (env: Record<string, string | undefined> = { ADMIN_TOKEN }): CliIo => ({
        env: { ...env, INIT_CWD: workDir },
        out: (t) => out.push(t),
        err: (t) => err.push(t),
        cwd: workDir,
      });

      expect(await runCli(['mint-cards', '--count', '2', '--format', 'csv', '--design', 'simple', '--url', address], io())).toBe(0);
      const [header, ...lines] = out.join('').trim().split('\r\n');
      expect(header).toBe('virtualContactId,quickId,passcode,url');
      expect(lines).toHaveLength(2);
      const [id, quickId, passcode, url] = lines[0]!.split(',');
      expect(url).toBe(`http://localhost:8080/ds/vbc/i/${quickId}`);
      const [row] = await ctx.app.db.select().from(virtualContacts).where(eq(virtualContacts.id, id!));
      expect(row).toMatchObject({ quickId, ownerAccountId: null });
      expect(row!.designSpecification.design.designation).toBe('simple');
      // The printed passcode adopts the card.
      const ana = await buildAccount(ctx.app);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/vbc/adopt/${quickId}/${passcode}`, headers: ana.headers })).statusCode).toBe(
        200,
      );

      out.length = 0;
      expect(await runCli(['mint-cards', '--count', '1', '--format', 'json', '--sheet', 'sheet.png', '--url', address], io())).toBe(0);
      const [minted] = JSON.parse(out.join(''));
      expect(minted).toMatchObject({
        virtualContactId: expect.any(String),
        quickId: expect.any(String),
        passcode: expect.stringMatching(/^[0-9A-Z]{8}$/),
      });
      const sheet = path.join(workDir, 'sheet.png');
      expect(err.join('')).toContain(sheet);
      const { data, info } = await sharp(sheet)
        .extract({ left: 60, top: 60, width: 373, height: 400 })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(minted.url);

      out.length = 0;
      expect(
        await runCli(['create-corporate', '--name', 'Beta Co', '--member', 'ceo@beta.test', '--verified', '--url', address], io()),
      ).toBe(0);
      expect(out.join('')).toMatch(/corporateAccountId {2}[0-9a-f-]{36}\ncorporateProfileId {2}[0-9a-f-]{36}\nmember {14}ceo@beta\.test/);

      // A lost passcode is replaced: the old one stops working, the new one adopts.
      out.length = 0;
      expect(await runCli(['new-passcode', '--card', minted.quickId, '--format', 'json', '--url', address], io())).toBe(0);
      const [renewed] = JSON.parse(out.join(''));
      expect(renewed.passcode).not.toBe(minted.passcode);
      const ben = await buildAccount(ctx.app);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/vbc/adopt/${minted.quickId}/${minted.passcode}`, headers: ben.headers }))
          .statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/vbc/adopt/${minted.quickId}/${renewed.passcode}`, headers: ben.headers }))
          .statusCode,
      ).toBe(200);
      err.length = 0;
      expect(await runCli(['new-passcode', '--card', minted.quickId, '--url', address], io())).toBe(1);
      expect(err.join('')).toMatch(/refused \(409\): This card is not waiting to be adopted/);

      err.length = 0;
      expect(await runCli(['mint-cards', '--count', '1', '--url', address], io({ ADMIN_TOKEN: `${ADMIN_TOKEN}x` }))).toBe(1);
      expect(err.join('')).toMatch(/refused \(403\)/);
      expect(await runCli(['mint-cards', '--count', '1', '--url', address], io({ DATA_DIR: path.join(workDir, 'none') }))).toBe(2);
      expect(err.join('')).toMatch(/No admin token/);
      expect(await runCli(['mint-cards', '--count', '5000', '--url', address], io())).toBe(2);
      expect(await runCli(['fly'], io())).toBe(2);
      expect(await runCli(['mint-cards', '--count', '1', '--url', 'http://127.0.0.1:9'], io())).toBe(1);
      expect(err.join('')).toMatch(/Cannot reach the server/);
    });
  },
  { env: { ADMIN_TOKEN } },
);

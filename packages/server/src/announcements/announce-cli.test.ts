/** `npm run admin -- announce …` against a running server: markdown file, header picture, attachments. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { TAnnouncement } from '@vbc/shared/announcement';
import { runCli, type CliIo } from '../admin/cli.ts';
import { useListeningApp } from '../test/conversations-support.ts';
import { buildAccount } from '../test/factories.ts';
import { makePicture } from '../test/upload.ts';
import { ADMIN_TOKEN, PDF, buildStaffedBusiness } from '../test/announcements-support.ts';

const ctx = useListeningApp({ ADMIN_TOKEN });

it('announces from the command line, product-wide or for a business, with a picture and documents', async () => {
  const base = ctx.hubUrl.replace(/\/personalHub$/, '');
  const workDir = mkdtempSync(path.join(tmpdir(), 'vbc-announce-'));
  writeFileSync(path.join(workDir, 'notes.md'), '# Hello\n\nWe are **open** late.');
  writeFileSync(path.join(workDir, 'header.png'), await makePicture('png'));
  writeFileSync(path.join(workDir, 'menu.pdf'), PDF);
  writeFileSync(path.join(workDir, 'page.html'), '<html><script>alert(1)</script></html>');
  const out: string[] = [];
  const err: string[] = [];
  const io = (env: Record<string, string | undefined> = { ADMIN_TOKEN }): CliIo => ({
    env: { ...env, INIT_CWD: workDir },
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    cwd: workDir,
  });
  const ana = await buildAccount(ctx.app);
  const biz = await buildStaffedBusiness(ctx.app, 'CLI Bakery');

  expect(
    await runCli(
      ['announce', '--title', 'Open late', '--content-file', 'notes.md', '--image', 'header.png', '--attach', 'menu.pdf', '--url', base],
      io(),
    ),
  ).toBe(0);
  const id = /announcementId {2}([0-9a-f-]{36})/.exec(out.join(''))![1]!;
  const got = (await ctx.app.inject({ url: `/api/personalAccount/announcement/${id}`, headers: ana.headers })).json<TAnnouncement>();
  expect(got).toMatchObject({
    title: 'Open late',
    content: '# Hello\n\nWe are **open** late.',
    corporateName: null,
    imageId: expect.any(String),
    attachments: [{ name: 'menu.pdf', contentType: 'application/pdf' }],
  });

  out.length = 0;
  expect(
    await runCli(
      [
        'announce',
        '--title',
        'Members only',
        '--content-file',
        'notes.md',
        '--corporate',
        biz.corporateAccountId,
        '--format',
        'json',
        '--url',
        base,
      ],
      io(),
    ),
  ).toBe(0);
  const mine = JSON.parse(out.join(''));
  expect(mine).toMatchObject({ corporateName: 'CLI Bakery', recipientCount: 3 });
  expect((await ctx.app.inject({ url: `/api/personalAccount/announcement/${mine.announcementId}`, headers: ana.headers })).statusCode).toBe(
    404,
  );
  expect(
    (await ctx.app.inject({ url: `/api/personalAccount/announcement/${mine.announcementId}`, headers: biz.member.headers })).statusCode,
  ).toBe(200);

  // Refusals: missing options (2), unreadable files (2), files judged by their bytes and unknown businesses (1, the server's words).
  expect(await runCli(['announce', '--content-file', 'notes.md', '--url', base], io())).toBe(2);
  expect(err.join('')).toMatch(/--title is required/);
  expect(await runCli(['announce', '--title', 'x', '--url', base], io())).toBe(2);
  expect(err.join('')).toMatch(/--content-file is required/);
  expect(await runCli(['announce', '--title', 'x', '--content-file', 'missing.md', '--url', base], io())).toBe(2);
  expect(err.join('')).toMatch(/--content-file: cannot read missing\.md/);
  expect(await runCli(['announce', '--title', 'x', '--content-file', 'notes.md', '--attach', 'page.html', '--url', base], io())).toBe(1);
  expect(err.join('')).toMatch(/refused \(415\)/);
  expect(await runCli(['announce', '--title', 'x', '--content-file', 'notes.md', '--corporate', 'acme', '--url', base], io())).toBe(1);
  expect(err.join('')).toMatch(/refused \(400\): .*corporateAccountId/);
});

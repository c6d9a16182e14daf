import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ServerProcess } from '../../test/server-process.ts';

describe('the log of a started server (stdout not a terminal)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vbc-log-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is JSON lines only, one per request with its id; the admin token and demo banner go to the terminal (stderr)', async () => {
    const port = await freePort();
    const server = new ServerProcess({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'true' });
    try {
      await server.waitForStdout(/Server listening/, 120_000);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-request-id': 'from-the-test-1' } });
      expect(res.headers.get('x-request-id')).toBe('from-the-test-1');
      await server.waitForStdout(/from-the-test-1/);
    } finally {
      await server.stop();
    }
    const adminToken = readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim();
    expect(server.stderr).toContain(`Admin token (shown once; also in ${path.join(dataDir, 'admin-token')}): ${adminToken}`);
    expect(server.stderr).toContain('Demo cards created (shown once):');
    expect(server.stdout).not.toContain(adminToken);
    expect(server.stdout).not.toContain('Demo cards');

    const lines = server.stdout.split('\n').filter(Boolean);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.filter((l) => l.reqId === 'from-the-test-1')).toEqual([
      expect.objectContaining({ level: 30, msg: 'request completed', method: 'GET', route: '/healthz', status: 200 }),
    ]);
  }, 180_000);
});

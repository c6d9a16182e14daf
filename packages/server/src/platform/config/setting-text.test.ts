import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './config.ts';
import { pemSetting, settingText } from './setting-text.ts';

const dir = mkdtempSync(join(tmpdir(), 'vbc-setting-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PEM = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n';

describe('settings that carry a key, a certificate or a document', () => {
  it('take PEM inline, with its line breaks written as \\n on one line, or from the file the value names', () => {
    expect(pemSetting('APNS_KEY', PEM)).toBe(PEM);
    expect(pemSetting('APNS_KEY', PEM.replace(/\n/g, '\\n'))).toBe(PEM);
    const file = join(dir, 'key.p8');
    writeFileSync(file, PEM);
    expect(pemSetting('APNS_KEY', file)).toBe(PEM);
  });

  it('take JSON inline when it looks like JSON, else from the file', () => {
    const json = '{"client_email":"a@b.c"}';
    const isJson = (text: string) => text.startsWith('{');
    expect(settingText('GOOGLE_WALLET_SERVICE_ACCOUNT', json, isJson)).toBe(json);
    const file = join(dir, 'account.json');
    writeFileSync(file, json);
    expect(settingText('GOOGLE_WALLET_SERVICE_ACCOUNT', file, isJson)).toBe(json);
  });

  it('refuse an unreadable path with a ConfigError naming the setting and the reason', () => {
    const missing = join(dir, 'nowhere.pem');
    expect(() => pemSetting('APPLE_PASS_CERT', missing)).toThrow(ConfigError);
    expect(() => pemSetting('APPLE_PASS_CERT', missing)).toThrow('APPLE_PASS_CERT: neither inline text nor a readable file (ENOENT)');
  });
});

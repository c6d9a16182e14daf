import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults for npm start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:8080', DATA_DIR: './data', SMS_PROVIDER: 'log' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(loadConfig({ PORT: '9090' }).PUBLIC_URL).toBe('http://localhost:9090');
    expect(loadConfig({ PUBLIC_URL: 'https://vbc.example/' }).PUBLIC_URL).toBe('https://vbc.example');
  });

  const failure = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return String(error);
    }
    throw new Error('expected the configuration to be refused');
  };

  it('names every bad variable', () => {
    const message = failure({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    expect(message).toMatch(/PORT: /);
    expect(message).toMatch(/DATABASE_URL: must be a URL starting with postgres:/);
    expect(failure({ SMS_PROVIDER: 'http' })).toMatch(/SMS_URL: is required when SMS_PROVIDER=http/);
    expect(failure({ ADMIN_TOKEN: 'short' })).toMatch(/ADMIN_TOKEN: must be at least 32 characters/);
  });

  it('refuses to start the server on a bad value, naming it', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const result = spawnSync(tsx, [main], { env: { ...process.env, PORT: '-3', LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PORT: ');
  });
});

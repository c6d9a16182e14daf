import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { freePort, ServerProcess } from '../../test/server-process.ts';

describe('configuration', () => {
  it('has working defaults for npm start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:8080', DATA_DIR: './data' });
    expect(config.SMS_PROVIDER).toBeUndefined();
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
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,proxy.local', '::1/129', '1.2.3.4/255.0.0.0/8']) {
      expect(failure({ TRUST_PROXY: bad })).toMatch(/^ConfigError: Invalid configuration: TRUST_PROXY: must be true, false, a hop count/);
    }
  });

  it('with NODE_ENV=production, wants a real channel for codes by e-mail and by text message (issue 9 #6)', () => {
    const sms = { SMS_PROVIDER: 'http', SMS_URL: 'https://sms.example/send' };
    expect(failure({ NODE_ENV: 'production', ...sms })).toMatch(
      /^ConfigError: Invalid configuration: SMTP_URL: is required with NODE_ENV=production/,
    );
    expect(failure({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example' })).toMatch(
      /^ConfigError: Invalid configuration: SMS_PROVIDER: must be http \(with SMS_URL\) with NODE_ENV=production/,
    );
    expect(failure({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example', SMS_PROVIDER: 'log' })).toMatch(/SMS_PROVIDER: must be http/);
    const neither = failure({ NODE_ENV: 'production' });
    expect(neither).toMatch(/SMTP_URL: is required/);
    expect(neither).toMatch(/SMS_PROVIDER: must be http/);
    expect(neither).not.toMatch(/\n/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example', ...sms })).not.toThrow();
    // Outside production the development channel stays available (and SMS_PROVIDER may be left empty, as .env.example has it).
    expect(() => loadConfig({ SMS_PROVIDER: '' })).not.toThrow();
  });

  it('accepts every TRUST_PROXY form the proxy check understands', () => {
    for (const good of [
      'true',
      'false',
      '2',
      '127.0.0.1',
      '10.0.0.0/8, 192.168.0.0/255.255.0.0',
      '::1/128,fd00::/8',
      'loopback,uniquelocal',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: good })).not.toThrow();
    }
  });

  /** Starts the real entry with `env` and expects it to stop at once with exit code 78 and one line on stderr. */
  async function refusesToStart(env: Record<string, string>, line: RegExp) {
    const server = new ServerProcess({ DATA_DIR: 'memory://', PORT: String(await freePort()), ADMIN_TOKEN: 'a'.repeat(40), ...env });
    expect(await server.exited).toBe(78);
    const lines = server.stderr.split('\n').filter((l) => l.trim() && !/^npm warn/.test(l));
    expect(lines).toEqual([expect.stringMatching(line)]);
    expect(server.stderr).not.toMatch(/^\s+at /m);
  }

  it('refuses to start the server on a bad value, naming it', async () => {
    await refusesToStart({ PORT: '-3' }, /^Invalid configuration: PORT: /);
  }, 120_000);

  it('refuses to start in production without a real channel for phone codes, with one line naming the variable', async () => {
    await refusesToStart(
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' },
      /^Invalid configuration: SMS_PROVIDER: must be http \(with SMS_URL\) with NODE_ENV=production/,
    );
  }, 120_000);

  it('refuses a bad TRUST_PROXY at start with one line naming it, not a stack trace', async () => {
    await refusesToStart({ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY: must be/);
  }, 120_000);

  it('refuses an unreachable REDIS_URL at start with one line naming it', async () => {
    const port = await freePort();
    await refusesToStart(
      { REDIS_URL: `redis://:secret-pw@127.0.0.1:${port}` },
      new RegExp(`^REDIS_URL: cannot reach Redis at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)$`),
    );
  }, 120_000);

  it('refuses an unreachable DATABASE_URL at start with one line naming it', async () => {
    const port = await freePort();
    await refusesToStart(
      { DATABASE_URL: `postgres://u:secret-pw@127.0.0.1:${port}/x` },
      new RegExp(`^DATABASE_URL: cannot use PostgreSQL at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)$`),
    );
  }, 120_000);
});

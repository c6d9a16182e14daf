import { isIP } from 'node:net';
import { z } from 'zod';
import { chooseChannels } from '../notify/channels.ts';

/** One TRUST_PROXY entry as proxy-addr accepts it: an address, a CIDR, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d+$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4; // a netmask such as 255.255.0.0
}

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const url = (protocols: string[]) =>
  optional.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    `must be a URL starting with ${protocols.join(' or ')}//`,
  );

/** Every setting of docs/contracts.md §D7, parsed once at start. `.env.example` lists the same names. */
export const ZConfig = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Base of share links and QR codes; unset: http://localhost:{PORT}. */
    PUBLIC_URL: optional
      .refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), 'must be an http(s) URL')
      .transform((v) => v?.replace(/\/+$/, '')),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    REDIS_URL: url(['redis:', 'rediss:']),
    /**
     * Longest wait for PostgreSQL on a request: a connection, or one query's answer. Past it the
     * connection is dropped and the request answers 503 (a silent network cut is noticed in this time).
     */
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
    /** Longest wait for one Redis command, and for any answer on a Redis connection before it is taken for dead and rebuilt. */
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
    SMTP_URL: url(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().default('V.B.C. <no-reply@vbc.local>'),
    /** http, or log (chosen explicitly: codes by text message go to the log); unset: no SMS (log only when nothing at all is configured, see notify/channels.ts). */
    SMS_PROVIDER: optional.pipe(z.enum(['log', 'http']).optional()),
    SMS_URL: url(['http:', 'https:']),
    SMS_TOKEN: optional,
    VAPID_PUBLIC_KEY: optional,
    VAPID_PRIVATE_KEY: optional,
    VAPID_SUBJECT: z
      .string()
      .default('mailto:admin@vbc.local')
      .refine((v) => /^(mailto:|https:\/\/)/.test(v), 'must start with mailto: or https://'),
    /** APNs provider token auth (iOS wrapper push): the .p8 key as PEM text or a file path, its id, the team, the app's bundle id. */
    APNS_KEY: optional,
    APNS_KEY_ID: optional,
    APNS_TEAM_ID: optional,
    APNS_TOPIC: optional,
    /** APNs provider API origin; unset: Apple's production host. */
    APNS_URL: url(['https:']),
    /**
     * Tests only: every outbound call (push endpoints, webhooks) may go to loopback, plain
     * http://127.0.0.1 too. Refused with NODE_ENV=production. After parsing it is also true when
     * its older alias PUSH_ALLOW_INSECURE_ENDPOINTS is.
     */
    ALLOW_INSECURE_OUTBOUND: bool.default(false),
    /** The older name of ALLOW_INSECURE_OUTBOUND (either enables both push and webhooks). */
    PUSH_ALLOW_INSECURE_ENDPOINTS: bool.default(false),
    /**
     * Webhook retry delays after each failed attempt, comma-separated milliseconds (each with up to
     * 20 % jitter); past the last one the delivery is given up. Shorter only in tests.
     */
    WEBHOOK_RETRY_SCHEDULE_MS: z
      .string()
      .default('5000,300000,1800000,7200000,18000000,36000000')
      .refine(
        (v) => v.split(',').every((d) => /^\s*\d+\s*$/.test(d) && Number(d) <= 7 * 24 * 3_600_000),
        'must be comma-separated milliseconds',
      )
      .transform((v) => v.split(',').map((d) => Number(d.trim()))),
    /**
     * How long an instance holds a webhook delivery it claimed: past it (the instance died
     * mid-delivery) another instance retries it. Longer than the 10 s a delivery may take.
     */
    WEBHOOK_CLAIM_LEASE_MS: z.coerce.number().int().min(15_000).max(3_600_000).default(60_000),
    /** A new message is pushed when its recipient has not seen it within this many milliseconds. */
    PUSH_MESSAGE_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
    NODE_ENV: optional,
    APPLE_PASS_TYPE_ID: optional,
    APPLE_TEAM_ID: optional,
    APPLE_PASS_CERT: optional,
    APPLE_PASS_KEY: optional,
    APPLE_WWDR_CERT: optional,
    /** Passphrase of APPLE_PASS_KEY when it is encrypted. */
    APPLE_PASS_KEY_PASSPHRASE: optional,
    GOOGLE_WALLET_ISSUER_ID: optional,
    GOOGLE_WALLET_SERVICE_ACCOUNT: optional,
    ADMIN_TOKEN: optional.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
    SEED_DEMO: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** A public read answered from memory is logged one time in this many (1: every one); see plugins/request-log.ts. */
    LOG_CACHED_READS_SAMPLE: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /** Origins besides PUBLIC_URL's that may open the hub (comma-separated), e.g. the iOS wrapper's. */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /**
     * Which proxies' X-Forwarded-For to believe for the client address (rate
     * limits, PIN lock-outs): false (default: the socket peer), true (any — only
     * behind a proxy that overwrites the header), a hop count, or a list of
     * addresses/CIDRs such as "127.0.0.1,10.0.0.0/8".
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .refine(
        (v) =>
          /^(true|false|\d+)$/.test(v.trim()) ||
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .every(isProxyAddress),
        'must be true, false, a hop count, or comma-separated addresses/CIDRs (e.g. "127.0.0.1,10.0.0.0/8") or loopback/linklocal/uniquelocal',
      )
      .transform((v): boolean | string[] | ((address: string, hop: number) => boolean) => {
        const t = v.trim();
        if (t === 'true' || t === 'false') return t === 'true';
        if (/^\d+$/.test(t)) return (_address, hop) => hop < Number(t);
        return t
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      }),
    /** S3-compatible bucket for uploaded files (needed by several instances); unset: files in DATA_DIR/files. */
    S3_BUCKET: optional,
    /** The bucket service's URL (MinIO, R2…); unset: AWS S3 of S3_REGION. */
    S3_ENDPOINT: url(['http:', 'https:']),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Credentials; unset: the AWS SDK's own chain (environment, instance role). */
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    /** Path-style URLs (endpoint/bucket/key), as MinIO and most self-hosted servers need. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Longest wait for one bucket request (a connection: at most 2 s of it); past it the request answers 503. */
    S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** Bearer token `GET /metrics` requires; unset: the metrics are open (keep /metrics off the public network then). */
    METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
    /** Most hub connections one account may hold on one instance; the next negotiate is refused with 429. */
    HUB_MAX_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(50),
    /**
     * Milliseconds a stopping instance keeps serving with /readyz at 503 before it stops accepting
     * connections, so a load balancer's health check takes it out first (docs/deployment.md).
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** Milliseconds between flushes of batched view/download counts. */
    STATS_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  })
  .superRefine((c, ctx) => {
    if (c.SMS_PROVIDER === 'http' && !c.SMS_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_URL'], message: 'is required when SMS_PROVIDER=http' });
    }
    if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (c.NODE_ENV === 'production') {
      // One-time codes must reach people: the log channel is for development only.
      const channels = chooseChannels(c);
      if (channels.mail !== 'smtp') {
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'is required with NODE_ENV=production (codes by e-mail would otherwise only be written to the log)',
        });
      }
      if (channels.sms !== 'http') {
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message:
            'must be http (with SMS_URL) with NODE_ENV=production (codes by text message would otherwise only be written to the log)',
        });
      }
    }
    for (const name of ['ALLOW_INSECURE_OUTBOUND', 'PUSH_ALLOW_INSECURE_ENDPOINTS'] as const) {
      if (c[name] && c.NODE_ENV === 'production') {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is a test switch and is refused with NODE_ENV=production' });
      }
    }
    if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'set both VAPID keys, or neither (then a pair is generated once)',
      });
    }
    const apns = { APNS_KEY: c.APNS_KEY, APNS_KEY_ID: c.APNS_KEY_ID, APNS_TEAM_ID: c.APNS_TEAM_ID, APNS_TOPIC: c.APNS_TOPIC };
    if (Object.values(apns).some(Boolean)) {
      for (const [name, value] of Object.entries(apns)) {
        if (!value) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when any APNS_ setting is set (iOS push)' });
      }
    }
    const apple = {
      APPLE_PASS_TYPE_ID: c.APPLE_PASS_TYPE_ID,
      APPLE_TEAM_ID: c.APPLE_TEAM_ID,
      APPLE_PASS_CERT: c.APPLE_PASS_CERT,
      APPLE_PASS_KEY: c.APPLE_PASS_KEY,
      APPLE_WWDR_CERT: c.APPLE_WWDR_CERT,
    };
    if (Object.values(apple).some(Boolean)) {
      for (const [name, value] of Object.entries(apple)) {
        if (!value)
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when any APPLE_ wallet setting is set (Apple Wallet)' });
      }
    }
    if (Boolean(c.GOOGLE_WALLET_ISSUER_ID) !== Boolean(c.GOOGLE_WALLET_SERVICE_ACCOUNT)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.GOOGLE_WALLET_ISSUER_ID ? 'GOOGLE_WALLET_SERVICE_ACCOUNT' : 'GOOGLE_WALLET_ISSUER_ID'],
        message: 'set GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT together (Google Wallet)',
      });
    }
  })
  .transform((c) => ({
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    ALLOW_INSECURE_OUTBOUND: c.ALLOW_INSECURE_OUTBOUND || c.PUSH_ALLOW_INSECURE_ENDPOINTS,
  }));

export type Config = z.infer<typeof ZConfig>;

/** A setting that cannot be used: the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZConfig.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

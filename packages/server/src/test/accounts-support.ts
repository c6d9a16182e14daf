/** Helpers for the account API tests: a client per IP, unique contacts, codes read from the real sinks. */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TLoginResult, TPersonalAccount } from '@vbc/shared';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { codeIn, type SmsSink, type SmtpSink } from './notify-sinks.ts';
import { toE164 } from '../platform/notify/phone.ts';

export const uniqueEmail = (): string => `u-${randomBytes(5).toString('hex')}@example.test`;
export const uniquePhone = (): string => `09${String(randomInt(0, 1e9)).padStart(9, '0')}`;
/** A random client address, so per-IP limits of one test never touch another. */
export const randomIp = (): string => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Every secret a test was handed: the log must contain none of them. */
export const issuedSecrets: string[] = [];
const remember = (...values: (string | undefined)[]) => values.forEach((v) => v && issuedSecrets.push(v));

export interface TClient {
  ip: string;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Requests as one client (one IP); login results it receives are remembered as secrets. */
export function client(app: () => FastifyInstance, ip = randomIp()): TClient {
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app().inject({
      method,
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body === undefined ? '' : JSON.stringify(body),
    });
    if (response.headers['content-type']?.toString().startsWith('application/json') && response.body) {
      const json = response.json() as { accessToken?: string; sessionId?: string; login?: TLoginResult };
      remember(json?.accessToken, json?.sessionId, json?.login?.accessToken, json?.login?.sessionId);
    }
    return response;
  };
  return {
    ip,
    post: (url, body, headers) => send('POST', url, body, headers),
    get: (url, headers) => send('GET', url, undefined, headers),
    put: (url, body, headers) => send('PUT', url, body, headers),
  };
}

/** The code in the newest mail to `email` (read from the SMTP sink). */
export async function mailedCode(smtp: SmtpSink, email: string): Promise<string> {
  const code = codeIn((await smtp.latestTo(email))?.raw);
  if (!code) throw new Error(`no code was mailed to ${email}`);
  remember(code);
  return code;
}

/** The code in the newest text message to a 09… number (read from the SMS sink). */
export function textedCode(sms: SmsSink, phoneNumber: string): string {
  const code = codeIn(sms.latestTo(toE164(phoneNumber)!)?.body.message);
  if (!code) throw new Error(`no code was texted to ${phoneNumber}`);
  remember(code);
  return code;
}

/** A wrong code for `code` (same length, different digits). */
export const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Bearer and session headers of a login result. */
export const authHeaders = (login: Pick<TLoginResult, 'accessToken' | 'sessionId'>): Record<string, string> => ({
  authorization: `Bearer ${login.accessToken}`,
  'x-session-id': login.sessionId,
});

/** Registers a new e-mail account through the API, as the sign-in window does. */
export async function registerByEmail(
  c: TClient,
  smtp: SmtpSink,
  name = 'Ana Cruz',
  email = uniqueEmail(),
): Promise<TLoginResult & { email: string }> {
  const requested = await c.post('/api/personalaccount/RequestVerifyOtp', { email });
  if (requested.statusCode !== 200) throw new Error(`RequestVerifyOtp: ${requested.statusCode} ${requested.body}`);
  const otp = await mailedCode(smtp, email);
  const verified = await c.post('/api/personalaccount/VerifyEmail', { email, otp });
  if (verified.statusCode !== 200) throw new Error(`VerifyEmail: ${verified.statusCode} ${verified.body}`);
  const registered = await c.post('/api/personalaccount/RegisterAppAccount', { name, email, emailVerificationCode: otp });
  if (registered.statusCode !== 200) throw new Error(`RegisterAppAccount: ${registered.statusCode} ${registered.body}`);
  return { ...(registered.json() as TLoginResult), email };
}

/** Moves the app's clock: `advance(ms)` shifts every later reading. */
export function controlClock(app: FastifyInstance): { advance(ms: number): void } {
  let offset = 0;
  app.clock.now = () => new Date(Date.now() + offset);
  return { advance: (ms) => void (offset += ms) };
}

/** PUT /api/personalAccount/language as `who` (issue 31): the account it answers, or a throw naming the refusal. */
export async function chooseLanguage(
  app: FastifyInstance,
  who: { headers: Record<string, string> },
  language: TLocale | null,
): Promise<TPersonalAccount> {
  const res = await app.inject({ method: 'PUT', url: '/api/personalAccount/language', headers: who.headers, payload: { language } });
  if (res.statusCode !== 200) throw new Error(`language ${language}: ${res.statusCode} ${res.body}`);
  return res.json<TPersonalAccount>();
}

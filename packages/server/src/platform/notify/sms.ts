import { DeliveryError, type SmsProvider, type TLog } from './types.ts';

/**
 * Generic HTTP SMS provider: POST SMS_URL with JSON `{to, message}` and
 * `Authorization: Bearer SMS_TOKEN`; any 2xx answer is success.
 */
export function createHttpSmsProvider(url: string, token: string | undefined, timeoutMs = 10_000): SmsProvider {
  return {
    kind: 'http',
    async send(toE164: string, text: string) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ to: toE164, message: text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new DeliveryError(`SMS provider unreachable (${(error as Error).name})`);
      }
      await response.body?.cancel().catch(() => {});
      if (!response.ok) throw new DeliveryError(`SMS provider answered ${response.status}`);
    },
  };
}

/** Development channel for SMS (SMS_PROVIDER=log): the text goes to the server log, clearly marked. */
export function createLogSmsProvider(log: TLog): SmsProvider {
  return {
    kind: 'log',
    async send(toE164: string, text: string) {
      log.warn(
        { channel: 'development', medium: 'sms', to: toE164, message: text },
        'DEVELOPMENT CHANNEL: text message written to the log because SMS_PROVIDER=log',
      );
    },
  };
}

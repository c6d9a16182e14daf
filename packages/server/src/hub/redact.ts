import { redactedQueryUrl } from '../platform/logging/log-redaction.ts';

/**
 * A hub URL fit for logs: the query rebuilt from its parsed parameters, with the access token and
 * the connection token (`id`) redacted however their names were spelled (`%61ccess_token`).
 */
export function redactAccessToken(url: string): string {
  return redactedQueryUrl(url, '/personalHub');
}

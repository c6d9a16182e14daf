/**
 * The secrets that appear in `log`. A numeric one (a 6-digit code) counts only
 * as a number of its own: timestamps and durations in the log are full of
 * digit runs that would otherwise match by chance.
 */
export function leakedSecrets(log: string, secrets: Iterable<string>): string[] {
  return [...secrets].filter((secret) =>
    /^\d+$/.test(secret) ? new RegExp(`(?<![\\d.])${secret}(?![\\d.])`).test(log) : log.includes(secret),
  );
}

/**
 * The URL of a real service a test needs (TEST_DATABASE_URL, TEST_REDIS_URL).
 * On a laptop without it the caller skips, and this says so; in CI a missing
 * service is an error, never a silent skip.
 */
export function serviceUrl(name: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL', what: string): string | undefined {
  const url = process.env[name];
  if (url) return url;
  if (process.env.CI) throw new Error(`${name} must be set in CI, where ${what} may not be skipped.`);
  const notice = `${name} is not set: ${what} SKIPPED here (CI runs them).`;
  if (!warned.has(notice)) console.warn(notice);
  warned.add(notice);
  return undefined;
}
const warned = new Set<string>();

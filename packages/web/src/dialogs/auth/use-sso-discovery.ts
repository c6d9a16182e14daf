import { useQuery } from '@tanstack/react-query';
import { ZAccountEmail } from '@vbc/shared/account';
import { discoverSso } from '../../api/sso.ts';
import { queryKeys } from '../../api/query-keys.ts';

/**
 * The single sign-on of the typed e-mail's business (issue 27), asked once per domain while the
 * address is a valid one: `{business, href}` for "Continue with {business} SSO", else null. The
 * href comes back to this page (`returnTo`) signed in.
 */
export function useSsoDiscovery(email: string, enabled: boolean): { business: string; href: string } | null {
  const parsed = ZAccountEmail.safeParse(email);
  const address = parsed.success ? parsed.data : null;
  const domain = address ? address.slice(address.lastIndexOf('@') + 1) : '';
  const query = useQuery({
    queryKey: queryKeys.sso.discover(domain),
    queryFn: () => discoverSso(`sso@${domain}`),
    enabled: enabled && address !== null,
    staleTime: 60_000,
  });
  if (!enabled || !address || !query.data) return null;
  const url = new URL(query.data.ssoUrl, window.location.origin);
  url.searchParams.set('email', address);
  url.searchParams.set('returnTo', window.location.pathname + window.location.search);
  return { business: query.data.business, href: url.pathname + url.search };
}

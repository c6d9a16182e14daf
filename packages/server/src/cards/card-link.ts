import { linkHref } from '@vbc/shared';
import { notFound } from '../platform/errors/app-error.ts';
import { isUnadopted, type ContactRow } from './present-card.ts';

/**
 * Where the counting redirect `/ds/vbc/l/{contactId}/{n}` sends a visitor (issue 29): the address of
 * the card's own `n`-th link (0 is the first, in the card's order), as the card page links it. Nothing
 * else: a number past the card's links, a blank link, an unadopted card or a link that is not http(s)
 * is a 404, so the redirect can never be pointed at an address the card does not show.
 */
export function cardLinkTarget(row: Pick<ContactRow, 'links' | 'ownerAccountId' | 'passcodeHash'>, n: number): string {
  const link = isUnadopted(row) ? undefined : row.links[n];
  const href = link ? linkHref(link.linkUrl) : '';
  if (!/^https?:\/\//i.test(href)) throw notFound('link');
  return href;
}

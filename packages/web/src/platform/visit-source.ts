/**
 * Where this visit came from (issue 29): the card page's `s=` (a share surface's tag), carried into
 * the view count, the "Contact Download" link and clicks on the card's links. The page itself is
 * rendered and cached without it (the server keeps one page per card), so links get the tag at the
 * moment they are followed: a click (or middle click) on a marked link sets its address first.
 */
import { VISIT_SOURCE_PARAM, visitSourceOf, withVisitSource, type TVisitSource } from '@vbc/shared/visit-source';

/** On a link whose address should carry the page's tag when followed ("Contact Download"). */
export const TAGGED_LINK_ATTRIBUTE = 'data-visit-source';
/**
 * On a link of the card: its counting redirect (`/ds/vbc/l/{contactId}/{n}`). Followed, the link
 * goes through it (with the page's tag); its `href` stays the real address for readers and parsers.
 */
export const COUNTED_LINK_ATTRIBUTE = 'data-counted-href';

/** The page's tag, when its address has a known one. */
export function pageSource(): TVisitSource | null {
  return visitSourceOf(new URLSearchParams(window.location.search).get(VISIT_SOURCE_PARAM));
}

function onFollow(event: MouseEvent) {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(`a[${COUNTED_LINK_ATTRIBUTE}], a[${TAGGED_LINK_ATTRIBUTE}]`);
  if (!link) return;
  const counted = link.getAttribute(COUNTED_LINK_ATTRIBUTE);
  if (counted) {
    const real = link.dataset.realHref ?? link.getAttribute('href') ?? '';
    link.dataset.realHref = real;
    link.setAttribute('href', withVisitSource(counted, pageSource()));
    // The link shows its real address again once the click has been dispatched (and followed).
    setTimeout(() => link.setAttribute('href', real), 0);
    return;
  }
  const href = link.getAttribute('href');
  if (href) link.setAttribute('href', withVisitSource(href, pageSource()));
}

/** How many holders want links tagged (the boot script until the app is there, the card screen). */
let holders = 0;

/** Tags links as they are followed, until the returned function is called. */
export function tagFollowedLinks(): () => void {
  if (holders++ === 0) {
    document.addEventListener('click', onFollow, true);
    document.addEventListener('auxclick', onFollow, true);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders > 0) return;
    document.removeEventListener('click', onFollow, true);
    document.removeEventListener('auxclick', onFollow, true);
  };
}

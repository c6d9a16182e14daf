/**
 * Where a visit came from (issue 29 "Where visits come from"): every share surface tags the card's
 * link with `s=` one of these, the page carries it into its view count, its download and its link
 * clicks, and the owner's chart splits each day by it. A visit with no (or an unknown) tag is `direct`.
 */
export const VISIT_SOURCES = ['qr', 'nfc', 'link', 'wallet', 'sig', 'bg'] as const;
/** A tag a share surface puts on its link. */
export type TVisitSource = (typeof VISIT_SOURCES)[number];
/** What the counts are split by: a tag, or `direct` for a visit without one. */
export type TCountedSource = TVisitSource | 'direct';
/** Every key of a day's split, in the chart's order. */
export const COUNTED_SOURCES: readonly TCountedSource[] = ['direct', ...VISIT_SOURCES];
/** The query parameter that carries the tag. */
export const VISIT_SOURCE_PARAM = 's';

/** The tag when `value` is one, else null (a hand-typed or foreign `s=` is not a tag). */
export function visitSourceOf(value: unknown): TVisitSource | null {
  return typeof value === 'string' && (VISIT_SOURCES as readonly string[]).includes(value) ? (value as TVisitSource) : null;
}

/** `url` with `s={source}` added (or replaced); no source gives `url` as it is. */
export function withVisitSource(url: string, source: TVisitSource | null | undefined): string {
  if (!source) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const [path, query = ''] = base.split('?', 2) as [string, string?];
  const kept = query.split('&').filter((p) => p && !p.startsWith(`${VISIT_SOURCE_PARAM}=`) && p !== VISIT_SOURCE_PARAM);
  return `${path}?${[...kept, `${VISIT_SOURCE_PARAM}=${source}`].join('&')}${fragment}`;
}

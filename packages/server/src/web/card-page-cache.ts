import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A server-rendered card page, as sent: the HTML and its compressed forms. */
export interface TCardPageBody {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

const MAX_ENTRIES = 500;

/**
 * Rendered card pages by what they were rendered from (the URL and the card as presented), so a
 * card opened again (a shared link, a QR code at an event) costs neither React nor compression:
 * the same input gives the same page. A card that changes presents differently and so misses.
 * Insertion order makes the Map a cheap LRU.
 */
export class CardPageCache {
  private entries = new Map<string, Promise<TCardPageBody | null>>();

  /**
   * The page for `url` (with anything else it is rendered by, such as its language) showing `card`
   * (any JSON-serialisable input), rendered by `render` on a miss; null if rendering failed (not cached).
   */
  get(url: string, card: unknown, render: () => Promise<string | null>): Promise<TCardPageBody | null> {
    const key = createHash('sha256').update(url).update('\0').update(JSON.stringify(card)).digest('base64url');
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = render().then(async (html) => (html === null ? null : compressPage(html)));
    this.entries.set(key, pending);
    void pending.then(
      (body) => body === null && this.entries.get(key) === pending && this.entries.delete(key),
      () => this.entries.delete(key),
    );
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return pending;
  }
}

/**
 * What a card or pet page is rendered from and cached by: its path, and `?pin=` (the only query
 * the page reads). Anything else a link carries (?fbclid=, ?utm_…) would render the same page
 * again and push real ones out of the cache.
 */
export function renderedUrl(requested: string): string {
  const url = new URL(requested, 'http://page');
  const pin = url.searchParams.get('pin');
  return pin === null ? url.pathname : `${url.pathname}?pin=${encodeURIComponent(pin)}`;
}

/** Brotli (quality 9: small enough for one round trip on a slow network, a few ms to make) and gzip, once per page. */
async function compressPage(html: string): Promise<TCardPageBody> {
  const source = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  return { html, br, gzip: gz };
}

/** The encoding to send for an Accept-Encoding header: br, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

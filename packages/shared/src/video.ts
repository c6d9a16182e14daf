import { linkHref } from './links.ts';

/**
 * A card's video (`videos[]`) as a card shows it (issue 30): a YouTube or Vimeo address becomes a
 * privacy-friendly player that loads only when the visitor presses play (youtube-nocookie.com,
 * Vimeo with `dnt=1`); anything else stays a plain link.
 */
export type TVideoEmbed = {
  provider: 'YouTube' | 'Vimeo';
  /** The player's address, loaded in an iframe after the press (autoplays, since the press was the play). */
  embedUrl: string;
};

/** The origins the players load from: the page's CSP `frame-src` lists exactly these. */
export const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** The WHATWG URL parser every runtime of this package has (it is built without DOM or Node types). */
interface TUrl {
  protocol: string;
  hostname: string;
  pathname: string;
  searchParams: { get(name: string): string | null };
}
const { URL } = globalThis as unknown as { URL: new (href: string) => TUrl };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = /^(?:www\.|m\.|music\.)?(?:youtube\.com|youtube-nocookie\.com)$/;

/** A start time (`t=90`, `t=1m30s`, `start=90`) in whole seconds, when there is one. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!parts) return null;
  const [, h = '0', m = '0', s = '0'] = parts;
  const total = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return total > 0 ? total : null;
}

function youtubeId(url: TUrl): string | null {
  const host = url.hostname.toLowerCase();
  const path = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host === 'youtu.be') id = path[0] ?? null;
  else if (YOUTUBE_HOSTS.test(host)) {
    if (path[0] === 'watch') id = url.searchParams.get('v');
    else if (path[0] && ['embed', 'shorts', 'live', 'v'].includes(path[0])) id = path[1] ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

function vimeo(url: TUrl): { id: string; hash: string | null } | null {
  const host = url.hostname.toLowerCase();
  const path = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com')
    return path[0] === 'video' && /^\d+$/.test(path[1] ?? '') ? { id: path[1]!, hash: url.searchParams.get('h') } : null;
  if (host !== 'vimeo.com' && host !== 'www.vimeo.com') return null;
  // vimeo.com/{id}, vimeo.com/{id}/{hash} (an unlisted video), vimeo.com/channels/{name}/{id}, …/video/{id}
  const at = path.findIndex((p: string) => /^\d+$/.test(p));
  if (at < 0) return null;
  const hash = path[at + 1] && /^[0-9a-f]{6,}$/i.test(path[at + 1]!) ? path[at + 1]! : null;
  return { id: path[at]!, hash };
}

/** The player for a YouTube or Vimeo address; null for any other address (shown as a link). */
export function videoEmbed(videoUrl: string): TVideoEmbed | null {
  let url: TUrl;
  try {
    url = new URL(linkHref(videoUrl));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const yt = youtubeId(url);
  if (yt) {
    const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    return { provider: 'YouTube', embedUrl: `${VIDEO_PLAYER_ORIGINS[0]}/embed/${yt}?autoplay=1&rel=0${start ? `&start=${start}` : ''}` };
  }
  const vm = vimeo(url);
  if (vm) {
    // The id is digits and the hash hexadecimal: nothing to escape.
    return { provider: 'Vimeo', embedUrl: `${VIDEO_PLAYER_ORIGINS[1]}/video/${vm.id}?autoplay=1&dnt=1${vm.hash ? `&h=${vm.hash}` : ''}` };
  }
  return null;
}

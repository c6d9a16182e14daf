import { describe, expect, it } from 'vitest';
import { SOCIAL_MEDIA_TYPES, type TSocialMediaType } from './contact.ts';
import {
  cardShareUrl,
  emailLabel,
  facebookShareUrl,
  linkHref,
  mailtoHref,
  mapsUrl,
  petShareUrl,
  SHARE_TARGETS,
  shareTargetUrl,
  socialUrl,
  telHref,
} from './links.ts';

/** A scheme a browser would run as script, whatever the case or leading junk. */
const SCRIPT_SCHEME = /^\s*(?:javascript|data|vbscript):/i;

describe('linkHref (docs/contracts.md §5: links without a leading http get http://)', () => {
  it('keeps http and https links as they are', () => {
    expect(linkHref('https://example.com/a?b=c#d')).toBe('https://example.com/a?b=c#d');
    expect(linkHref('http://example.com')).toBe('http://example.com');
    expect(linkHref('HTTPS://Example.com')).toBe('HTTPS://Example.com');
  });

  it('prepends http:// to bare hosts', () => {
    expect(linkHref('example.com')).toBe('http://example.com');
    expect(linkHref('www.example.com/path')).toBe('http://www.example.com/path');
    expect(linkHref('  example.com  ')).toBe('http://example.com');
    expect(linkHref('//example.com')).toBe('http://example.com');
    // "httpbin.org" starts with the letters http but is a host, not a URL.
    expect(linkHref('httpbin.org')).toBe('http://httpbin.org');
  });

  it('keeps mailto: and tel:', () => {
    expect(linkHref('mailto:ana@example.com')).toBe('mailto:ana@example.com');
    expect(linkHref('tel:+15551234')).toBe('tel:+15551234');
  });

  it('never returns a script URL: other schemes are read as a host', () => {
    expect(linkHref('javascript:alert(1)')).toBe('http://javascript:alert(1)');
    for (const evil of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' \tjavascript:alert(1)',
      '\u0001javascript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      const href = linkHref(evil);
      expect(href, evil).toMatch(/^http:\/\//);
      expect(href, evil).not.toMatch(SCRIPT_SCHEME);
      // eslint-disable-next-line no-control-regex -- asserting no control character is left
      expect(href, evil).not.toMatch(/[\s\u0000-\u001f]/);
    }
  });

  it('percent-encodes whitespace inside and keeps unicode', () => {
    expect(linkHref('example.com/my page')).toBe('http://example.com/my%20page');
    expect(linkHref('https://example.com/a\nb')).toBe('https://example.com/a%0Ab');
    expect(linkHref('https://例え.jp/パス')).toBe('https://例え.jp/パス');
  });

  it('gives an empty string for a blank link', () => {
    expect(linkHref('   ')).toBe('');
  });
});

describe('socialUrl', () => {
  const entry = (socialMediaType: TSocialMediaType, accountId: string | null, extra = {}) => ({
    socialMediaType,
    accountId,
    urlOverride: null,
    useUrlOverride: false,
    ...extra,
  });

  const expected: Record<TSocialMediaType, [id: string, url: string]> = {
    Facebook: ['ana.lopez', 'https://www.facebook.com/ana.lopez'],
    Messenger: ['ana.lopez', 'https://m.me/ana.lopez'],
    Twitter: ['@ana_lopez', 'https://twitter.com/ana_lopez'],
    Instagram: ['ana.lopez', 'https://www.instagram.com/ana.lopez'],
    LinkedIn: ['ana-lopez-123', 'https://www.linkedin.com/in/ana-lopez-123'],
    Viber: ['+63 917 123 4567', 'viber://chat?number=%2B639171234567'],
    Whatsapp: ['+63 (917) 123-4567', 'https://wa.me/639171234567'],
    WeChat: ['ana_wx', 'weixin://dl/chat?ana_wx'],
    Telegram: ['@analopez', 'https://t.me/analopez'],
    Youtube: ['analopez', 'https://www.youtube.com/@analopez'],
    TikTok: ['@ana.lopez', 'https://www.tiktok.com/@ana.lopez'],
    Line: ['@ana', 'https://line.me/R/ti/p/@ana'],
  };

  it.each(SOCIAL_MEDIA_TYPES.map((t) => [t, ...expected[t]] as const))('%s: id %j → %s', (type, id, url) => {
    expect(socialUrl(entry(type, id))).toBe(url);
  });

  it('covers all 12 types of docs/contracts.md §3', () => {
    expect(Object.keys(expected).sort()).toEqual([...SOCIAL_MEDIA_TYPES].sort());
    expect(SOCIAL_MEDIA_TYPES).toHaveLength(12);
  });

  it('YouTube keeps @handles and channel paths, adds @ to plain names', () => {
    expect(socialUrl(entry('Youtube', '@ana'))).toBe('https://www.youtube.com/@ana');
    expect(socialUrl(entry('Youtube', 'channel/UC123abc'))).toBe('https://www.youtube.com/channel/UC123abc');
    expect(socialUrl(entry('Youtube', 'c/Ana Lopez'))).toBe('https://www.youtube.com/c/Ana%20Lopez');
  });

  it('TikTok never doubles the @', () => {
    expect(socialUrl(entry('TikTok', 'ana'))).toBe('https://www.tiktok.com/@ana');
    expect(socialUrl(entry('TikTok', '@ana'))).toBe('https://www.tiktok.com/@ana');
  });

  it('LinkedIn accepts company pages and in/ paths without doubling', () => {
    expect(socialUrl(entry('LinkedIn', 'company/acme'))).toBe('https://www.linkedin.com/company/acme');
    expect(socialUrl(entry('LinkedIn', 'in/ana'))).toBe('https://www.linkedin.com/in/ana');
  });

  it('Viber keeps the + only when given; WhatsApp is digits only', () => {
    expect(socialUrl(entry('Viber', '0917 123 4567'))).toBe('viber://chat?number=09171234567');
    expect(socialUrl(entry('Whatsapp', '0917-123-4567'))).toBe('https://wa.me/09171234567');
  });

  it('uses an id beginning with http as the full URL', () => {
    for (const type of SOCIAL_MEDIA_TYPES) {
      expect(socialUrl(entry(type, 'https://example.com/me?x=1'))).toBe('https://example.com/me?x=1');
    }
    expect(socialUrl(entry('Facebook', 'http://fb.com/ana'))).toBe('http://fb.com/ana');
  });

  it('uses the override only when switched on and not blank', () => {
    const over = { urlOverride: 'https://links.example/ana' };
    expect(socialUrl(entry('Instagram', 'ana', { ...over, useUrlOverride: true }))).toBe('https://links.example/ana');
    expect(socialUrl(entry('Instagram', 'ana', { ...over, useUrlOverride: false }))).toBe('https://www.instagram.com/ana');
    expect(socialUrl(entry('Instagram', 'ana', { urlOverride: '  ', useUrlOverride: true }))).toBe('https://www.instagram.com/ana');
    expect(socialUrl(entry('Instagram', null, { ...over, useUrlOverride: true }))).toBe('https://links.example/ana');
    // An override may be a network's deep link.
    expect(socialUrl(entry('Viber', null, { urlOverride: 'viber://pa?chatURI=acme', useUrlOverride: true }))).toBe(
      'viber://pa?chatURI=acme',
    );
  });

  it('never returns a script URL from an override or id', () => {
    const a = socialUrl(entry('Facebook', null, { urlOverride: 'javascript:alert(1)', useUrlOverride: true }));
    expect(a).toBe('http://javascript:alert(1)');
    const b = socialUrl(entry('Facebook', 'javascript:alert(1)'));
    expect(b).not.toMatch(SCRIPT_SCHEME);
    expect(b).toBe('https://www.facebook.com/javascript%3Aalert(1)');
  });

  it('encodes odd ids into one path segment', () => {
    expect(socialUrl(entry('Instagram', 'ana lopez'))).toBe('https://www.instagram.com/ana%20lopez');
    expect(socialUrl(entry('Facebook', '../../evil?x=1#y'))).toBe('https://www.facebook.com/..%2F..%2Fevil%3Fx%3D1%23y');
    expect(socialUrl(entry('Telegram', 'анна'))).toBe('https://t.me/%D0%B0%D0%BD%D0%BD%D0%B0');
    expect(socialUrl(entry('WeChat', 'a&b=c'))).toBe('weixin://dl/chat?a%26b%3Dc');
  });

  it('is null when there is nothing usable', () => {
    expect(socialUrl(entry('Facebook', null))).toBeNull();
    expect(socialUrl(entry('Facebook', '   '))).toBeNull();
    expect(socialUrl(entry('Twitter', '@'))).toBeNull();
    expect(socialUrl(entry('Whatsapp', 'no digits'))).toBeNull();
    expect(socialUrl(entry('Viber', '+'))).toBeNull();
    expect(socialUrl({ socialMediaType: 'Line' })).toBeNull();
  });
});

describe('telHref / mailtoHref / emailLabel', () => {
  it('tel: drops spaces and separators, keeps a leading +', () => {
    expect(telHref('+63 917 123 4567')).toBe('tel:+639171234567');
    expect(telHref({ phoneNumber: '(02) 8123-4567' })).toBe('tel:0281234567');
    expect(telHref('*123#')).toBe('tel:*123%23');
    expect(telHref('   ')).toBeNull();
    expect(telHref('javascript:alert(1)')).toBe('tel:1');
  });

  it('mailto: keeps the address readable and encodes query/fragment starters', () => {
    expect(mailtoHref('ana+cards@example.com')).toBe('mailto:ana+cards@example.com');
    expect(mailtoHref({ email: ' ana@example.com ' })).toBe('mailto:ana@example.com');
    expect(mailtoHref('a?cc=x@y.z#f')).toBe('mailto:a%3Fcc%3Dx@y.z%23f');
    expect(mailtoHref('')).toBeNull();
  });

  it('labels an e-mail by its name when present, else by its address (docs/contracts.md §2)', () => {
    expect(emailLabel({ email: 'ana@example.com', name: 'Work' })).toBe('Work');
    expect(emailLabel({ email: 'ana@example.com', name: null })).toBe('ana@example.com');
    expect(emailLabel({ email: 'ana@example.com', name: '  ' })).toBe('ana@example.com');
    expect(emailLabel({ email: 'ana@example.com' })).toBe('ana@example.com');
  });
});

describe('mapsUrl', () => {
  it('prefers the place id', () => {
    expect(mapsUrl({ googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4', latitude: 1, longitude: 2, address: 'x' })).toBe(
      'https://www.google.com/maps/place/?q=place_id:ChIJN1t_tDeuEmsRUsoyG83frY4',
    );
  });

  it('then coordinates at zoom 15 (docs/contracts.md §7)', () => {
    expect(mapsUrl({ latitude: 14.5547, longitude: 121.0244, address: 'Ayala Ave' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=14.5547,121.0244&zoom=15',
    );
    expect(mapsUrl({ latitude: 0, longitude: 0 })).toBe('https://www.google.com/maps/search/?api=1&query=0,0&zoom=15');
  });

  it('then a search for the joined address parts, encoded', () => {
    expect(mapsUrl({ title: 'HQ', address: '6750 Ayala Ave, Unit #5', city: 'Makati', country: 'Philippines', latitude: 1 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=' + encodeURIComponent('6750 Ayala Ave, Unit #5, Makati, Philippines'),
    );
    expect(mapsUrl({ city: 'Zürich & Co', country: null })).toBe('https://www.google.com/maps/search/?api=1&query=Z%C3%BCrich%20%26%20Co');
    expect(mapsUrl({ title: 'Central Park' })).toBe('https://www.google.com/maps/search/?api=1&query=Central%20Park');
  });

  it('is null when there is nothing to find', () => {
    expect(mapsUrl({})).toBeNull();
    expect(mapsUrl({ title: ' ', address: null, googlePlaceId: '' })).toBeNull();
  });
});

describe('share links (docs/contracts.md §2 link shapes)', () => {
  it('facebook sharer encodes the page URL', () => {
    expect(facebookShareUrl('https://vbc.example/ds/vbc/i/abc?x=1&y=2')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fvbc.example%2Fds%2Fvbc%2Fi%2Fabc%3Fx%3D1%26y%3D2',
    );
  });

  it('every share target carries the encoded link (and the text where the target takes one)', () => {
    const content = { url: 'https://vbc.example/ds/vbc/i/abc?x=1&y=2', title: 'Ana & Bo', text: 'Ana & Bo — Chef' };
    const u = encodeURIComponent(content.url);
    const t = encodeURIComponent(content.text);
    expect(Object.fromEntries(SHARE_TARGETS.map((target) => [target, shareTargetUrl(target, content)]))).toEqual({
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      WhatsApp: `https://wa.me/?text=${t}%20${u}`,
      Messenger: `fb-messenger://share/?link=${u}`,
      Telegram: `https://t.me/share/url?url=${u}&text=${t}`,
      LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      SMS: `sms:?&body=${t}%20${u}`,
      Email: `mailto:?subject=Ana%20%26%20Bo&body=${t}%0A${u}`,
    });
  });

  it('a share without text sends the link alone', () => {
    const content = { url: 'https://vbc.example/p', title: '', text: ' ' };
    expect(shareTargetUrl('WhatsApp', content)).toBe('https://wa.me/?text=https%3A%2F%2Fvbc.example%2Fp');
    expect(shareTargetUrl('Telegram', content)).toBe('https://t.me/share/url?url=https%3A%2F%2Fvbc.example%2Fp');
    expect(shareTargetUrl('Email', content)).toBe('mailto:?subject=&body=https%3A%2F%2Fvbc.example%2Fp');
  });

  it('card link prefers the quickId, else the full id', () => {
    const id = '0b8f8f2e-6d5c-4c1a-9d7e-3f1f0a2b4c5d';
    expect(cardShareUrl('https://vbc.example', { virtualContactId: id, quickId: 'k7m2p9q' })).toBe('https://vbc.example/ds/vbc/i/k7m2p9q');
    expect(cardShareUrl('https://vbc.example/', { virtualContactId: id, quickId: '' })).toBe(`https://vbc.example/ds/vbc/i/${id}`);
    expect(cardShareUrl('https://vbc.example//', { virtualContactId: id })).toBe(`https://vbc.example/ds/vbc/i/${id}`);
  });

  it('pet link', () => {
    expect(petShareUrl('http://localhost:8080/', 'pet-1')).toBe('http://localhost:8080/ds/vp/i/pet-1');
  });
});

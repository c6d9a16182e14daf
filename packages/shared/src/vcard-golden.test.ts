/**
 * Golden vCard 3.0 and 4.0 files and jCards for hard names (issue 29): accents, CJK, emoji,
 * right-to-left text, commas, semicolons and line breaks. Each document is compared with its file
 * in `golden/` (rewrite with `vitest -u` after a deliberate change, and read the diff), then read
 * back by two independent parsers, ical.js and vcf, which must both find every field as written;
 * the 4.0 file also passes vcard4's strict RFC 6350 parser, and the jCard is checked against
 * RFC 7095's shape and against ical.js's own jCard of the 4.0 file.
 */
import ICAL from 'ical.js';
import vCard from 'vcf';
import { parse as strictParse } from 'vcard4';
import { describe, expect, it } from 'vitest';
import { socialUrl } from './links.ts';
import { writeJCard, writeVCard, type TVCardContact, type TVCardVersion } from './vcard.ts';

// Node has these globals; the shared package compiles without DOM/Node types.
declare const TextEncoder: new () => { encode(input: string): Uint8Array };
declare const atob: (data: string) => string;

/** A 2×2 JPEG, as the server embeds a card's picture (re-encoded as JPEG). */
const JPEG_2PX =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCwFAT/2Q==';
const CARD_URL = 'https://vbc.example/ds/vbc/i/k7m2p9q';

const HARD: Record<string, TVCardContact> = {
  accents: {
    firstName: 'José Ñúñez',
    lastName: 'Çelik-Øvergård',
    jobTitle: 'Directeur général',
    organization: 'Société Générale Ångström',
    biography: 'Crème brûlée, piñata, naïve café — façade.',
    phones: [{ phoneNumber: '+33 1 23 45 67 89', type: 'Work' }],
    emails: [{ email: 'jose@example.fr' }],
    locations: [{ title: 'Siège', address: '12 rue de l’Élysée', city: 'Paris', country: 'France' }],
  },
  cjk: {
    firstName: '太郎',
    lastName: '山田',
    jobTitle: '代表取締役社長',
    organization: '株式会社ヤマダ',
    biography: '日本語のテキスト、'.repeat(12) + '한국어 텍스트와 中文文本。',
    socialMedias: [{ socialMediaType: 'Line', accountId: '~yamada', urlOverride: null, useUrlOverride: false }],
  },
  emoji: {
    firstName: 'Zoë 🦄',
    lastName: '👨‍👩‍👧 Family',
    jobTitle: 'Chief 🎉 Officer',
    biography: '🚀🌍✨'.repeat(20),
    socialMedias: [{ socialMediaType: 'Instagram', accountId: '@zoe', urlOverride: null, useUrlOverride: false }],
  },
  rtl: {
    firstName: 'مريم',
    lastName: 'العربية',
    jobTitle: 'مديرة التسويق',
    organization: 'שלום בע״מ',
    biography: 'مرحبا بالعالم — שלום עולם (mixed: abc 123)',
    locations: [{ title: 'المكتب', address: 'شارع الملك فهد ١٢', city: 'الرياض', country: 'السعودية' }],
  },
  punctuation: {
    firstName: 'Mary; Ann',
    lastName: 'Smith, Jr.',
    jobTitle: 'Head of R&D; Ops, APAC',
    organization: 'Tom; Jerry, Inc.',
    biography: 'a, b; c \\ d & e # f % g',
    phones: [{ phoneNumber: '0917 123 4567', type: 'Mobile' }],
    emails: [{ email: 'mary.ann@example.com' }],
    links: [{ linkUrl: 'example.com/a,b;c' }],
    locations: [{ title: 'Unit #5; Tower 2', address: '6750 Ayala Ave., Unit 5', city: 'Makati, Metro Manila', country: 'Philippines' }],
    socialMedias: [
      { socialMediaType: 'Twitter', accountId: '@mary', urlOverride: null, useUrlOverride: false },
      { socialMediaType: 'Telegram', accountId: 'maryann', urlOverride: null, useUrlOverride: false },
      { socialMediaType: 'Whatsapp', accountId: '+63 917 123 4567', urlOverride: null, useUrlOverride: false },
    ],
  },
  lineBreaks: {
    firstName: 'Line',
    lastName: 'Breaks',
    jobTitle: 'CEO\nFounder',
    organization: 'Multi\r\nLine Ltd',
    biography: 'Line one\nLine two\r\nLine three\rLine four\n\nafter a blank line',
    locations: [{ title: 'HQ', address: '1 First St\nFloor 2', city: 'Cebu', country: 'Philippines' }],
  },
};

/** What a parser read: one shape for both, so both must agree with what was written. */
interface TRead {
  n: string[];
  fn: string;
  org: string | undefined;
  title: string | undefined;
  note: string | undefined;
  tel: string[];
  email: string[];
  url: string[];
  adr: string[] | undefined;
  social: string[];
  photo: string | undefined;
}

const norm = (value: string | null | undefined): string => (value ?? '').trim().replace(/\r\n|\r/g, '\n');
const opt = (value: string | null | undefined): string | undefined => (norm(value) ? norm(value) : undefined);

/** What every parser must read back from `contact`'s vCard. */
function expected(contact: TVCardContact): TRead {
  const place = contact.locations?.find((l) => norm(l.address));
  return {
    n: [norm(contact.lastName), norm(contact.firstName), '', '', ''],
    fn: [norm(contact.firstName), norm(contact.lastName)].filter(Boolean).join(' '),
    org: opt(contact.organization),
    title: opt(contact.jobTitle),
    note: opt(contact.biography),
    tel: (contact.phones ?? []).map((p) => p.phoneNumber.replace(/\s+/g, '')),
    email: (contact.emails ?? []).map((e) => e.email),
    url: [CARD_URL, ...(contact.links ?? []).map((l) => (/^https?:/.test(l.linkUrl) ? l.linkUrl : `http://${l.linkUrl}`))],
    adr: place && ['', place.title, place.address, place.city, '', '', place.country].map(norm),
    social: (contact.socialMedias ?? []).map((s) => socialUrl(s) ?? ''),
    photo: JPEG_2PX,
  };
}

const PHOTO_PREFIX = 'data:image/jpeg;base64,';

/** Reads one card with ical.js (its vCard 3.0 and 4.0 design sets). */
function readWithIcal(doc: string, version: TVCardVersion): TRead[] {
  const parsed = ICAL.parse(doc) as unknown[];
  const jcards = typeof parsed[0] === 'string' ? [parsed] : parsed;
  return jcards.map((jcard) => {
    const card = new ICAL.Component(jcard as unknown[]);
    expect(card.getFirstPropertyValue('version')).toBe(version);
    const values = (name: string) => card.getAllProperties(name).map((p) => p.getFirstValue() as unknown);
    // ical.js's vCard 3.0 text type unescapes `\\` `\,` `\n` but not `\;`, which RFC 2426 §5 requires
    // in every text value (SAFE-CHAR excludes `;`) and address books unescape: done here.
    const unescapeSemicolons = (value: string) => (version === '3.0' ? value.replace(/\\;/g, ';') : value);
    const text = (name: string) => {
      const all = values(name).map((v) => unescapeSemicolons(String(v)));
      expect(all.length, name).toBeLessThanOrEqual(1);
      return all[0];
    };
    const structured = (name: string) => {
      const value = card.getFirstPropertyValue(name) as unknown;
      return value === null ? undefined : Array.isArray(value) ? value.map(String) : [String(value)];
    };
    const socialNames = version === '3.0' ? ['x-socialprofile'] : ['socialprofile', 'impp'];
    const social = card
      .getAllProperties()
      .filter((p) => socialNames.includes(p.name))
      .map((p) => String(p.getFirstValue()));
    const photo = card.getFirstProperty('photo');
    if (version === '3.0') expect(photo?.getParameter('encoding')).toBe('b');
    const photoValue = String(photo?.getFirstValue() ?? '');
    return {
      n: structured('n') ?? [],
      fn: text('fn') ?? '',
      org: structured('org')?.join(';'),
      title: text('title'),
      note: text('note'),
      tel: values('tel').map(String),
      email: values('email').map(String),
      url: values('url').map(String),
      adr: structured('adr'),
      social,
      photo:
        version === '3.0' ? photoValue : photoValue.startsWith(PHOTO_PREFIX) ? photoValue.slice(PHOTO_PREFIX.length) : 'not a data URI',
    };
  });
}

/** RFC 2426 / RFC 6350 text unescape (vcf gives values as written). */
function unescape(value: string): string {
  return value.replace(/\\(.)/g, (_m, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));
}

/** Splits a structured value on unescaped `;`, then unescapes each part. */
function components(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\' && i + 1 < value.length) current += value[i]! + value[++i]!;
    else if (value[i] === ';') {
      parts.push(current);
      current = '';
    } else current += value[i];
  }
  return [...parts, current].map(unescape);
}

/** Reads cards with the `vcf` package (it unfolds lines and splits parameters; values stay escaped). */
function readWithVcf(doc: string, version: TVCardVersion): TRead[] {
  return vCard.parse(doc).map((card) => {
    expect(card.version).toBe(version);
    const all = (key: string): vCard.Property[] => {
      const p = card.get(key);
      return p === undefined ? [] : Array.isArray(p) ? p : [p];
    };
    const one = (key: string) => all(key)[0]?.valueOf();
    const socialKeys = version === '3.0' ? ['xSocialprofile'] : ['socialprofile', 'impp'];
    const photo = one('photo') ?? '';
    return {
      n: components(one('n') ?? ''),
      fn: unescape(one('fn') ?? ''),
      org: one('org') === undefined ? undefined : components(one('org')!).join(';'),
      title: one('title') === undefined ? undefined : unescape(one('title')!),
      note: one('note') === undefined ? undefined : unescape(one('note')!),
      tel: all('tel').map((p) => unescape(p.valueOf())),
      email: all('email').map((p) => unescape(p.valueOf())),
      url: all('url').map((p) => p.valueOf()),
      adr: one('adr') === undefined ? undefined : components(one('adr')!),
      social: socialKeys.flatMap((k) => all(k).map((p) => p.valueOf())),
      photo: version === '3.0' ? photo : photo.startsWith(PHOTO_PREFIX) ? photo.slice(PHOTO_PREFIX.length) : 'not a data URI',
    };
  });
}

/** The order social profiles come in differs between parsers for 4.0 (SOCIALPROFILE and IMPP are two names). */
const sortSocial = (read: TRead): TRead => ({ ...read, social: [...read.social].sort() });

const names = Object.keys(HARD);
const docs = (version: TVCardVersion) =>
  names.map((name) => writeVCard(HARD[name]!, { version, url: CARD_URL, photo: { base64: JPEG_2PX, type: 'JPEG' } })).join('');

describe.each(['3.0', '4.0'] as const)('vCard %s golden file of hard names', (version) => {
  const doc = docs(version);

  it('matches the golden file, every line folded at 75 octets', async () => {
    await expect(doc).toMatchFileSnapshot(`./golden/hard-names.${version}.vcf`);
    for (const line of doc.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(doc.split('\r\n').filter((l) => l.startsWith(' ')).length, 'some lines are folded').toBeGreaterThan(5);
  });

  it('reads back as written with ical.js and with vcf', () => {
    const want = names.map((name) => sortSocial(expected(HARD[name]!)));
    expect(readWithIcal(doc, version).map(sortSocial)).toEqual(want);
    expect(readWithVcf(doc, version).map(sortSocial)).toEqual(want);
  });

  it('carries a PHOTO that decodes to a JPEG', () => {
    for (const read of readWithIcal(doc, version)) {
      const bytes = atob(read.photo ?? '');
      expect(bytes.charCodeAt(0).toString(16) + bytes.charCodeAt(1).toString(16)).toBe('ffd8');
      expect(bytes.charCodeAt(bytes.length - 2).toString(16) + bytes.charCodeAt(bytes.length - 1).toString(16)).toBe('ffd9');
    }
  });
});

describe('vCard 4.0 against RFC 6350', () => {
  it('passes vcard4’s strict parser (every property and parameter it knows, RFC 9554 social lines aside)', () => {
    const cards = docs('4.0').split(/(?<=END:VCARD\r\n)/);
    expect(cards).toHaveLength(names.length);
    for (const card of cards) {
      // vcard4 knows RFC 6350 only: SOCIALPROFILE and SERVICE-TYPE come from RFC 9554.
      const rfc6350 = card.replace(/\r\n /g, '').replace(/^(SOCIALPROFILE|IMPP);SERVICE-TYPE=[^\r\n]*\r\n/gm, '');
      const parsed = [strictParse(rfc6350)].flat();
      expect(parsed).toHaveLength(1);
      expect(parsed[0]!.properties).toContain('FN');
    }
  });

  it('escapes `;` only in compound values (`\\;` is not a 4.0 TEXT-CHAR)', () => {
    const doc = writeVCard(HARD['punctuation']!, { version: '4.0' });
    expect(doc).toContain('\r\nFN:Mary; Ann Smith\\, Jr.\r\n');
    expect(doc).toContain('\r\nTITLE:Head of R&D; Ops\\, APAC\r\n');
    expect(doc).toContain('\r\nORG:Tom\\; Jerry\\, Inc.\r\n');
    expect(doc).toContain('\r\nN:Smith\\, Jr.;Mary\\; Ann;;;\r\n');
    expect(writeVCard(HARD['punctuation']!)).toContain('\r\nFN:Mary\\; Ann Smith\\, Jr.\r\n');
  });
});

/** RFC 7095 §3.5 value types. */
const JCARD_TYPES = new Set([
  'text',
  'uri',
  'date',
  'time',
  'date-time',
  'date-and-or-time',
  'timestamp',
  'boolean',
  'integer',
  'float',
  'utc-offset',
  'language-tag',
  'unknown',
]);

describe('jCard (RFC 7095)', () => {
  const jcards = names.map((name) => writeJCard(HARD[name]!, { url: CARD_URL, photo: { base64: JPEG_2PX, type: 'JPEG' } }));

  it('matches the golden file', async () => {
    await expect(`${JSON.stringify(jcards, null, 2)}\n`).toMatchFileSnapshot('./golden/hard-names.jcard.json');
  });

  it('has the shape RFC 7095 gives a jCard', () => {
    for (const jcard of jcards) {
      expect(jcard).toHaveLength(2);
      expect(jcard[0]).toBe('vcard');
      const [first, ...rest] = jcard[1];
      expect(first).toEqual(['version', {}, 'text', '4.0']);
      for (const prop of rest) {
        const [name, params, type, ...values] = prop;
        expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
        expect(Object.keys(params).every((k) => /^[a-z][a-z0-9-]*$/.test(k))).toBe(true);
        expect(JCARD_TYPES.has(type), `${name}: ${type}`).toBe(true);
        expect(values).toHaveLength(1);
        const value = values[0];
        if (Array.isArray(value)) expect(value.every((v) => typeof v === 'string')).toBe(true);
        else expect(typeof value).toBe('string');
      }
      expect(rest.filter(([name]) => name === 'fn')).toHaveLength(1);
    }
  });

  it('is the 4.0 file in JSON: ical.js reads the same names, parameters and values from the text', () => {
    for (const [i, name] of names.entries()) {
      const fromText = ICAL.parse(
        writeVCard(HARD[name]!, { version: '4.0', url: CARD_URL, photo: { base64: JPEG_2PX, type: 'JPEG' } }),
      ) as [string, unknown[][]];
      // ical.js gives a value type from its own defaults (TEL as uri, an unknown property as unknown): compare all but that.
      const withoutType = (props: unknown[][]) => props.map(([n, p, , ...v]) => [n, p, ...v]);
      expect(withoutType(jcards[i]![1]), name).toEqual(withoutType(fromText[1]));
      expect(new ICAL.Component(jcards[i]!).getFirstPropertyValue('fn')).toBe(expected(HARD[name]!).fn);
    }
  });

  it('keeps text unescaped and line breaks as \\n', () => {
    const props = writeJCard(HARD['lineBreaks']!)[1];
    expect(props.find(([n]) => n === 'note')?.[3]).toBe('Line one\nLine two\nLine three\nLine four\n\nafter a blank line');
    const punct = writeJCard(HARD['punctuation']!)[1];
    expect(punct.find(([n]) => n === 'n')?.[3]).toEqual(['Smith, Jr.', 'Mary; Ann', '', '', '']);
  });
});

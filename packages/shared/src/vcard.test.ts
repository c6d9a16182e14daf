import vCard from 'vcf';
import { describe, expect, it } from 'vitest';
import { escapeVCardText, vcardFileName, vcardPhotoType, writeVCard, type TVCardContact } from './vcard.ts';

// Node has these globals; the shared package compiles without DOM/Node types.
declare const TextEncoder: new () => { encode(input: string): Uint8Array };
declare const TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(input: Uint8Array): string };

/** RFC 2426 text unescape: `\n`/`\N` → line break, `\x` → x. */
function unescape(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      const next = value[++i];
      out += next === 'n' || next === 'N' ? '\n' : next;
    } else {
      out += ch;
    }
  }
  return out;
}

/** Splits a structured value (N, ADR) on unescaped `;`, then unescapes each part. */
function components(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      current += ch + value[++i];
    } else if (ch === ';') {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts.map(unescape);
}

/**
 * Parses with the third-party `vcf` package (it unfolds lines and splits
 * parameters), after a trip through UTF-8 bytes as in a downloaded file.
 */
function parse(text: string) {
  const bytes = new TextEncoder().encode(text);
  const cards = vCard.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  expect(cards).toHaveLength(1);
  const card = cards[0]!;
  expect(card.version).toBe('3.0');
  const all = (key: string): vCard.Property[] => {
    const p = card.get(key);
    return p === undefined ? [] : Array.isArray(p) ? p : [p];
  };
  const one = (key: string): vCard.Property => {
    const list = all(key);
    expect(list, key).toHaveLength(1);
    return list[0]!;
  };
  return { all, one, text: (key: string) => unescape(one(key).valueOf()) };
}

/** The document as UTF-8 physical lines (without their CRLF). */
function physicalLines(text: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
      i++;
    }
  }
  expect(start, 'document ends with CRLF').toBe(bytes.length);
  return lines;
}

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const tricky = 'a, b; c \\ d\ne & f # g % h';

const full: TVCardContact = {
  firstName: 'Ana María',
  lastName: "O'Brien, Jr.",
  name: 'ignored',
  jobTitle: 'Head of R&D; Ops',
  organization: 'Tom & Jerry, Inc.',
  biography: 'Line one\nLine two; with, punctuation \\ 100% #1 & more',
  phones: [
    { phoneNumber: '+63 917 123 4567', type: 'Mobile' },
    { phoneNumber: '02 8123 4567', type: 'Work' },
    { phoneNumber: '(02) 555-0000', type: 'Home' },
    { phoneNumber: '02 555 0001', type: 'Fax' },
    { phoneNumber: '0999 000 1111', type: 'Other' },
  ],
  emails: [{ email: 'ana@example.com' }, { email: 'ana.work@example.org' }],
  links: [{ linkUrl: 'example.com/portfolio' }, { linkUrl: 'https://blog.example.com/a,b' }],
  locations: [
    { title: 'Warehouse', address: null, city: 'Cebu', country: 'Philippines' },
    { title: 'Main Office', address: '6750 Ayala Ave, Unit #5', city: 'Makati', country: 'Philippines' },
    { title: 'Branch', address: '1 Other St', city: 'Davao', country: 'Philippines' },
  ],
  socialMedias: [
    { socialMediaType: 'Twitter', accountId: '@ana', urlOverride: null, useUrlOverride: false },
    { socialMediaType: 'LinkedIn', accountId: 'ana-obrien', urlOverride: null, useUrlOverride: false },
    { socialMediaType: 'Facebook', accountId: null, urlOverride: null, useUrlOverride: false },
  ],
};
const CARD_URL = 'https://vbc.example/ds/vbc/i/k7m2p9q';

describe('writeVCard', () => {
  const out = writeVCard(full, { url: CARD_URL, photo: { base64: PNG_1PX, type: 'PNG' } });

  it('is a vCard 3.0 document with CRLF line ends', () => {
    expect(out.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(out.endsWith('\r\nEND:VCARD\r\n')).toBe(true);
    expect(out.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('round-trips every field through the vcf parser', () => {
    const card = parse(out);
    expect(components(card.one('n').valueOf())).toEqual(["O'Brien, Jr.", 'Ana María', '', '', '']);
    expect(card.text('fn')).toBe("Ana María O'Brien, Jr.");
    expect(card.text('org')).toBe('Tom & Jerry, Inc.');
    expect(components(card.one('org').valueOf())).toHaveLength(1);
    expect(card.text('title')).toBe('Head of R&D; Ops');
    expect(card.text('note')).toBe('Line one\nLine two; with, punctuation \\ 100% #1 & more');

    const tels = card.all('tel');
    expect(tels.map((t) => t.valueOf())).toEqual(['+639171234567', '0281234567', '(02)555-0000', '025550001', '09990001111']);
    expect(tels.map((t) => t['type'])).toEqual(['cell', 'work', 'home', 'fax', 'voice']);

    const emails = card.all('email');
    expect(emails.map((e) => unescape(e.valueOf()))).toEqual(['ana@example.com', 'ana.work@example.org']);
    expect(emails.every((e) => e.is('internet'))).toBe(true);

    expect(card.all('url').map((u) => u.valueOf())).toEqual([CARD_URL, 'http://example.com/portfolio', 'https://blog.example.com/a,b']);

    const adr = card.one('adr');
    expect(components(adr.valueOf())).toEqual(['', 'Main Office', '6750 Ayala Ave, Unit #5', 'Makati', '', '', 'Philippines']);

    const social = card.all('xSocialprofile');
    expect(social.map((s) => [s['type'], s.valueOf()])).toEqual([
      ['twitter', 'https://twitter.com/ana'],
      ['linkedin', 'https://www.linkedin.com/in/ana-obrien'],
    ]);

    const photo = card.one('photo');
    expect(photo['encoding']).toBe('b');
    expect(photo['type']).toBe('png');
    expect(photo.valueOf()).toBe(PNG_1PX);
  });

  it('writes only the first location that has an address', () => {
    expect(out.match(/^ADR/gm)).toHaveLength(1);
    expect(out).not.toContain('Branch');
    expect(out).not.toContain('Warehouse');
    const none = writeVCard({ firstName: 'A', lastName: 'B', locations: [{ title: 'x', city: 'Cebu' }] });
    expect(none).not.toMatch(/^ADR/m);
  });

  it('removes spaces from phone numbers (docs/contracts.md §5)', () => {
    const tels = out.split('\r\n').filter((l) => l.startsWith('TEL'));
    expect(tels).toHaveLength(5);
    expect(tels[0]).toBe('TEL;TYPE=CELL:+639171234567');
    for (const line of tels) expect(line).not.toMatch(/ /);
  });

  it('escapes text as RFC 2426 says, keeping & # % as written (docs/contracts.md §D6)', () => {
    expect(escapeVCardText(tricky)).toBe('a\\, b\\; c \\\\ d\\ne & f # g % h');
    expect(escapeVCardText('a\r\nb\rc')).toBe('a\\nb\\nc');
    const doc = writeVCard({
      firstName: tricky,
      lastName: 'Tom & Jerry',
      organization: tricky,
      jobTitle: tricky,
      biography: tricky,
      locations: [{ title: tricky, address: 'Unit #5 & 100%', city: 'a;b', country: 'c,d' }],
    });
    expect(doc).not.toContain('%26');
    const card = parse(doc);
    expect(components(card.one('n').valueOf()).slice(0, 2)).toEqual(['Tom & Jerry', tricky]);
    expect(card.text('fn')).toBe(`${tricky} Tom & Jerry`);
    expect(card.text('org')).toBe(tricky);
    expect(card.text('title')).toBe(tricky);
    expect(card.text('note')).toBe(tricky);
    expect(components(card.one('adr').valueOf())).toEqual(['', tricky, 'Unit #5 & 100%', 'a;b', '', '', 'c,d']);
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const longNote =
      'Hello 👋🏽 世界! ' +
      '日本語のテキスト、'.repeat(12) +
      '👨‍👩‍👧‍👦 family, ' +
      'ascii '.repeat(30) +
      '€'.repeat(40) +
      '\\;,'.repeat(20) +
      '𝄞'.repeat(30);
    const doc = writeVCard(
      { firstName: '名前'.repeat(30), lastName: '😀'.repeat(30), biography: longNote },
      { photo: { base64: 'QUJD'.repeat(500), type: 'JPEG' } },
    );
    const lines = physicalLines(doc);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let continuations = 0;
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      expect(() => decoder.decode(line)).not.toThrow();
      // A split surrogate pair would have been written as U+FFFD.
      expect(decoder.decode(line)).not.toContain('\uFFFD');
      if (line[0] === 0x20) continuations++;
    }
    expect(continuations).toBeGreaterThan(30);
    // No fold inside a backslash escape: no physical line ends in an odd run of backslashes.
    for (const line of doc.split('\r\n')) expect(line).not.toMatch(/(?<!\\)(?:\\\\)*\\$/);

    const card = parse(doc);
    expect(card.text('note')).toBe(longNote);
    expect(card.text('fn')).toBe(`${'名前'.repeat(30)} ${'😀'.repeat(30)}`);
    expect(card.one('photo').valueOf()).toBe('QUJD'.repeat(500));
    expect(card.one('photo')['type']).toBe('jpeg');
  });

  it('never splits a character or escape, whatever the offset of the fold', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (let offset = 0; offset < 8; offset++) {
      for (const unit of ['😀', '世', 'é', '\\', ',', '👨‍👩‍👧']) {
        const note = 'x'.repeat(offset) + unit.repeat(60);
        const doc = writeVCard({ firstName: 'A', biography: note });
        for (const line of doc.split('\r\n')) {
          // A lone surrogate cannot be written as UTF-8.
          expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
          expect(line).not.toMatch(/(?<!\\)(?:\\\\)*\\$/);
        }
        for (const line of physicalLines(doc)) {
          expect(line.length).toBeLessThanOrEqual(75);
          expect(decoder.decode(line)).not.toContain('\uFFFD');
        }
        expect(parse(doc).text('note')).toBe(note);
      }
    }
  });

  it('omits empty fields and PIN-hidden phones/emails, and keeps FN non-empty', () => {
    const doc = writeVCard({ firstName: '', lastName: '', organization: 'Acme' });
    expect(doc).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:Acme\r\nORG:Acme\r\nEND:VCARD\r\n');
    expect(writeVCard({ firstName: ' ', lastName: null })).toContain('\r\nFN:Contact\r\n');
  });

  it('accepts a data: URL photo and refuses non-base64 photo data', () => {
    const doc = writeVCard({ firstName: 'A' }, { photo: { base64: `data:image/png;base64,${PNG_1PX}`, type: 'PNG' } });
    expect(parse(doc).one('photo').valueOf()).toBe(PNG_1PX);
    expect(() => writeVCard({ firstName: 'A' }, { photo: { base64: 'abc:\r\nEND:VCARD', type: 'PNG' } })).toThrow(/base64/);
  });

  it('cannot be broken out of by a crafted value', () => {
    // Line-based readers (address books) see one N/FN line: the line breaks are escaped.
    const named = writeVCard({ firstName: 'Eve\r\nEND:VCARD\r\nBEGIN:VCARD\r\nTEL:1', lastName: 'X' });
    const lines = named.split('\r\n');
    expect(lines.filter((l) => /^(BEGIN|END):VCARD$/.test(l))).toEqual(['BEGIN:VCARD', 'END:VCARD']);
    expect(named).not.toMatch(/^TEL/m);
    expect(lines.filter((l) => l.startsWith('FN:'))).toEqual(['FN:Eve\\nEND:VCARD\\nBEGIN:VCARD\\nTEL:1 X']);

    const linked = writeVCard({ firstName: 'Eve', links: [{ linkUrl: 'https://x.example/\r\nTEL:123' }] });
    expect(linked).not.toMatch(/^TEL/m);
    expect(
      parse(linked)
        .all('url')
        .map((u) => u.valueOf()),
    ).toEqual(['https://x.example/%0D%0ATEL:123']);
  });
});

describe('vcardFileName', () => {
  it('is "First Last.vcf"', () => {
    expect(vcardFileName({ firstName: 'Ana', lastName: 'Lopez' })).toBe('Ana Lopez.vcf');
    expect(vcardFileName({ firstName: 'José', lastName: '山田' })).toBe('José 山田.vcf');
  });

  it('replaces characters not allowed in file names', () => {
    expect(vcardFileName({ firstName: 'a/b\\c:d', lastName: '*e?"f<g>|h' })).toBe('a b c d e f g h.vcf');
    expect(vcardFileName({ firstName: '../..', lastName: '' })).toBe('contact.vcf');
    expect(vcardFileName({ firstName: 'Tab\there', lastName: 'New\nline' })).toBe('Tab here New line.vcf');
  });

  it('falls back to contact.vcf', () => {
    expect(vcardFileName({ firstName: '', lastName: '  ' })).toBe('contact.vcf');
    expect(vcardFileName({ firstName: 'CON', lastName: null })).toBe('contact.vcf');
  });
});

describe('vcardPhotoType', () => {
  it('maps image content types', () => {
    expect(vcardPhotoType('image/jpeg')).toBe('JPEG');
    expect(vcardPhotoType('image/png')).toBe('PNG');
    expect(vcardPhotoType('image/gif')).toBe('GIF');
    expect(vcardPhotoType('image/webp')).toBeNull();
  });
});

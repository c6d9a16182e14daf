import { describe, expect, it } from 'vitest';
import { classifyScan } from './scan-result.ts';

const origin = 'https://cards.example.test';

describe('what a scan does', () => {
  it("opens this server's card, pet and app links in the app", () => {
    expect(classifyScan(`${origin}/ds/vbc/i/ABC2345`, origin)).toEqual({ kind: 'app', route: '/ABC2345' });
    // A printed QR's tag stays with the visit (issue 29); a foreign `s` does not.
    expect(classifyScan(`${origin}/ds/vbc/i/ABC2345?s=qr`, origin)).toEqual({ kind: 'app', route: '/ABC2345?s=qr' });
    expect(classifyScan(`${origin}/ds/vbc/i/ABC2345?s=evil`, origin)).toEqual({ kind: 'app', route: '/ABC2345' });
    expect(classifyScan(`${origin}/ds/vp/i/7f0c6b1e-0000-4000-8000-000000000001`, origin)).toEqual({
      kind: 'app',
      route: '/p/7f0c6b1e-0000-4000-8000-000000000001',
    });
    expect(classifyScan(`${origin}/vbc/ABC2345?pin=1234`, origin)).toEqual({ kind: 'app', route: '/ABC2345?pin=1234' });
  });

  it('offers a vCard as a contact, and shows any other text or URL (Open only for http(s))', () => {
    expect(classifyScan('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ana\r\nEND:VCARD', origin).kind).toBe('vcard');
    expect(classifyScan('https://elsewhere.test/ds/vbc/i/ABC2345', origin)).toEqual({
      kind: 'text',
      text: 'https://elsewhere.test/ds/vbc/i/ABC2345',
      openable: true,
    });
    expect(classifyScan('javascript:alert(1)', origin)).toEqual({ kind: 'text', text: 'javascript:alert(1)', openable: false });
    expect(classifyScan('WIFI:S:home;T:WPA;P:secret;;', origin)).toEqual({
      kind: 'text',
      text: 'WIFI:S:home;T:WPA;P:secret;;',
      openable: false,
    });
  });
});

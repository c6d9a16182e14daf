import { describe, expect, it } from 'vitest';
import { detectDocumentType, detectImageFormat } from './detect-type.ts';
import { makeZip } from '../test/upload.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const ftyp = (brand: string, ...compatible: string[]) => {
  const body = bytes('ftyp', brand, [0, 0, 0, 0], ...compatible);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 4);
  return Buffer.concat([size, body, Buffer.alloc(64)]);
};

describe('detectDocumentType', () => {
  it.each([
    ['PDF', bytes('%PDF-1.7\n'), 'x.doc', 'application/pdf'],
    ['RTF', bytes('{\\rtf1\\ansi hello}'), 'x.txt', 'application/rtf'],
    ['legacy Word', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0]), 'old.doc', 'application/msword'],
    ['legacy Excel', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0]), 'old.XLS', 'application/vnd.ms-excel'],
    [
      'pptx',
      makeZip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' }),
      'deck.zip',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    [
      'odt',
      makeZip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<x/>' }),
      'a.odt',
      'application/vnd.oasis.opendocument.text',
    ],
    ['MP3 with ID3', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'song.bin', 'audio/mpeg'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64, 0]), 'song.bin', 'audio/mpeg'],
    ['AAC', bytes([0xff, 0xf1, 0x50, 0x80, 0]), 'a.aac', 'audio/aac'],
    ['WAV', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'a.wav', 'audio/wav'],
    ['Ogg', bytes('OggS', [0, 2]), 'a.ogg', 'audio/ogg'],
    ['FLAC', bytes('fLaC', [0, 0, 0, 34]), 'a.flac', 'audio/flac'],
    ['M4A', ftyp('M4A ', 'isom'), 'a.m4a', 'audio/mp4'],
    ['MP4', ftyp('isom', 'iso2', 'avc1', 'mp41'), 'clip.mov', 'video/mp4'],
    ['QuickTime', ftyp('qt  '), 'clip.mov', 'video/quicktime'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3], [0x9f, 0x42, 0x82, 0x84], 'webm'), 'clip.webm', 'video/webm'],
    ['AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'clip.avi', 'video/x-msvideo'],
    ['AVIF picture', ftyp('avif', 'mif1', 'miaf'), 'p.avif', 'image/avif'],
    ['CSV', bytes('name,phone\nAna,0917\n'), 'list.csv', 'text/csv; charset=utf-8'],
    ['UTF-8 text with a BOM', Buffer.from('\uFEFFKumusta! ¿Qué tal? 你好\r\n'), 'hi.txt', 'text/plain; charset=utf-8'],
  ])('recognises %s', (_name, data, filename, expected) => {
    expect(detectDocumentType(data, filename)).toBe(expected);
  });

  it.each([
    ['HTML', '<!doctype html><title>x</title>'],
    ['HTML without doctype', '  <html><body>hi</body></html>'],
    ['HTML fragment with a script', '<script>alert(1)</script>'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['SVG behind an XML prolog', '<?xml version="1.0"?>\n<svg/>'],
    ['SVG after some text', 'hello\n<svg onload="x()"></svg>'],
    ['Latin-1 (not UTF-8) text', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
    ['text with NUL', Buffer.from('a\u0000b')],
    ['plain ZIP', makeZip({ 'a.txt': 'x' })],
    ['Windows executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])],
  ])('refuses %s', (_name, data) => {
    expect(detectDocumentType(typeof data === 'string' ? Buffer.from(data) : data, 'file.txt')).toBeNull();
  });
});

describe('detectImageFormat', () => {
  it('reads magic numbers only', () => {
    expect(detectImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageFormat(bytes('GIF89a'))).toBe('gif');
    expect(detectImageFormat(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(detectImageFormat(ftyp('heic', 'mif1'))).toBeNull();
    expect(detectImageFormat(bytes('<svg>'))).toBeNull();
    expect(detectImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

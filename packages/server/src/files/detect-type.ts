import { zipEntryNames } from './zip-entries.ts';

/** The picture formats uploads accept, as sharp names them. */
export type TImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);
const startsWith = (bytes: Buffer, ...values: number[]) => values.every((v, i) => bytes[i] === v);

/** ISO base media (MP4, MOV, AVIF, HEIC…): the brands of the leading `ftyp` box, or null. */
function ftypBrands(bytes: Buffer): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
  return brands;
}

/** The picture format of `bytes` by its magic number (never the name or the declared type), or null. */
export function detectImageFormat(bytes: Buffer): TImageFormat | null {
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const brands = ftypBrands(bytes);
  if (brands && (brands.includes('avif') || brands.includes('avis'))) return 'avif';
  return null;
}

const OFFICE: Record<string, string> = {
  'word/': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'xl/': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'ppt/': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const OPEN_DOCUMENT = /^application\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation|graphics)$/;
const OLE_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  dot: 'application/msword',
  xls: 'application/vnd.ms-excel',
  xlt: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  pps: 'application/vnd.ms-powerpoint',
  pot: 'application/vnd.ms-powerpoint',
  msg: 'application/vnd.ms-outlook',
};

/** The content type of an office document (OOXML, OpenDocument, legacy OLE), or null. */
function detectOffice(bytes: Buffer, name: string): string | null {
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    const extension = name.toLowerCase().split('.').pop() ?? '';
    return OLE_BY_EXTENSION[extension] ?? 'application/msword';
  }
  if (!startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return null;
  // OpenDocument: an uncompressed first entry "mimetype" holding the type.
  if (ascii(bytes, 30, 38) === 'mimetype') {
    const mime = /^application\/vnd\.oasis\.opendocument\.[a-z.-]+/.exec(ascii(bytes, 38, 38 + 80))?.[0];
    if (mime && OPEN_DOCUMENT.test(mime)) return mime;
  }
  const names = zipEntryNames(bytes);
  if (!names || !names.includes('[Content_Types].xml')) return null;
  for (const [folder, type] of Object.entries(OFFICE)) if (names.some((n) => n.startsWith(folder))) return type;
  return null;
}

/** Audio and video containers by their magic numbers, or null. */
function detectMedia(bytes: Buffer): string | null {
  const riff = ascii(bytes, 0, 4) === 'RIFF' ? ascii(bytes, 8, 12) : null;
  if (riff === 'WAVE') return 'audio/wav';
  if (riff === 'AVI ') return 'video/x-msvideo';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  if (bytes.length > 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) {
    // ADTS AAC (layer bits 00) or an MPEG audio frame.
    return (bytes[1]! & 0x06) === 0 ? 'audio/aac' : 'audio/mpeg';
  }
  if (startsWith(bytes, 0x1a, 0x45, 0xdf, 0xa3)) return bytes.subarray(0, 64).includes('webm') ? 'video/webm' : 'video/x-matroska';
  const brands = ftypBrands(bytes);
  if (brands) {
    if (brands.includes('qt  ')) return 'video/quicktime';
    if (brands[0] === 'M4A ' || brands[0] === 'M4B ') return 'audio/mp4';
    if (brands.some((b) => b.startsWith('3gp') || b.startsWith('3g2'))) return 'video/3gpp';
    if (brands.some((b) => ['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4'].includes(b))) return 'video/mp4';
  }
  return null;
}

const MARKUP = /^(?:\s|\uFEFF)*<(?:!doctype\s+html|html|head|body|script|iframe|svg|\?xml|!--|[a-z]+[^>]*\s(?:on\w+|xmlns)\s*=)/i;

/** C0 control characters other than tab, line feed, form feed and carriage return: binary, not text. */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/;

/** UTF-8 text without NULs or other binary control characters that is not markup: text/plain (or text/csv by name), else null. */
function detectText(bytes: Buffer, name: string): string | null {
  if (bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  if (BINARY.test(text)) return null;
  if (MARKUP.test(text) || /<svg[\s>]/i.test(text.slice(0, 4096)) || /<html[\s>]/i.test(text.slice(0, 4096))) return null;
  return name.toLowerCase().endsWith('.csv') ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8';
}

/** Why a file is refused, for the 415 message. */
export function describeRefusal(bytes: Buffer): string {
  const head = bytes.subarray(0, 4096).toString('utf8');
  if (/<svg[\s>]/i.test(head)) return 'SVG images are not accepted (they can carry scripts).';
  if (/<(?:!doctype\s+html|html|script|body|head|iframe)[\s>]/i.test(head)) return 'HTML files are not accepted.';
  return 'This kind of file is not accepted.';
}

/**
 * The content type a document upload is stored and served with, decided by
 * its bytes: PDF, RTF, office documents, pictures, audio, video, plain text.
 * Null for anything else (SVG, HTML, executables, plain ZIP…).
 */
export function detectDocumentType(bytes: Buffer, name: string): string | null {
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(bytes, 0, 5) === '{\\rtf') return 'application/rtf';
  const image = detectImageFormat(bytes);
  if (image) return `image/${image}`;
  return detectOffice(bytes, name) ?? detectMedia(bytes) ?? detectText(bytes, name);
}

/**
 * The entry names of a ZIP archive, read from its central directory (the
 * end-of-central-directory record points to it). Null when the bytes are not
 * a readable ZIP. Only names are read; nothing is decompressed.
 */
export function zipEntryNames(bytes: Buffer, maxEntries = 5000): string[] | null {
  const EOCD = 0x06054b50;
  const CDH = 0x02014b50;
  // The EOCD record is 22 bytes plus a comment of up to 65535 bytes, at the very end.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  const names: string[] = [];
  let at = cdOffset;
  for (let n = 0; n < Math.min(count, maxEntries); n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CDH) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

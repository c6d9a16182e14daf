import sharp from 'sharp';

/** The product mark on the accent colour (Apple's required icon, and the logo strip). */
function markSvg(size: number, background: string, foreground: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
      `<rect width="100" height="100" rx="22" fill="${background}"/>` +
      `<text x="50" y="66" font-family="sans-serif" font-weight="700" font-size="46" text-anchor="middle" fill="${foreground}">VBC</text>` +
      '</svg>',
  );
}

const iconCache = new Map<string, Record<string, Buffer>>();

/** icon.png, @2x, @3x (29, 58, 87 px: Apple's sizes) in the pass's colours; made once per colour pair. */
export async function passIcons(background: string, foreground: string): Promise<Record<string, Buffer>> {
  const key = `${background}/${foreground}`;
  const cached = iconCache.get(key);
  if (cached) return cached;
  const sizes = { 'icon.png': 29, 'icon@2x.png': 58, 'icon@3x.png': 87 };
  const files: Record<string, Buffer> = {};
  for (const [name, size] of Object.entries(sizes)) {
    files[name] = await sharp(markSvg(size, background, foreground))
      .png()
      .toBuffer();
  }
  if (iconCache.size > 100) iconCache.clear();
  iconCache.set(key, files);
  return files;
}

/** thumbnail.png and @2x (90 and 180 px squares) from the picture's bytes; none when it cannot be read as an image. */
export async function passThumbnails(picture: Buffer | null | undefined): Promise<Record<string, Buffer>> {
  if (!picture) return {};
  try {
    const [one, two] = await Promise.all(
      [90, 180].map((size) => sharp(picture).rotate().resize(size, size, { fit: 'cover' }).png().toBuffer()),
    );
    return { 'thumbnail.png': one!, 'thumbnail@2x.png': two! };
  } catch {
    return {};
  }
}

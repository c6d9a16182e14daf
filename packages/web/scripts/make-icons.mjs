// Renders the PWA / touch icons from public/icons/icon.svg with sharp.
// Run once after changing the SVG: `node packages/web/scripts/make-icons.mjs`; the PNGs are committed.
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const svg = readFileSync(`${dir}icon.svg`);
// Maskable: full-bleed background, the card inside the 80 % safe zone.
const maskable = Buffer.from(
  svg
    .toString()
    .replace('rx="112"', 'rx="0"')
    .replace('<rect x="88"', '<g transform="translate(51.2 51.2) scale(.8)"><rect x="88"')
    .replace('</svg>', '</g></svg>'),
);

const out = [
  [svg, 192, 'icon-192.png'],
  [svg, 512, 'icon-512.png'],
  [maskable, 512, 'icon-maskable-512.png'],
  [maskable, 180, 'apple-touch-icon.png'],
];
for (const [source, size, name] of out) {
  await sharp(source, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toFile(`${dir}${name}`);
  console.log(`wrote ${name}`);
}

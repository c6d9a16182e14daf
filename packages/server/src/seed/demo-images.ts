import sharp from 'sharp';

/**
 * A placeholder portrait: the initials on a soft gradient, nothing else (no
 * silhouette under them), as a 512 px JPEG. `initials` are letters: the text is
 * set in DejaVu Sans, which has no emoji (a pet gets `petAvatar`).
 */
export function avatar(initials: string, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    ${gradient(from, to)}
    <text x="256" y="256" dy="0.35em" font-family="DejaVu Sans, sans-serif" font-size="176" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A pet's placeholder: a paw print drawn as shapes (no emoji glyph, which needs a font we do not have), 512 px JPEG. */
export function petAvatar(from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    ${gradient(from, to)}
    <g fill="#fff">${PAW}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The paw print of `petAvatar`: four toes and the pad, centred on 512×512. */
export const PAW = `<ellipse cx="160" cy="200" rx="38" ry="50" transform="rotate(-20 160 200)"/>
    <ellipse cx="212" cy="138" rx="36" ry="52"/><ellipse cx="300" cy="138" rx="36" ry="52"/>
    <ellipse cx="352" cy="200" rx="38" ry="50" transform="rotate(20 352 200)"/>
    <path d="M256 236c-52 0-112 70-112 124 0 36 28 52 58 46 20-4 36-14 54-14s34 10 54 14c30 6 58-10 58-46 0-54-60-124-112-124z"/>`;

const gradient = (from: string, to: string) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>`;

/** A landscape "photo": sky, sun and hills in the given palette, 1200×800 JPEG. */
export function landscape(sky: string, sun: string, hill1: string, hill2: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#s)"/>
    <circle cx="880" cy="260" r="110" fill="${sun}"/>
    <path d="M0 560 Q 300 380 600 540 T 1200 500 V 800 H 0 Z" fill="${hill1}"/>
    <path d="M0 660 Q 350 520 700 650 T 1200 640 V 800 H 0 Z" fill="${hill2}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A wide cover banner, 1500×500 JPEG. */
export function cover(from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500">
    <defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1500" height="500" fill="url(#c)"/>
    <g fill="rgba(255,255,255,0.08)"><circle cx="200" cy="100" r="180"/><circle cx="1300" cy="420" r="240"/><circle cx="800" cy="250" r="90"/></g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

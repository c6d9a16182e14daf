import sharp from 'sharp';

/** A portrait-style avatar: a soft gradient with initials, as a 512 px JPEG. */
export function avatar(initials: string, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="512" height="512" fill="url(#g)"/>
    <circle cx="256" cy="210" r="92" fill="rgba(255,255,255,0.22)"/>
    <ellipse cx="256" cy="470" rx="170" ry="130" fill="rgba(255,255,255,0.22)"/>
    <text x="256" y="235" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

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

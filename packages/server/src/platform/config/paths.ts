import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The @vbc/server folder, found from this module whether it runs from the sources (`src/…`, under
 * tsx or vitest) or from the build (`dist/main.js`, the production entry): the nearest folder
 * up that holds the migrations.
 */
function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No drizzle/ migrations folder above ${fileURLToPath(import.meta.url)}.`);
    dir = up;
  }
}

export const SERVER_ROOT = serverRoot();
/** Drizzle migrations, applied at start. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** Where `npm run build` puts the web app. */
export const WEB_DIST = path.join(SERVER_ROOT, '..', 'web', 'dist');

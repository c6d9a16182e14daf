// What `npm start` builds before it runs (and the benchmarks before they start the product): the
// web app once, the server whenever its sources are newer than packages/server/dist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const serverEntry = path.join(root, 'packages/server/dist/main.js');

/** Newest modification time of the TypeScript sources under `dir` (tests excluded). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(file));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** Builds what is missing or stale; resolves with the built server's entry file. */
export async function ensureBuilt() {
  if (!existsSync(path.join(root, 'packages/web/dist/index.html'))) {
    console.log('Building the web app (first start only)…');
    const build = spawnSync(npm, ['run', 'build', '-w', '@vbc/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const sources = ['packages/server/src', 'packages/shared/src'].map((d) => newestSource(path.join(root, d)));
  if (!existsSync(serverEntry) || statSync(serverEntry).mtimeMs < Math.max(...sources)) {
    console.log('Building the server…');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  }
  return serverEntry;
}

// `npm start`: build what is not built (the web app once; the server whenever its sources are
// newer than packages/server/dist), then run the built server IN THIS PROCESS, with the embedded
// database and demo cards on an empty database (DESIGN §9). No child process: the npm script
// `exec`s node, so the SIGTERM a process manager sends lands on the server itself, which closes
// gracefully and exits 0. Production runs the same build directly: `node packages/server/dist/main.js`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

process.chdir(root);
process.env.SEED_DEMO ??= 'true';
await import(pathToFileURL(serverEntry).href);

// `npm start`: build what is not built (the web app once; the server whenever its sources are
// newer than packages/server/dist), then run the built server IN THIS PROCESS, with the embedded
// database and demo cards on an empty database (docs/contracts.md §D9). No child process: the npm script
// `exec`s node, so the SIGTERM a process manager sends lands on the server itself, which closes
// gracefully and exits 0. Production runs the same build directly, with the same Node flags as the
// npm script: `node --min-semi-space-size=16 --max-semi-space-size=16 packages/server/dist/main.js`.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = await ensureBuilt();

process.chdir(root);
process.env.SEED_DEMO ??= 'true';
await import(pathToFileURL(serverEntry).href);

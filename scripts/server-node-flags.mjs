// The Node flags the server runs with, written once: in package.json's `start` script (`npm start`
// runs `exec node <flags> scripts/start.mjs`). The benchmarks read them from there to start the
// product as it runs; docs/deployment.md gives the production command with them.
//
// --min-semi-space-size=16 --max-semi-space-size=16: a young generation of fixed size, two halves
// of 16 MB (V8 starts them at 1 MB). V8 otherwise sizes it at run time, and the same build ran
// at one of two speeds from one start to the next (docs/benchmarks.md). The price: up to 30 MB more memory.
import { readFileSync } from 'node:fs';

const start = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;

/** The flags between `node` and the script in package.json's `start` script. */
export const SERVER_NODE_FLAGS = /\bnode\s+((?:--\S+\s+)*)/.exec(start)?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];

// Builds the server to JavaScript: packages/server/src/main.ts → packages/server/dist/main.js, one
// ES module for `node` (the production entry: no tsx, no TypeScript compilation at run time).
// The workspace's own packages (@vbc/shared, TypeScript sources) are bundled in; every npm
// dependency stays an import resolved from node_modules at run time (sharp, pg, PGlite…).
// Migrations are not bundled: the server reads packages/server/drizzle/ next to dist/.
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bare imports other than @vbc/* are left to node_modules. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vbc/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Writes packages/server/dist/main.js (and its source map), each replaced in one rename, so a
 * server starting meanwhile (another test, a second `npm start`) never reads a half-written file.
 */
export async function buildServer() {
  const dist = `${root}packages/server/dist`;
  const result = await build({
    entryPoints: [`${root}packages/server/src/main.ts`],
    outfile: `${dist}/main.js`,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalDependencies],
  });
  mkdirSync(dist, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();

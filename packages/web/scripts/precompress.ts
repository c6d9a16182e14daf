/**
 * Vite plugin: writes `.br` and `.gz` beside every built script, style sheet,
 * SVG and manifest, so the server can send them compressed without spending
 * CPU per request (@fastify/static `preCompressed: true`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|webmanifest|json|txt)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== '.vite') yield* files(full);
    } else if (COMPRESSIBLE.test(name)) yield full;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vbc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the PWA plugin has written the service worker (closeBundle runs last).
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of files(outDir)) {
          try {
            const bytes = readFileSync(file);
            if (bytes.length < MIN_BYTES) continue;
            writeFileSync(
              `${file}.br`,
              brotliCompressSync(bytes, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
              }),
            );
            writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
          } catch (error) {
            // Another build emptied the folder meanwhile: the plain file is still served, uncompressed.
            if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
            this.warn(`precompress: ${path.basename(file)} vanished while compressing`);
          }
        }
      },
    },
  };
}

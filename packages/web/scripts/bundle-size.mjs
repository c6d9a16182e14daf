// JavaScript of a card link (/vbc/{quickId}), gzip, from the Vite manifest. Two figures:
// - before interactive: what a server-rendered card page loads before the visitor can act: the
//   boot entry (src/card-boot.ts) and its static imports — the page's only script (the server
//   puts nothing else in it; see packages/server/src/web/link-preview.ts). Budget 60 KB (issue 13).
// - the app on demand: what the first touch then loads to hydrate (main.tsx's entry, the contact
//   screen, the heaviest layout) — printed, not budgeted.
// Exits 1 over the budget. Usage: node packages/web/scripts/bundle-size.mjs [--budget-kb 60] [--dist path/to/dist]
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? `${process.argv[distArg + 1].replace(/\/+$/, '')}/` : fileURLToPath(new URL('../dist/', import.meta.url));
const budgetArg = process.argv.indexOf('--budget-kb');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 60;

let manifest;
try {
  manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
} catch {
  console.error('No dist/.vite/manifest.json: run "npm run build -w @vbc/web" first.');
  process.exit(2);
}

/** Adds the chunk of manifest `key` and its static imports to `files`. */
const visit = (files, key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(files, dep);
};
const gz = (file) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;

const table = (files) => {
  const rows = [...files].map((file) => {
    const bytes = readFileSync(`${dist}${file}`);
    return { file, raw: bytes.length, gzip: gz(file), brotli: brotliCompressSync(bytes).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const kb = (n) => (n / 1024).toFixed(1).padStart(7);
  for (const r of rows) console.log(`${kb(r.gzip)} KB gzip  ${kb(r.raw)} KB raw  ${r.file}`);
  return { gzip: rows.reduce((s, r) => s + r.gzip, 0), brotli: rows.reduce((s, r) => s + r.brotli, 0), count: rows.length };
};

// Before interactive: the boot entry and its imports.
const boot = new Set();
visit(boot, 'src/card-boot.ts');
const before = table(boot);
console.log(
  `JS before interactive on /vbc/{quickId} (server-rendered): ${(before.gzip / 1024).toFixed(1)} KB gzip in ${before.count} files (budget ${budgetKb} KB); ${(before.brotli / 1024).toFixed(1)} KB brotli\n`,
);

// On demand: the app that hydrates the card (minus what the boot already loaded), with the heaviest layout.
const app = new Set();
visit(app, 'src/main.tsx'); // the app's entry (the card page imports it; index.html loads the same chunks)
visit(app, 'src/screens/Contact/ContactScreen.tsx');
const LAYOUTS = ['Default', 'Simple', 'Artist', 'Facebook'].map((n) => `src/screens/Contact/layouts/${n}Layout.tsx`);
let heaviest = [];
let heaviestSize = -1;
for (const key of LAYOUTS) {
  if (!manifest[key]) continue; // bundled into another chunk (counted with it)
  const withLayout = new Set(app);
  visit(withLayout, key);
  const added = [...withLayout].filter((f) => !app.has(f));
  const size = added.reduce((sum, f) => sum + gz(f), 0);
  if (size > heaviestSize) [heaviest, heaviestSize] = [added, size];
}
for (const f of heaviest) app.add(f);
for (const f of boot) app.delete(f);
const later = table(app);
console.log(`JS loaded on the first touch (the app hydrating the card): ${(later.gzip / 1024).toFixed(1)} KB gzip in ${later.count} files`);

if (before.gzip > budgetKb * 1024) {
  console.error(`OVER BUDGET by ${((before.gzip - budgetKb * 1024) / 1024).toFixed(1)} KB`);
  process.exit(1);
}

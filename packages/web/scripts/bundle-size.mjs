// First-load JavaScript of a card link (/vbc/{quickId}), gzip, from the Vite manifest:
// the entry and its static imports, every modulepreload of dist/index.html, the contact
// screen's chunk and its imports, and the heaviest of the four layout chunks.
// Exits 1 over the budget. Usage: node packages/web/scripts/bundle-size.mjs [--budget-kb 150] [--dist path/to/dist]
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? `${process.argv[distArg + 1].replace(/\/+$/, '')}/` : fileURLToPath(new URL('../dist/', import.meta.url));
const budgetArg = process.argv.indexOf('--budget-kb');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 150;

/**
 * Chunks loaded on a card link besides the entry: the route's screen. (The app windows,
 * src/dialogs/DialogHost.tsx, load later: when the page is first idle or touched.)
 */
const ROUTE_MODULES = ['src/screens/Contact/ContactScreen.tsx'];

let manifest;
try {
  manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
} catch {
  console.error('No dist/.vite/manifest.json: run "npm run build -w @vbc/web" first.');
  process.exit(2);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit('index.html');
for (const key of ROUTE_MODULES) visit(key);

// A card shows one of four layouts, each its own chunk: count the heaviest.
const LAYOUTS = ['Default', 'Simple', 'Artist', 'Facebook'].map((n) => `src/screens/Contact/layouts/${n}Layout.tsx`);
const gz = (file) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
let heaviest = new Set();
let heaviestSize = -1;
for (const key of LAYOUTS) {
  if (!manifest[key]) continue; // bundled into another chunk (counted with it)
  const before = new Set(files);
  visit(key);
  const added = [...files].filter((f) => !before.has(f));
  const size = added.reduce((sum, f) => sum + gz(f), 0);
  for (const f of added) files.delete(f);
  if (size > heaviestSize) [heaviest, heaviestSize] = [new Set(added), size];
}
for (const f of heaviest) files.add(f);

// Whatever index.html itself references (entry script, modulepreloads).
const html = readFileSync(`${dist}index.html`, 'utf8');
for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/vbc\/([^"]+\.js)"/g)) files.add(m[1]);

const rows = [...files].map((file) => {
  const bytes = readFileSync(`${dist}${file}`);
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli: brotliCompressSync(bytes).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
for (const r of rows) console.log(`${kb(r.gzip)} KB gzip  ${kb(r.raw)} KB raw  ${r.file}`);
const total = rows.reduce((s, r) => s + r.gzip, 0);
const brotli = rows.reduce((s, r) => s + r.brotli, 0);
console.log(`\nfirst-load JS for /vbc/{quickId}: ${(total / 1024).toFixed(1)} KB gzip in ${rows.length} files (budget ${budgetKb} KB); ${(brotli / 1024).toFixed(1)} KB brotli`);
if (total > budgetKb * 1024) {
  console.error(`OVER BUDGET by ${((total - budgetKb * 1024) / 1024).toFixed(1)} KB`);
  process.exit(1);
}

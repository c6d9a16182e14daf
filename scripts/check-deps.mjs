// Dependency check (part of `npm run lint` and `npm test`): for every workspace, fails when a
// package is imported but not declared in that workspace's package.json (it would work only
// through hoisting), or declared but never used. A declared package counts as used when:
// - a source file of the workspace imports it (import/export from, import(), require());
// - it is `@types/<x>` and <x> is imported (or named in a tsconfig `types` / `/// <reference types>`);
//   `@types/node` when a `node:` module is imported;
// - one of its binaries runs in the workspace's package.json scripts or in its scripts/ files;
// - it is named as a string in a config file (`*.config.*`, e.g. a test environment);
// - it is a peer dependency of another declared package that is used (MUI needs @emotion/*).
// The root package's devDependencies are the monorepo's toolchain (vitest, typescript, eslint,
// tsx, @types/node): every workspace may import them without declaring them again.
// Usage: node scripts/check-deps.mjs [--root <monorepo dir>]   (exits 1 and lists every problem)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? `${process.argv[rootArg + 1].replace(/\/+$/, '')}/` : fileURLToPath(new URL('..', import.meta.url));

/**
 * Declared but not imported yet, on purpose. Each entry says why and when it goes.
 * Remove an entry as soon as its reason is gone: the check then holds the package to the rule.
 */
const ALLOWED_UNUSED = {
  '@vbc/server': [
    // Branch `push` (issue 12) imports them (src/push/); remove when push lands on main.
    'web-push',
    '@types/web-push',
  ],
  vbc: [
    // Hoisting, not an import: i18next-icu (the server's, issue 31) imports intl-messageformat's
    // default export, which Node's ESM loader finds only in 11 (10 is CommonJS). Declared here so
    // that 11 is the copy in node_modules/ that i18next-icu resolves; lighthouse keeps its 10 nested.
    // Goes when lighthouse moves to intl-messageformat 11 (or i18next-icu resolves it itself).
    'intl-messageformat',
  ],
};

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const rootPkg = readJson(join(root, 'package.json'));
// The root last: its toolchain counts as used when any workspace uses it.
const workspaces = [
  ...rootPkg.workspaces.map((w) => ({ dir: join(root, w), pkg: readJson(join(root, w, 'package.json')), isRoot: false })),
  { dir: root, pkg: rootPkg, isRoot: true },
];
const workspaceDirs = workspaces.filter((w) => !w.isRoot).map((w) => w.dir);

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', '.git', 'coverage', 'data', '.vitest-results', 'drizzle']);

/** The workspace's own files: not another workspace's, not node_modules or build output. */
function sourceFiles(dir, isRoot) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const path = join(d, entry.name);
      if (entry.isDirectory()) {
        if (isRoot && workspaceDirs.some((w) => path === w || w.startsWith(`${path}/`))) {
          if (workspaceDirs.includes(path)) continue;
          walk(path); // a folder that holds workspaces (packages/): look inside, skipping them
          continue;
        }
        walk(path);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  walk(dir);
  return out;
}

const BUILTINS = new Set(builtinModules);
/** The package an import specifier names, or null for relative, builtin and virtual ones. */
function packageOf(spec) {
  if (/^(?:\.|\/|node:|virtual:|#|data:|https?:)/.test(spec)) return null;
  const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
  return BUILTINS.has(name) ? null : name;
}

// Static imports and re-exports at the start of a line; dynamic import() and require() anywhere.
const IMPORT =
  /(?:^[ \t]*import\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?|^[ \t]*export\s+(?:type\s+)?[\w*{}\s,$]+?\s+from\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bvi\.mock\s*\(\s*)['"]([^'"\n]+)['"]/gm;
const REFERENCE_TYPES = /\/\/\/\s*<reference\s+types="([^"]+)"/g;

const binariesOf = (name, dir) => {
  for (const base of [join(dir, 'node_modules', name), join(root, 'node_modules', name)]) {
    const file = join(base, 'package.json');
    if (!existsSync(file)) continue;
    const { bin } = readJson(file);
    return typeof bin === 'string' ? [name.split('/').pop()] : Object.keys(bin ?? {});
  }
  return [];
};
const peersOf = (name, dir) => {
  for (const base of [join(dir, 'node_modules', name), join(root, 'node_modules', name)]) {
    const file = join(base, 'package.json');
    if (existsSync(file)) return Object.keys(readJson(file).peerDependencies ?? {});
  }
  return [];
};

const toolchain = new Set(Object.keys(rootPkg.devDependencies ?? {}));
const problems = [];
/** Toolchain packages (root devDependencies) that some workspace uses. */
const toolchainUsed = new Set();

for (const { dir, pkg, isRoot } of workspaces) {
  const declared = new Set(
    ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {})),
  );
  const imported = new Map(); // package → first file importing it
  const typeRefs = new Set();
  let usesNodeBuiltins = false;
  let scriptText = Object.values(pkg.scripts ?? {}).join('\n');
  let configText = '';

  for (const file of sourceFiles(dir, isRoot)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(dir, file);
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1];
      if (spec.startsWith('node:') || BUILTINS.has(spec.split('/')[0])) usesNodeBuiltins = true;
      const name = packageOf(spec);
      if (name && name !== pkg.name && !imported.has(name)) imported.set(name, rel);
    }
    for (const m of text.matchAll(REFERENCE_TYPES)) typeRefs.add(packageOf(m[1]));
    if (/(^|\/)scripts\//.test(rel)) scriptText += `\n${text}`;
    if (/\.config\.[cm]?[jt]s$/.test(file)) configText += `\n${text}`;
  }
  for (const file of readdirSync(dir).filter((f) => /^tsconfig.*\.json$/.test(f))) {
    const types = readJson(join(dir, file)).compilerOptions?.types ?? [];
    for (const t of types) typeRefs.add(packageOf(t));
  }

  const where = isRoot ? 'package.json (root)' : `${relative(root, dir)}/package.json`;
  for (const [name, file] of imported) {
    if (!declared.has(name) && toolchain.has(name)) toolchainUsed.add(name);
    if (declared.has(name) || toolchain.has(name)) continue;
    problems.push(`${where}: "${name}" is imported (${relative(root, join(dir, file))}) but not declared`);
  }

  const used = new Set([...imported.keys(), ...typeRefs, ...(isRoot ? toolchainUsed : [])]);
  const isUsed = (name) => {
    if (used.has(name)) return true;
    if (name.startsWith('@types/')) {
      const target = name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');
      return used.has(target) || (target === 'node' && usesNodeBuiltins);
    }
    if (
      binariesOf(name, dir).some((bin) =>
        new RegExp(`(^|[\\s'"(&|;])${bin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s'")]|$)`, 'm').test(scriptText),
      )
    )
      return true;
    return new RegExp(`['"]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`).test(configText);
  };
  // Used directly, then whatever a used package needs as a peer.
  const usedDeclared = new Set([...declared].filter(isUsed));
  for (let grew = true; grew;) {
    grew = false;
    for (const name of usedDeclared) {
      for (const peer of peersOf(name, dir)) {
        if (declared.has(peer) && !usedDeclared.has(peer)) {
          usedDeclared.add(peer);
          grew = true;
        }
      }
    }
  }
  const allowed = new Set(ALLOWED_UNUSED[pkg.name] ?? []);
  for (const name of declared) {
    if (usedDeclared.has(name) || allowed.has(name)) continue;
    problems.push(`${where}: "${name}" is declared but nothing imports or runs it`);
  }
}

if (problems.length > 0) {
  console.error(`Dependency check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Dependency check: ${workspaces.length} package.json files match their imports.`);

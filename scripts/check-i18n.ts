// Catalogue check (part of `npm run lint`, issue 31), over packages/shared/src/i18n/locales/{locale}/{namespace}.json:
// - every namespace file exists in every locale, and has exactly English's keys (none missing, none extra);
// - every message parses as ICU MessageFormat and uses the same arguments (name and kind: plain, number,
//   date, time, plural, select, tag) in every locale;
// - no unused key: each key appears as a string literal ('a.b', "a.b" or `a.b`, or 'namespace:a.b') in some
//   source file under packages/*/src that is not a test.
// Usage: tsx scripts/check-i18n.ts [--root <monorepo dir>]   (exits 1 and lists every problem)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const LOCALES_DIR = 'packages/shared/src/i18n/locales';
const REFERENCE_LOCALE = 'en';

type TCatalogue = Record<string, string>;

/** Nested catalogue JSON → `{ 'a.b.c': message }`; a value that is neither string nor object is a problem. */
function flatten(value: unknown, prefix: string, out: TCatalogue, problems: string[], where: string): TCatalogue {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out, problems, where);
  else problems.push(`${where}: "${prefix}" is not a message (a string) nor a group of messages`);
  return out;
}

/** The arguments a message uses, as sorted `name:kind` strings (plural and select branches included). */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  const kinds: Partial<Record<TYPE, string>> = {
    [TYPE.argument]: 'plain',
    [TYPE.number]: 'number',
    [TYPE.date]: 'date',
    [TYPE.time]: 'time',
    [TYPE.plural]: 'plural',
    [TYPE.select]: 'select',
    [TYPE.tag]: 'tag',
  };
  for (const element of elements) {
    const kind = kinds[element.type];
    if (kind && 'value' in element && typeof element.value === 'string') found.add(`${element.value}:${kind}`);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
  }
  return found;
}

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST = /\.test\.(ts|tsx|mts|js|mjs)$/;

/** The text of every non-test source file under packages/<name>/src. */
function sources(root: string): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'locales') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !TEST.test(name)) texts.push(readFileSync(path, 'utf8'));
    }
  };
  const packages = join(root, 'packages');
  for (const pkg of existsSync(packages) ? readdirSync(packages) : []) {
    const src = join(packages, pkg, 'src');
    if (existsSync(src)) walk(src);
  }
  return texts;
}

/** Every problem of the catalogues under `root` (empty when they are all right). */
export function checkCatalogues(root: string): string[] {
  const problems: string[] = [];
  const dir = join(root, LOCALES_DIR);
  if (!existsSync(join(dir, REFERENCE_LOCALE))) return [`${LOCALES_DIR}/${REFERENCE_LOCALE} is missing`];
  const locales = readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
  const namespaces = new Set(
    locales.flatMap((locale) =>
      readdirSync(join(dir, locale))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5)),
    ),
  );
  const used = sources(root).join('\n');
  for (const ns of [...namespaces].sort()) {
    const catalogues = new Map<string, TCatalogue>();
    for (const locale of locales) {
      const file = join(dir, locale, `${ns}.json`);
      const where = relative(root, file);
      if (!existsSync(file)) {
        problems.push(`${where}: missing (every locale has every namespace)`);
        continue;
      }
      try {
        catalogues.set(locale, flatten(JSON.parse(readFileSync(file, 'utf8')), '', {}, problems, where));
      } catch (error) {
        problems.push(`${where}: not valid JSON (${(error as Error).message})`);
      }
    }
    const reference = catalogues.get(REFERENCE_LOCALE);
    if (!reference) continue;
    const referenceArgs = new Map<string, string>();
    for (const [locale, catalogue] of catalogues) {
      const where = `${LOCALES_DIR}/${locale}/${ns}.json`;
      for (const key of Object.keys(reference)) if (!(key in catalogue)) problems.push(`${where}: missing key "${key}"`);
      for (const key of Object.keys(catalogue))
        if (!(key in reference)) problems.push(`${where}: key "${key}" is not in ${REFERENCE_LOCALE}`);
      for (const [key, message] of Object.entries(catalogue)) {
        let args: string;
        try {
          args = [...argumentsOf(parse(message))].sort().join(', ');
        } catch (error) {
          problems.push(`${where}: "${key}" is not ICU MessageFormat (${(error as Error).message})`);
          continue;
        }
        if (locale === REFERENCE_LOCALE) referenceArgs.set(key, args);
      }
    }
    for (const [locale, catalogue] of catalogues) {
      if (locale === REFERENCE_LOCALE) continue;
      for (const [key, message] of Object.entries(catalogue)) {
        const expected = referenceArgs.get(key);
        if (expected === undefined) continue;
        let args: string;
        try {
          args = [...argumentsOf(parse(message))].sort().join(', ');
        } catch {
          continue; // reported above
        }
        if (args !== expected)
          problems.push(`${LOCALES_DIR}/${locale}/${ns}.json: "${key}" has arguments {${args}}, ${REFERENCE_LOCALE} has {${expected}}`);
      }
    }
    for (const key of Object.keys(reference)) {
      const quoted = [`'${key}'`, `"${key}"`, `\`${key}\``, `'${ns}:${key}'`, `"${ns}:${key}"`];
      if (!quoted.some((literal) => used.includes(literal)))
        problems.push(`${LOCALES_DIR}/${REFERENCE_LOCALE}/${ns}.json: key "${key}" is used by no source (as the literal '${key}')`);
    }
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 ? process.argv[rootArg + 1]! : fileURLToPath(new URL('..', import.meta.url));
  const problems = checkCatalogues(root);
  if (problems.length) {
    console.error(`i18n catalogues: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCatalogues } from './check-i18n.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A small monorepo: `files` maps a path to its text (objects are written as JSON). */
function repo(files: Record<string, string | object>): string {
  dir = mkdtempSync(join(tmpdir(), 'check-i18n-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}
const L = 'packages/shared/src/i18n/locales';
const source = "t('card.title'); t('card.count'); t(\"greeting\");\n";

describe('scripts/check-i18n.ts', () => {
  it('passes complete catalogues whose keys are all used, with the same ICU arguments in every locale', () => {
    const root = repo({
      [`${L}/en/card.json`]: { card: { title: 'Card', count: '{count, plural, one {# card} other {# cards}}' }, greeting: 'Hi {name}' },
      [`${L}/ar/card.json`]: {
        card: {
          title: 'بطاقة',
          count: '{count, plural, zero {لا بطاقات} one {بطاقة واحدة} two {بطاقتان} few {# بطاقات} many {# بطاقة} other {# بطاقة}}',
        },
        greeting: 'مرحبًا {name}',
      },
      'packages/web/src/Card.tsx': source,
    });
    expect(checkCatalogues(root)).toEqual([]);
  });

  it('lists a missing key, an extra key, a missing file, changed arguments, a parse error and an unused key', () => {
    const root = repo({
      [`${L}/en/card.json`]: {
        card: { title: 'Card', count: '{count, plural, one {# card} other {# cards}}' },
        greeting: 'Hi {name}',
        unused: 'x',
      },
      [`${L}/en/auth.json`]: { signIn: 'Sign in' },
      [`${L}/es/card.json`]: {
        card: { title: 'Tarjeta {name}', count: '{count, plural, one {# tarjeta' },
        greeting: 'Hola {nombre}',
        extra: 'y',
        unused: 'x',
      },
      'packages/web/src/Card.tsx': source,
      // A key used only in a test does not count.
      'packages/web/src/Card.test.tsx': "t('signIn')",
    });
    const problems = checkCatalogues(root);
    expect(problems).toEqual(
      expect.arrayContaining([
        `${L}/es/card.json: key "extra" is not in en`,
        `${L}/es/card.json: "card.title" has arguments {name:plain}, en has {}`,
        `${L}/es/card.json: "greeting" has arguments {nombre:plain}, en has {name:plain}`,
        expect.stringMatching(/^packages\/shared\/src\/i18n\/locales\/es\/card\.json: "card\.count" is not ICU MessageFormat/),
        `${L}/es/auth.json: missing (every locale has every namespace)`,
        `${L}/en/card.json: key "unused" is used by no source (as the literal 'unused')`,
        `${L}/en/auth.json: key "signIn" is used by no source (as the literal 'signIn')`,
      ]),
    );
    expect(problems).toHaveLength(7);
  });

  it('lists a key missing from a locale', () => {
    const root = repo({
      [`${L}/en/card.json`]: { greeting: 'Hi {name}', card: { title: 'Card', count: 'n' } },
      [`${L}/fil/card.json`]: { greeting: 'Kumusta {name}' },
      'packages/web/src/Card.tsx': source,
    });
    expect(checkCatalogues(root)).toEqual([`${L}/fil/card.json: missing key "card.title"`, `${L}/fil/card.json: missing key "card.count"`]);
  });
});

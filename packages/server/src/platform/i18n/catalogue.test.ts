/**
 * The server's namespaces of the catalogue (issue 31) are complete: every locale has the same keys as
 * English, each message parses as ICU MessageFormat with the same arguments (names, kinds and select
 * cases) as the English one, and every key is referenced as a literal string in the server's code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@vbc/shared/i18n/locales';
import { SERVER_CATALOGUE, SERVER_NAMESPACES, type TMessages } from './catalogue.ts';
import { translatorFor } from './translator.ts';

/** `{ a: { b: 'x' } }` → `[['a.b', 'x']]`. */
function flatten(messages: TMessages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

/** A message's arguments as `name:kind` (select arguments with their cases), sorted and unique. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): string[] {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, into);
      continue;
    }
    if (element.type === TYPE.select) into.add(`${element.value}:select(${Object.keys(element.options).sort().join('|')})`);
    else into.add(`${element.value}:${TYPE[element.type]}`);
    if (element.type === TYPE.select || element.type === TYPE.plural)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return [...into].sort();
}

/** The server's product code (tests excluded), for the literal-key check. */
function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe.each(SERVER_NAMESPACES)('the %s namespace', (namespace) => {
  const english = flatten(SERVER_CATALOGUE.en[namespace]);

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys, each with the same ICU arguments', (locale) => {
    const translated = new Map(flatten(SERVER_CATALOGUE[locale][namespace]));
    expect([...translated.keys()].sort()).toEqual(english.map(([key]) => key).sort());
    for (const [key, message] of english) {
      const other = translated.get(key)!;
      expect(argumentsOf(parse(other, { requiresOtherClause: true })), `${locale} ${namespace}:${key}`).toEqual(
        argumentsOf(parse(message)),
      );
      // A translation is never the English text left in place (names of things excepted: none here).
      if (/[a-z]{4}/i.test(message.replace(/\{[^{}]*\}/g, ''))) expect(other, `${locale} ${namespace}:${key}`).not.toBe(message);
    }
  });

  it('every key is used by the server as a literal string', () => {
    const code = serverSources(fileURLToPath(new URL('../../', import.meta.url))).join('\n');
    const unused = english.map(([key]) => key).filter((key) => !code.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });
});

describe('translatorFor', () => {
  it('formats ICU plurals by each language’s rules (Arabic has six forms) and inserts values as given', () => {
    const minutes = (locale: (typeof LOCALES)[number], n: number) =>
      translatorFor(locale, 'email')('code.verify.use', { minutes: n }).split(/[.،]/)[0];
    expect(minutes('en', 1)).toBe('It is valid for 1 minute and works once');
    expect(minutes('en', 5)).toBe('It is valid for 5 minutes and works once');
    expect(minutes('es', 1)).toBe('Es válido durante 1 minuto y solo funciona una vez');
    expect(minutes('ar', 1)).toBe('الرمز صالح لمدة دقيقة واحدة ويُستخدم مرة واحدة فقط');
    expect(minutes('ar', 2)).toBe('الرمز صالح لمدة دقيقتين ويُستخدم مرة واحدة فقط');
    expect(minutes('ar', 5)).toBe('الرمز صالح لمدة 5 دقائق ويُستخدم مرة واحدة فقط');
    expect(minutes('ar', 11)).toBe('الرمز صالح لمدة 11 دقيقة ويُستخدم مرة واحدة فقط');
    expect(translatorFor('fil', 'push')('lead.title', { name: '{Ana} <b>' })).toBe('Ibinahagi sa iyo ni {Ana} <b> ang kanyang mga detalye');
  });
});

import { readFileSync } from 'node:fs';
import { ConfigError } from './config.ts';

/**
 * A setting that carries a key, a certificate or a JSON document: the value itself when it looks
 * like one (`looksInline`), else the contents of the file it names. An unreadable file is a
 * ConfigError naming the setting, so a wrong path stops the start with a sentence, not a stack.
 */
export function settingText(name: string, value: string, looksInline: (text: string) => boolean): string {
  if (looksInline(value.trimStart())) return value;
  try {
    return readFileSync(value, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${name}: neither inline text nor a readable file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

/** PEM from a setting (text or a file path); inline text may carry its line breaks as `\n` (one-line environment values). */
export function pemSetting(name: string, value: string): string {
  return settingText(name, value, (text) => text.startsWith('-----BEGIN')).replace(/\\n/g, '\n');
}

import { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return (NUL, ESC, …). No text a
 * person types holds one; PostgreSQL refuses NUL in text outright.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

/** The message a field with a control character gets (after its name: "message: …"). */
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** Does `value` hold a C0 control character other than tab, line feed and carriage return? */
export const hasControlCharacter = (value: string): boolean => CONTROL_CHARACTER.test(value);

/**
 * The dotted path ("phones.0.phoneNumber", or "" for the value itself) of the first string in
 * `value` — an object, array or string, keys included — that holds a control character; null when none does.
 */
export function controlCharacterPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path.join('.') : null;
  if (!value || typeof value !== 'object' || depth > 20) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (hasControlCharacter(key)) return [...path, key].join('.');
    const found = controlCharacterPath(inner, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** A string without control characters: the base of every text input schema. */
export const zText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !hasControlCharacter(v), CONTROL_CHARACTER_MESSAGE);

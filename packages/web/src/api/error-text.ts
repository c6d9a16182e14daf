/**
 * What a failed call says to the person, in the active language (issue 31).
 *
 * The server's `message`s are English (docs/contracts.md §D3) and are the English app's own words
 * (SPEC §8: a call rejects with the response's message field, or the status). In another language
 * the app says it in its words instead: a message every form knows (SPEC §5's) by its `common`
 * catalogue entry, anything else by the error's stable `code` (`common:apiErrors.*`), or by its
 * status when the answer had no code.
 */
import i18next, { type TFunction } from 'i18next';
import { CONTROL_CHARACTER_MESSAGE } from '@vbc/shared/text';
import { DEFAULT_LOCALE } from '@vbc/shared/i18n/locales';
import { HttpError } from './http.ts';

/** A server message without its "field: " prefix ("otp: The code is wrong…" → "The code is wrong…"). */
export const withoutField = (message: string): string => message.replace(/^[A-Za-z][\w.]*: /, '');

/** A message of SPEC §5 every form shows (the shared schemas' English) in the language `t` speaks; undefined when unknown. */
export function problemText(t: TFunction<'common'>, message: string): string | undefined {
  if (message === 'Required.') return t('problems.required');
  if (message === 'Must be numbers.') return t('problems.numbers');
  if (message === 'Invalid email format') return t('problems.email');
  if (message === CONTROL_CHARACTER_MESSAGE) return t('problems.controlCharacters');
  const min = /^Min (\d+) characters$/.exec(message);
  if (min) return t('problems.min', { count: Number(min[1]) });
  const max = /^Max (\d+) characters$/.exec(message);
  if (max) return t('problems.max', { count: Number(max[1]) });
  const prefix = /^Must start with (\S+)\.$/.exec(message);
  if (prefix) return t('problems.startWith', { prefix: prefix[1] });
  return undefined;
}

/** The refusal's own sentence, chosen by its code (docs/contracts.md §D3's codes), else by its status. */
function refusalText(t: TFunction<'common'>, error: HttpError): string {
  switch (error.code) {
    case 'bad_request':
      return t('apiErrors.badRequest');
    case 'unauthorized':
      return t('apiErrors.unauthorized');
    case 'forbidden':
      return t('apiErrors.forbidden');
    case 'not_found':
      return t('apiErrors.notFound');
    case 'conflict':
      return t('apiErrors.conflict');
    case 'gone':
      return t('apiErrors.gone');
    case 'payload_too_large':
      return t('apiErrors.tooLarge');
    case 'not_acceptable':
    case 'unsupported_media_type':
      return t('apiErrors.unsupported');
    case 'locked':
    case 'too_many_requests':
      return t('apiErrors.tooMany');
    case 'not_configured':
      return t('apiErrors.notConfigured');
  }
  if (error.status === 0) return t('apiErrors.network');
  if (error.status === 429 || error.status === 423) return t('apiErrors.tooMany');
  if (error.status >= 500) return t('apiErrors.unavailable');
  return t('apiErrors.other');
}

/** A readable text for any rejection, in the active language. */
export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : String(error);
  if (!(error instanceof HttpError)) return message;
  const language = i18next.resolvedLanguage ?? i18next.language;
  // English is the server's own words; before the app's messages are there, they are all it has.
  if (!language || language === DEFAULT_LOCALE || !i18next.hasResourceBundle(language, 'common')) return message;
  const t = i18next.getFixedT(language, 'common');
  const parts = message.split('; ');
  const known = parts.length === 1 ? problemText(t, withoutField(message)) : undefined;
  return known ?? refusalText(t, error);
}

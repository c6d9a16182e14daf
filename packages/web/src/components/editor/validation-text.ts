/**
 * A field's validation message in the active language (issue 31). The shared schemas and the
 * editors' own rules speak English (SPEC §5's texts, which the server answers with too); this maps
 * each message the editors can show to its `editor` catalogue key (the ones every form shows to
 * `common`'s), with its number where it has one. A message it does not know (a server's own words) is shown as it came.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_CODE_MESSAGE } from '@vbc/shared/contact';
import { CONTROL_CHARACTER_MESSAGE } from '@vbc/shared/text';
import type { TFieldErrors } from '../field-errors.ts';

type TTranslate = (key: string, values?: Record<string, unknown>) => string;

/** `message` in the language `t` speaks; unknown messages unchanged. */
export function validationText(t: TTranslate, message: string): string {
  switch (message) {
    // SPEC §5's messages every form shows: one wording, the `common` catalogue's (i18n/problem-text.ts).
    case 'Required.':
      return t('common:problems.required');
    case 'Invalid email format':
      return t('common:problems.email');
    case 'Must be numbers.':
      return t('common:problems.numbers');
    case PIN_CODE_MESSAGE:
      return t('validation.pin');
    case 'WeChat needs a QR image: upload one.':
      return t('validation.wechatQr');
    case 'Upload the QR image.':
      return t('validation.qr');
    case 'The birth date cannot be in the future.':
      return t('validation.birthDate');
  }
  const lower = message.charAt(0).toLowerCase() + message.slice(1);
  if (lower === 'must be a colour like #282832') return t('validation.colour');
  if (lower === 'must be a date like 2024-05-31') return t('validation.date');
  if (lower === CONTROL_CHARACTER_MESSAGE) return t('validation.control');
  const atLeast = /^At least (\d+) characters\.$/.exec(message);
  if (atLeast) return t('validation.atLeast', { count: Number(atLeast[1]) });
  const atMost = /^At most (\d+) characters\.$/.exec(message);
  if (atMost) return t('validation.atMost', { count: Number(atMost[1]) });
  return message;
}

/** `validationText` bound to the active language; passes `undefined` through (no error). */
export function useValidationText(): (message: string | undefined) => string | undefined {
  // Both catalogues loaded before the form shows a message (editor first: its keys need no prefix).
  const { t } = useTranslation(['editor', 'common']);
  return useCallback((message: string | undefined) => (message === undefined ? undefined : validationText(t, message)), [t]);
}

/** Every message of a form's field errors in the active language. */
export function useTranslatedErrors(errors: TFieldErrors): TFieldErrors {
  const translate = useValidationText();
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, translate(message) ?? message]));
}

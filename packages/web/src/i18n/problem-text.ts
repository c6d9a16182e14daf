/**
 * The shared schemas' validation messages (@vbc/shared: account.ts, leads.ts, text.ts) are English,
 * the contract's words the server answers with too. A form shows them in the active language: a
 * known message by its catalogue entry (api/error-text.ts's `problemText`), anything else (a server
 * message no rule here knows) as it came.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../api/error-text.ts';

/**
 * `(message) => the message in the active language`. `known` adds a form's own messages
 * (`{ [englishMessage]: t('its.key') }`), looked up first.
 */
export function useProblemText(known: Readonly<Record<string, string>> = {}): (message: string | undefined | null) => string | undefined {
  const { t } = useTranslation('common');
  return useCallback(
    (message) => {
      if (!message) return undefined;
      if (message in known) return known[message];
      return problemText(t, message) ?? message;
    },
    [known, t],
  );
}

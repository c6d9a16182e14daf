/**
 * The shared schemas' validation messages (@vbc/shared: account.ts, leads.ts, text.ts) are English,
 * the contract's words the server answers with too. A form shows them in the active language: a
 * known message by its catalogue entry, anything else (a server message no rule here knows) as it came.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTROL_CHARACTER_MESSAGE } from '@vbc/shared/text';

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
      return message;
    },
    [known, t],
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_NAMES, LOCALES, type TLocale } from '@vbc/shared/i18n/locales';
import { setAccountLanguage } from '../../api/accounts.ts';
import { errorText } from '../../api/error-text.ts';
import { accountLocale, LANGUAGE_CHOSEN_EVENT, storedLocale, storeLocale } from '../../i18n/choose-locale.ts';
import { notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';

/** The select's value for "Device language" (follow the browser's languages). */
const DEVICE = 'device';

/**
 * Settings → Language (issue 31): "Device language" or one of the four, each in its own name.
 * Signed in, the choice is the account's (PUT /api/personalAccount/language) and follows the person
 * to every device; signed out, it is kept on this device. The app follows at once (LanguageSync).
 */
export default function LanguageSetting() {
  const { t } = useTranslation('settings');
  const { status, account, refreshAccount } = useSession();
  const signedIn = status === 'signedIn' && account !== null;
  const [deviceChoice, setDeviceChoice] = useState<TLocale | null>(storedLocale);
  const current = signedIn ? accountLocale(account) : deviceChoice;
  const save = useMutation({
    mutationFn: (language: TLocale | null) => setAccountLanguage(language),
    onSuccess: async () => {
      await refreshAccount();
      document.dispatchEvent(new Event(LANGUAGE_CHOSEN_EVENT));
    },
    onError: (error) => notify(errorText(error), 'warning'),
  });
  const choose = (value: string) => {
    const language = isLocale(value) ? value : null;
    if (signedIn) return save.mutate(language);
    storeLocale(language);
    setDeviceChoice(language);
    document.dispatchEvent(new Event(LANGUAGE_CHOSEN_EVENT));
  };
  return (
    <Box sx={{ py: 1.5 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={t('language.label')}
        value={current ?? DEVICE}
        onChange={(event) => choose(event.target.value)}
        disabled={save.isPending}
        helperText={signedIn ? t('language.accountHint') : t('language.deviceHint')}
        slotProps={{ htmlInput: { 'data-testid': 'language-select' } }}
      >
        <MenuItem value={DEVICE}>{t('language.device')}</MenuItem>
        {LOCALES.map((locale) => (
          <MenuItem key={locale} value={locale} lang={locale} dir="auto">
            {LOCALE_NAMES[locale]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

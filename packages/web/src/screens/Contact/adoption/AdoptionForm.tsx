import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Trans, useTranslation } from 'react-i18next';
import AdoptedMark from './AdoptedMark.tsx';
import AdoptionCodeInput from './AdoptionCodeInput.tsx';
import ProgressBar from './ProgressBar.tsx';
import { printedAdoptionCode } from './adoption-code.ts';
import { useAdoption } from './use-adoption.ts';

/**
 * docs/contracts.md §2 adoption form: "Checking whether this is available ..." with a
 * progress bar, then either "Sorry! This profile is not available to adopt!"
 * or "Enter the adoption code." with the 8-character input that submits when
 * complete. A failure clears the code and shows "Error! Failed to adopt!"
 * with the reason below it (a wrong code and the tries left, until when no
 * code is taken, the card gone) and the code that was tried; success shows
 * the animation and "Adopted!" as the screen's heading (the screen drops its
 * "not adopted yet" heading on `onSucceeded`), and 2 s later `onAdopted` fires.
 * Loaded on demand by the unadopted card screen.
 */
export default function AdoptionForm({
  contactId,
  onAdopted,
  onSucceeded,
}: {
  contactId: string;
  onAdopted: (contactId: string) => void;
  /** Called once the card is adopted, before `onAdopted`. */
  onSucceeded?: () => void;
}) {
  const { t } = useTranslation('adoption');
  const { state, code, setCode } = useAdoption(contactId, onAdopted, onSucceeded);
  const failure = state.step === 'entry' ? state.failure : null;

  if (state.step === 'checking') {
    return (
      <Box data-testid="adoption-form" sx={{ width: '100%', display: 'grid', gap: 1.5, mt: 1 }}>
        <Text>{t('checking')}</Text>
        <ProgressBar label={t('checking')} />
      </Box>
    );
  }
  if (state.step === 'unavailable') {
    return (
      <Box data-testid="adoption-form" role="alert" sx={{ width: '100%', display: 'grid', gap: 0.5, mt: 1 }}>
        <Text sx={{ color: 'error.main', fontWeight: 700 }}>{t('notAvailable')}</Text>
        {state.reason && (
          <Text variant="body2" sx={{ color: 'text.secondary' }}>
            {state.reason}
          </Text>
        )}
      </Box>
    );
  }
  if (state.step === 'adopted') {
    return (
      <Box data-testid="adoption-form" role="status" sx={{ width: '100%', display: 'grid', gap: 1.5, justifyItems: 'center', mt: 1 }}>
        <AdoptedMark />
        <Text variant="h5" component="h1" sx={{ fontWeight: 800, color: 'success.main' }}>
          {t('adopted')}
        </Text>
      </Box>
    );
  }

  const submitting = state.step === 'submitting';
  return (
    <Box data-testid="adoption-form" sx={{ width: '100%', display: 'grid', gap: 1.5, justifyItems: 'center', mt: 1 }}>
      <Box component="label" htmlFor="adoption-code" sx={{ typography: 'body1', fontWeight: 600 }}>
        {t('enterCode')}
      </Box>
      <AdoptionCodeInput value={code} onChange={setCode} disabled={submitting || !!failure?.final} error={!!failure} focusKey={failure} />
      <ProgressBar label={t('adopting')} hidden={!submitting} />
      {failure && (
        <Box role="alert" sx={{ display: 'grid', gap: 0.25 }}>
          <Text sx={{ color: 'error.main', fontWeight: 700 }}>{t('failed')}</Text>
          {failure.reason && (
            <Text variant="body2" sx={{ color: 'text.secondary' }}>
              {failure.reason}
            </Text>
          )}
          <Text variant="body2" sx={{ color: 'text.secondary' }}>
            <Trans
              t={t}
              i18nKey="typed"
              values={{ code: printedAdoptionCode(failure.typed) }}
              components={{
                code: (
                  <Box
                    component="code"
                    dir="ltr"
                    data-testid="adoption-typed"
                    sx={{ fontFamily: 'monospace', userSelect: 'all', color: 'text.primary' }}
                  />
                ),
              }}
            />
          </Text>
        </Box>
      )}
    </Box>
  );
}

/**
 * A paragraph in a theme type style. Box rather than Typography: this chunk
 * then shares no MUI module with the card's first load beyond Box, so adding
 * it does not split the first-load chunks further (150 KB budget).
 */
function Text({
  variant = 'body1',
  component = 'p',
  sx,
  children,
}: {
  variant?: 'body1' | 'body2' | 'h5';
  component?: 'p' | 'h1';
  sx?: SxProps<Theme>;
  children: React.ReactNode;
}) {
  return (
    <Box component={component} sx={[{ m: 0, typography: variant }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}>
      {children}
    </Box>
  );
}

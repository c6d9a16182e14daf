import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import AdoptedMark from './AdoptedMark.tsx';
import AdoptionCodeInput from './AdoptionCodeInput.tsx';
import ProgressBar from './ProgressBar.tsx';
import { ADOPT_FAILED_TEXT, ADOPTED_TEXT, CHECKING_TEXT, ENTER_CODE_TEXT, NOT_AVAILABLE_TEXT } from './texts.ts';
import { useAdoption } from './use-adoption.ts';

/**
 * docs/contracts.md §2 adoption form: "Checking whether this is available ..." with a
 * progress bar, then either "Sorry! This profile is not available to adopt!"
 * or "Enter the adoption code." with the 8-character input that submits when
 * complete. A failure clears the code and shows "Error! Failed to adopt!"
 * (with the server's reason when waiting or support would help); success
 * shows the animation and "Adopted!", and 2 s later `onAdopted` fires.
 * Loaded on demand by the unadopted card screen.
 */
export default function AdoptionForm({ contactId, onAdopted }: { contactId: string; onAdopted: (contactId: string) => void }) {
  const { state, code, setCode } = useAdoption(contactId, onAdopted);
  const failure = state.step === 'entry' ? state.failure : null;

  if (state.step === 'checking') {
    return (
      <Box data-testid="adoption-form" sx={{ width: '100%', display: 'grid', gap: 1.5, mt: 1 }}>
        <Text>{CHECKING_TEXT}</Text>
        <ProgressBar label={CHECKING_TEXT} />
      </Box>
    );
  }
  if (state.step === 'unavailable') {
    return (
      <Box data-testid="adoption-form" role="alert" sx={{ width: '100%', display: 'grid', gap: 0.5, mt: 1 }}>
        <Text sx={{ color: 'error.main', fontWeight: 700 }}>{NOT_AVAILABLE_TEXT}</Text>
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
        <Text variant="h5" sx={{ fontWeight: 800, color: 'success.main' }}>
          {ADOPTED_TEXT}
        </Text>
      </Box>
    );
  }

  const submitting = state.step === 'submitting';
  return (
    <Box data-testid="adoption-form" sx={{ width: '100%', display: 'grid', gap: 1.5, justifyItems: 'center', mt: 1 }}>
      <Box component="label" htmlFor="adoption-code" sx={{ typography: 'body1', fontWeight: 600 }}>
        {ENTER_CODE_TEXT}
      </Box>
      <AdoptionCodeInput value={code} onChange={setCode} disabled={submitting || !!failure?.final} error={!!failure} focusKey={failure} />
      <ProgressBar label="Adopting" hidden={!submitting} />
      {failure && (
        <Box role="alert" sx={{ display: 'grid', gap: 0.25 }}>
          <Text sx={{ color: 'error.main', fontWeight: 700 }}>{ADOPT_FAILED_TEXT}</Text>
          {failure.reason && (
            <Text variant="body2" sx={{ color: 'text.secondary' }}>
              {failure.reason}
            </Text>
          )}
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
function Text({ variant = 'body1', sx, children }: { variant?: 'body1' | 'body2' | 'h5'; sx?: SxProps<Theme>; children: React.ReactNode }) {
  return (
    <Box component="p" sx={[{ m: 0, typography: variant }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}>
      {children}
    </Box>
  );
}

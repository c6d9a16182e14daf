import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { ADOPTION_CODE_LENGTH } from '@vbc/shared/constants';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export interface TAdoptionCodeInputProps {
  value: string;
  onChange: (typed: string) => void;
  disabled?: boolean;
  error?: boolean;
  /** A new value (each failure is a new object) hands the focus back to the field. */
  focusKey?: unknown;
}

/**
 * The 8-character adoption code (docs/contracts.md §5): one real text input, transparent
 * over eight monospace cells, so typing, pasting a whole printed code and the
 * phone's keyboard all work as in any field, while each character shows in
 * its own cell.
 */
export default function AdoptionCodeInput({ value, onChange, disabled, error, focusKey }: TAdoptionCodeInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!disabled) input.current?.focus();
  }, [focusKey, disabled]);

  const cells = Array.from({ length: ADOPTION_CODE_LENGTH }, (_, i) => value[i] ?? '');
  const active = Math.min(value.length, ADOPTION_CODE_LENGTH - 1);
  return (
    // Fluid: the eight cells share the width they get (a 320 px phone included), up to 44 px each.
    // Left to right in every language: the code is read and typed as printed (logical margins follow `dir`).
    <Box dir="ltr" sx={{ position: 'relative', display: 'flex', width: '100%', maxWidth: 392, gap: 0.75, opacity: disabled ? 0.55 : 1 }}>
      {cells.map((char, i) => (
        <Box
          key={i}
          aria-hidden
          sx={{
            flex: '1 1 0',
            minWidth: 0,
            aspectRatio: '4 / 5',
            display: 'grid',
            placeItems: 'center',
            borderRadius: 1.5,
            fontFamily: MONO,
            fontSize: 'clamp(1.1rem, 5.5vw, 1.5rem)',
            fontWeight: 700,
            bgcolor: 'rgba(255,255,255,0.05)',
            border: '1.5px solid',
            borderColor: error
              ? 'error.main'
              : focused && i === active
                ? 'primary.main'
                : char
                  ? 'rgba(255,255,255,0.35)'
                  : 'rgba(255,255,255,0.14)',
            boxShadow: focused && i === active && !error ? '0 0 0 3px rgba(154,125,255,0.25)' : 'none',
            transition: 'border-color .12s ease, box-shadow .12s ease',
            ...(i === 3 ? { marginInlineEnd: 0.75 } : {}),
          }}
        >
          {char}
        </Box>
      ))}
      <Box
        component="input"
        ref={input}
        value={value}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        disabled={disabled}
        id="adoption-code"
        aria-invalid={error || undefined}
        data-testid="adoption-code"
        type="text"
        inputMode="text"
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
        sx={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          opacity: 0,
          border: 0,
          p: 0,
          m: 0,
          fontFamily: MONO,
          // 16 px: a smaller field makes iOS zoom the page on focus.
          fontSize: 16,
          cursor: disabled ? 'default' : 'text',
        }}
      />
    </Box>
  );
}

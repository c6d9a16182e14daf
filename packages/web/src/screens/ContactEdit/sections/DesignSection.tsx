import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PaletteIcon from '@mui/icons-material/Palette';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import TemplatePicker from '../../../components/editor/TemplatePicker.tsx';
import type { TSectionProps } from './types.ts';

/** Colour themes: the three accent colours each sets (`label`: its English name, the corporate console's; the editor says `themeName`). */
export const THEMES = [
  { designation: 'dark', label: 'Graphite', colors: ['#282832', '#4a4a5c', '#9a7dff'] },
  { designation: 'violet', label: 'Violet', colors: ['#6c4bd8', '#26c6da', '#f5a623'] },
  { designation: 'ocean', label: 'Ocean', colors: ['#0f6cbd', '#14b8a6', '#e0f2fe'] },
  { designation: 'sunset', label: 'Sunset', colors: ['#e4572e', '#f3a712', '#ffd6a5'] },
  { designation: 'forest', label: 'Forest', colors: ['#1f7a4d', '#8bc34a', '#e8f5e9'] },
  { designation: 'rose', label: 'Rose', colors: ['#c2185b', '#ff8a80', '#fce4ec'] },
] as const;

const ACCENTS = ['accentColor1', 'accentColor2', 'accentColor3'] as const;

/** A theme's name in the active language. */
export function themeName(t: (key: string) => string, designation: (typeof THEMES)[number]['designation']): string {
  switch (designation) {
    case 'dark':
      return t('design.themes.dark');
    case 'violet':
      return t('design.themes.violet');
    case 'ocean':
      return t('design.themes.ocean');
    case 'sunset':
      return t('design.themes.sunset');
    case 'forest':
      return t('design.themes.forest');
    case 'rose':
      return t('design.themes.rose');
  }
}

/** An accent colour's name in the active language. */
const accentName = (t: (key: string) => string, key: (typeof ACCENTS)[number]): string =>
  key === 'accentColor1' ? t('design.accent1') : key === 'accentColor2' ? t('design.accent2') : t('design.accent3');

/** Template (design), colour theme and the three accent colours. */
export default function DesignSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  return (
    <EditorSection id="design" icon={<PaletteIcon />} title={t('design.title')} hint={t('design.hint')}>
      <TemplatePicker
        value={form.design}
        accent={form.accentColor1 || '#282832'}
        accent2={form.accentColor2 || form.accentColor1 || '#4a4a5c'}
        onChange={(d) => set('design', d)}
      />
      <Box>
        <Typography variant="overline" color="text.secondary" component="h3">
          {t('design.theme')}
        </Typography>
        <Box role="radiogroup" aria-label={t('design.theme')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {THEMES.map((theme) => {
            const selected = form.theme === theme.designation;
            return (
              <Box
                key={theme.designation}
                component="button"
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => {
                  set('theme', theme.designation);
                  set('accentColor1', theme.colors[0]);
                  set('accentColor2', theme.colors[1]);
                  set('accentColor3', theme.colors[2]);
                }}
                sx={{
                  font: 'inherit',
                  color: 'text.primary',
                  cursor: 'pointer',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 1.25,
                  py: 0.75,
                  borderRadius: 999,
                  bgcolor: selected ? 'rgba(154,125,255,0.16)' : 'rgba(255,255,255,0.04)',
                  border: '1px solid',
                  borderColor: selected ? 'primary.main' : 'rgba(255,255,255,0.12)',
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                <Box aria-hidden sx={{ display: 'flex' }}>
                  {theme.colors.map((c, i) => (
                    <Box
                      key={c}
                      sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: c, ml: i ? -0.5 : 0, border: '2px solid #1c1c25' }}
                    />
                  ))}
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {themeName(t, theme.designation)}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {ACCENTS.map((key) => {
          const label = accentName(t, key);
          const value = form[key];
          return (
            <Box
              key={key}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.25,
                p: 1,
                borderRadius: '16px',
                border: '1px solid rgba(255,255,255,0.1)',
              }}
            >
              <Box
                component="input"
                type="color"
                aria-label={label}
                value={value || '#282832'}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value)}
                sx={{
                  width: 40,
                  height: 40,
                  p: 0,
                  border: 'none',
                  borderRadius: '12px',
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  '&::-webkit-color-swatch-wrapper': { p: 0 },
                  '&::-webkit-color-swatch': { border: '1px solid rgba(255,255,255,0.3)', borderRadius: '10px' },
                }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography
                  variant="caption"
                  color={errors[`designSpecification.${key}`] ? 'error.main' : 'text.secondary'}
                  sx={{ fontFamily: 'monospace' }}
                >
                  {errors[`designSpecification.${key}`] ?? (value || t('design.defaultColour'))}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </EditorSection>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PaletteIcon from '@mui/icons-material/Palette';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import TemplatePicker from '../../../components/editor/TemplatePicker.tsx';
import type { TSectionProps } from './types.ts';

/** Colour themes: a name and the three accent colours it sets. */
export const THEMES = [
  { designation: 'dark', label: 'Graphite', colors: ['#282832', '#4a4a5c', '#9a7dff'] },
  { designation: 'violet', label: 'Violet', colors: ['#6c4bd8', '#26c6da', '#f5a623'] },
  { designation: 'ocean', label: 'Ocean', colors: ['#0f6cbd', '#14b8a6', '#e0f2fe'] },
  { designation: 'sunset', label: 'Sunset', colors: ['#e4572e', '#f3a712', '#ffd6a5'] },
  { designation: 'forest', label: 'Forest', colors: ['#1f7a4d', '#8bc34a', '#e8f5e9'] },
  { designation: 'rose', label: 'Rose', colors: ['#c2185b', '#ff8a80', '#fce4ec'] },
] as const;

const ACCENTS = [
  { key: 'accentColor1', label: 'Main accent' },
  { key: 'accentColor2', label: 'Second accent' },
  { key: 'accentColor3', label: 'Highlight' },
] as const;

/** Template (design), colour theme and the three accent colours. */
export default function DesignSection({ form, set, errors }: TSectionProps) {
  return (
    <EditorSection id="design" icon={<PaletteIcon />} title="Design" hint="Pick a template, then make it yours.">
      <TemplatePicker
        value={form.design}
        accent={form.accentColor1 || '#282832'}
        accent2={form.accentColor2 || form.accentColor1 || '#4a4a5c'}
        onChange={(d) => set('design', d)}
      />
      <Box>
        <Typography variant="overline" color="text.secondary" component="h3">
          Theme
        </Typography>
        <Box role="radiogroup" aria-label="Theme" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {THEMES.map((t) => {
            const selected = form.theme === t.designation;
            return (
              <Box
                key={t.designation}
                component="button"
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => {
                  set('theme', t.designation);
                  set('accentColor1', t.colors[0]);
                  set('accentColor2', t.colors[1]);
                  set('accentColor3', t.colors[2]);
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
                  {t.colors.map((c, i) => (
                    <Box
                      key={c}
                      sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: c, ml: i ? -0.5 : 0, border: '2px solid #1c1c25' }}
                    />
                  ))}
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t.label}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {ACCENTS.map(({ key, label }) => {
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
                  {errors[`designSpecification.${key}`] ?? (value || 'default')}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
    </EditorSection>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TDesign } from '@vbc/shared/contact';

/** The four public layouts as templates, with a word on each. */
/** The templates, their names and lines in the active language (`t` of the `editor` namespace). */
export const templates = (t: (key: string) => string): readonly { design: TDesign; label: string; text: string }[] => [
  { design: 'default', label: t('templates.default.label'), text: t('templates.default.text') },
  { design: 'simple', label: t('templates.simple.label'), text: t('templates.simple.text') },
  { design: 'artist', label: t('templates.artist.label'), text: t('templates.artist.text') },
  { design: 'facebook', label: t('templates.facebook.label'), text: t('templates.facebook.text') },
];

/** A miniature of each layout drawn with boxes (no images to load). */
function Miniature({ design, accent, accent2 }: { design: TDesign; accent: string; accent2: string }) {
  const { t } = useTranslation('editor');
  const line = (w: string, o = 0.35) => <Box sx={{ height: 5, width: w, borderRadius: '12px', bgcolor: `rgba(255,255,255,${o})` }} />;
  const dot = (size: number, sx: object = {}) => (
    <Box sx={{ width: size, height: size, borderRadius: '50%', bgcolor: '#d9d9e3', border: '2px solid #1c1c25', ...sx }} />
  );
  const frame = {
    height: 118,
    borderRadius: '12px',
    overflow: 'hidden',
    bgcolor: '#15151c',
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
  } as const;
  if (design === 'default') {
    return (
      <Box sx={frame}>
        <Box sx={{ height: 44, background: `linear-gradient(135deg, ${accent}, ${accent2})` }} />
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.6, mt: -2.5 }}>
          {dot(30)}
          {line('55%', 0.6)}
          {line('38%')}
          {line('64%', 0.2)}
        </Box>
      </Box>
    );
  }
  if (design === 'simple') {
    return (
      <Box sx={{ ...frame, p: 1, gap: 0.8 }}>
        <Box sx={{ height: 3, mx: -1, mt: -1, background: `linear-gradient(90deg, ${accent}, ${accent2})` }} />
        <Box sx={{ display: 'flex', gap: 0.8, alignItems: 'center' }}>
          {dot(24)}
          <Box sx={{ display: 'grid', gap: 0.5, flex: 1 }}>
            {line('70%', 0.6)}
            {line('45%')}
          </Box>
        </Box>
        {[0, 1].map((i) => (
          <Box key={i} sx={{ display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
              <Box sx={{ width: 8, height: 3, bgcolor: accent2 }} />
              {line('30%', 0.5)}
            </Box>
            {line('85%', 0.2)}
          </Box>
        ))}
      </Box>
    );
  }
  if (design === 'artist') {
    return (
      <Box sx={{ ...frame, p: 1, justifyContent: 'center' }}>
        <Typography
          aria-hidden
          sx={{
            position: 'absolute',
            top: 8,
            left: 6,
            fontWeight: 900,
            fontSize: 34,
            lineHeight: 0.9,
            color: 'rgba(255,255,255,0.07)',
            letterSpacing: -1,
          }}
        >
          NAME
          <br />
          NAME
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', position: 'relative' }}>
          <Box sx={{ width: 34, height: 42, borderRadius: '10px', bgcolor: '#d9d9e3', boxShadow: `0 0 0 2px ${accent2}` }} />
          <Box sx={{ display: 'grid', gap: 0.5, flex: 1 }}>
            <Typography sx={{ fontWeight: 900, fontSize: 13, lineHeight: 1, color: '#fff' }}>{t('templates.miniatureName')}</Typography>
            {line('60%')}
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 0.5, mt: 1.5, position: 'relative' }}>
          {line('80%', 0.2)}
          {line('65%', 0.2)}
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <Box sx={{ height: 46, background: `linear-gradient(135deg, ${accent}, ${accent2})` }} />
      <Box sx={{ px: 1, mt: -2, display: 'grid', gap: 0.6 }}>
        {dot(32)}
        {line('55%', 0.6)}
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <Box sx={{ height: 9, width: 30, borderRadius: '12px', bgcolor: '#1877F2' }} />
          <Box sx={{ height: 9, width: 30, borderRadius: '12px', border: '1px solid rgba(255,255,255,0.4)' }} />
        </Box>
      </Box>
    </Box>
  );
}

/** Four template cards; the chosen one is outlined. A radio group for the keyboard. */
export default function TemplatePicker({
  value,
  onChange,
  accent = '#6c4bd8',
  accent2 = '#26c6da',
  compact,
}: {
  value: TDesign | null;
  onChange: (design: TDesign) => void;
  accent?: string;
  accent2?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('editor');
  return (
    <Box
      role="radiogroup"
      aria-label={t('templates.label')}
      sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: compact ? 'repeat(2, 1fr)' : 'repeat(4, 1fr)' } }}
    >
      {templates(t).map((template) => {
        const selected = value === template.design;
        return (
          <Box
            key={template.design}
            component="button"
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={t('templates.name', { name: template.label })}
            data-design={template.design}
            onClick={() => onChange(template.design)}
            sx={{
              font: 'inherit',
              color: 'text.primary',
              textAlign: 'left',
              cursor: 'pointer',
              p: 1,
              borderRadius: '16px',
              bgcolor: selected ? 'rgba(154,125,255,0.14)' : 'rgba(255,255,255,0.03)',
              border: '2px solid',
              borderColor: selected ? 'primary.main' : 'rgba(255,255,255,0.08)',
              transition: 'border-color .15s ease, transform .15s ease',
              '&:hover': { transform: 'translateY(-2px)' },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.light', outlineOffset: 2 },
            }}
          >
            <Miniature design={template.design} accent={accent} accent2={accent2} />
            <Typography sx={{ fontWeight: 700, mt: 1, fontSize: '0.95rem' }}>{template.label}</Typography>
            <Typography variant="caption" color="text.secondary">
              {template.text}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

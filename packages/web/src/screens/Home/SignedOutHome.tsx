import { Trans, useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Logo from '../../components/Logo.tsx';
import { emitClientEvent } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';

/** What the product offers, in the active language. */
const features = (t: (key: string) => string) => [
  { id: 'design', title: t('signedOut.features.design.title'), text: t('signedOut.features.design.text') },
  { id: 'save', title: t('signedOut.features.save.title'), text: t('signedOut.features.save.text') },
  { id: 'share', title: t('signedOut.features.share.title'), text: t('signedOut.features.share.text') },
  { id: 'pets', title: t('signedOut.features.pets.title'), text: t('signedOut.features.pets.text') },
];

/** The social networks' colours on the miniature card (Facebook, Instagram, LinkedIn, WhatsApp). */
const NETWORK_COLOURS = ['#1877F2', '#E1306C', '#0A66C2', '#25D366'];

/** A miniature phone showing a card, drawn in CSS (no image to load). */
function PhoneMock() {
  const { t } = useTranslation('home');
  return (
    <Box
      aria-hidden
      sx={{
        width: 220,
        height: 400,
        borderRadius: '34px',
        p: 1.25,
        bgcolor: '#0c0c11',
        border: '1px solid rgba(255,255,255,0.14)',
        boxShadow: '0 40px 80px rgba(0,0,0,0.55), 0 0 0 8px rgba(154,125,255,0.08)',
        transform: 'rotate(-4deg)',
      }}
    >
      <Box sx={{ height: '100%', borderRadius: '26px', overflow: 'hidden', bgcolor: '#15151c' }}>
        <Box sx={{ height: 110, background: 'linear-gradient(135deg,#6c4bd8,#26c6da)' }} />
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.9, mt: -4.5, px: 2 }}>
          <Box
            sx={{
              width: 76,
              height: 76,
              borderRadius: '50%',
              border: '4px solid #15151c',
              background:
                'radial-gradient(circle at 50% 38%, #f1d3c0 0 26%, transparent 27%), radial-gradient(circle at 50% 100%, #f1d3c0 0 45%, transparent 46%), #3b3b4d',
            }}
          />
          <Box sx={{ fontWeight: 800, fontSize: 16 }}>{t('signedOut.mock.name')}</Box>
          <Box sx={{ fontSize: 11, color: 'rgba(255,255,255,0.6)' }}>{t('signedOut.mock.title')}</Box>
          <Box sx={{ display: 'flex', gap: 0.75, my: 0.5 }}>
            {NETWORK_COLOURS.map((c) => (
              <Box key={c} sx={{ width: 22, height: 22, borderRadius: '50%', bgcolor: c }} />
            ))}
          </Box>
          <Box
            sx={{
              width: '100%',
              height: 30,
              borderRadius: 999,
              bgcolor: '#6c4bd8',
              display: 'grid',
              placeItems: 'center',
              fontSize: 11,
              fontWeight: 700,
            }}
          >
            {t('signedOut.mock.save')}
          </Box>
          <Box sx={{ width: '100%', height: 30, borderRadius: 999, border: '1px solid rgba(255,255,255,0.25)' }} />
          {[80, 64, 72].map((w) => (
            <Box key={w} sx={{ width: `${w}%`, height: 6, borderRadius: '16px', bgcolor: 'rgba(255,255,255,0.14)', mt: 0.5 }} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/** Home when signed out: what the product does, and sign-in. */
export default function SignedOutHome() {
  const { status } = useSession();
  const { t } = useTranslation('home');
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        px: 3,
        py: { xs: 8, md: 10 },
        background:
          'radial-gradient(900px 500px at 80% -10%, rgba(108,75,216,0.28), transparent), radial-gradient(700px 400px at -10% 110%, rgba(38,198,218,0.14), transparent)',
      }}
    >
      <Box
        sx={{
          maxWidth: 1080,
          mx: 'auto',
          display: 'grid',
          gap: { xs: 6, lg: 8 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '1.2fr 1fr' },
          alignItems: 'center',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2.5, justifyItems: { xs: 'center', lg: 'start' }, textAlign: { xs: 'center', lg: 'left' } }}>
          <Logo size={64} />
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontWeight: 850, fontSize: { xs: '2.1rem', md: '3.2rem' }, lineHeight: 1.08, letterSpacing: -0.5 }}
          >
            <Trans
              t={t}
              i18nKey="signedOut.headline"
              components={{
                em: (
                  <Box
                    component="span"
                    sx={{
                      background: 'linear-gradient(90deg,#9a7dff,#26c6da)',
                      WebkitBackgroundClip: 'text',
                      backgroundClip: 'text',
                      color: 'transparent',
                    }}
                  />
                ),
              }}
            />
          </Typography>
          <Typography color="text.secondary" sx={{ fontSize: '1.1rem', maxWidth: 520 }}>
            {t('signedOut.lead')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: { xs: 'center', lg: 'flex-start' } }}>
            <Button variant="contained" size="large" disabled={status === 'checking'} onClick={() => emitClientEvent('showLogin', {})}>
              {t('signedOut.signIn')}
            </Button>
            <Button variant="outlined" size="large" color="inherit" href="/order/">
              {t('signedOut.order')}
            </Button>
          </Box>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 2,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' },
              textAlign: 'left',
              width: '100%',
            }}
          >
            {features(t).map((f) => (
              <Box
                component="li"
                key={f.id}
                sx={{ p: 2, borderRadius: '20px', bgcolor: 'rgba(28,28,37,0.7)', border: '1px solid rgba(255,255,255,0.07)' }}
              >
                <Typography sx={{ fontWeight: 700 }}>{f.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {f.text}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, justifyContent: 'center' }}>
          <PhoneMock />
        </Box>
      </Box>
    </Box>
  );
}

import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import PetsIcon from '@mui/icons-material/Pets';
import PersonIcon from '@mui/icons-material/Person';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { PRODUCT_NAME } from '@vbc/shared/constants';
import { displayUrl } from '../../api/contacts.ts';
import { accountQueries } from '../../api/queries.ts';
import { CardAvatar } from '../../components/CardListItem.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import WalletMenuButton from '../../components/WalletMenuButton.tsx';
import { openScanner } from '../../dialogs/scanner/open-scanner.ts';
import { useSession } from '../../session/SessionContext.tsx';
import InvitationsBanner from '../../components/InvitationsBanner.tsx';
import LeadsTile from '../../components/leads/LeadsTile.tsx';
import { asCards, asPets, cardName, cardQr, petQr, shareCard, sharePet } from './home-items.ts';
import ItemTile from './ItemTile.tsx';
import SignedOutHome from './SignedOutHome.tsx';

const CreateCardDialog = lazy(() => import('./CreateCardDialog.tsx'));
const CreatePetDialog = lazy(() => import('./CreatePetDialog.tsx'));

function SectionHead({ id, title, action }: { id?: string; title: string; action?: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
      {action}
    </Box>
  );
}

function Empty({ text, button }: { text: string; button: React.ReactNode }) {
  return (
    <Box
      sx={{
        p: 3,
        borderRadius: '20px',
        border: '1px dashed rgba(154,125,255,0.35)',
        textAlign: 'center',
        display: 'grid',
        gap: 1.5,
        justifyItems: 'center',
        bgcolor: 'rgba(154,125,255,0.04)',
      }}
    >
      <Typography color="text.secondary">{text}</Typography>
      {button}
    </Box>
  );
}

/** Route / : signed out, what the product is; signed in, the owner's cards, pets and recently viewed cards. */
export default function HomeScreen() {
  const { status, account, refreshAccount } = useSession();
  const { t } = useTranslation('home');
  const [creating, setCreating] = useState<'card' | 'pet' | null>(null);
  // A failed read shows no recently viewed cards.
  const recents = useQuery({ ...accountQueries.recents(), enabled: status === 'signedIn' }).data?.recents.slice(0, 12) ?? [];

  useEffect(() => {
    document.title = PRODUCT_NAME;
  }, []);
  useEffect(() => {
    // Cards may have changed on another device or tab since the session loaded.
    if (status === 'signedIn') refreshAccount().catch(() => undefined);
  }, [status, refreshAccount]);

  if (status === 'checking') return <LoadingScreen />;
  if (status !== 'signedIn') return <SignedOutHome />;

  const cards = asCards(account?.virtualContacts);
  const pets = asPets(account?.virtualPets);
  const own = new Set(cards.map((c) => c.virtualContactId));
  const viewed = recents.filter((r) => !own.has(r.virtualContactId));
  const first = account?.accountName.split(/\s+/)[0] ?? '';

  return (
    <Box
      component="main"
      sx={{ maxWidth: 760, mx: 'auto', px: 2, pt: { xs: 3, sm: 5 }, pb: 6, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 4 }}
    >
      <Box sx={{ pr: 6 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 850, fontSize: { xs: '1.8rem', sm: '2.2rem' } }}>
          {first ? t('greeting', { name: first }) : t('cards.title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
        <Button variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={openScanner} sx={{ mt: 1.5 }}>
          {t('scan')}
        </Button>
      </Box>

      <InvitationsBanner />

      {cards.length > 0 && <LeadsTile />}

      <Box component="section" aria-labelledby="home-cards">
        <SectionHead
          id="home-cards"
          title={t('cards.title')}
          action={
            cards.length > 0 && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating('card')}>
                {t('cards.new')}
              </Button>
            )
          }
        />
        {cards.length === 0 ? (
          <Empty
            text={t('cards.empty')}
            button={
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating('card')}>
                {t('cards.create')}
              </Button>
            }
          />
        ) : (
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.25 }}>
            {cards.map((c) => (
              <ItemTile
                key={c.virtualContactId}
                testId="home-card"
                title={cardName(c, t('cards.untitled'))}
                subtitle={[c.jobTitle, c.organization].filter(Boolean).join(' · ') || `/${c.quickId}`}
                picture={c.pictureDisplayItemId ? displayUrl(c.pictureDisplayItemId) : null}
                fallbackIcon={<PersonIcon />}
                openTo={`/${c.quickId || c.virtualContactId}`}
                editTo={`/edit/${c.virtualContactId}`}
                onShare={() => shareCard(c)}
                onQr={() => cardQr(c, cardName(c, t('cards.untitled')))}
                extraActions={<WalletMenuButton virtualContactId={c.virtualContactId} title={cardName(c, t('cards.untitled'))} />}
              />
            ))}
          </Box>
        )}
      </Box>

      <Box component="section" aria-labelledby="home-pets">
        <SectionHead
          id="home-pets"
          title={t('pets.title')}
          action={
            pets.length > 0 && (
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setCreating('pet')}>
                {t('pets.add')}
              </Button>
            )
          }
        />
        {pets.length === 0 ? (
          <Empty
            text={t('pets.empty')}
            button={
              <Button variant="outlined" startIcon={<PetsIcon />} onClick={() => setCreating('pet')}>
                {t('pets.create')}
              </Button>
            }
          />
        ) : (
          <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.25 }}>
            {pets.map((p) => (
              <ItemTile
                key={p.virtualPetId}
                testId="home-pet"
                title={p.name}
                picture={p.pictureDisplayItemId ? displayUrl(p.pictureDisplayItemId) : null}
                fallbackIcon={<PetsIcon />}
                openTo={`/p/${p.virtualPetId}`}
                editTo={`/pedit/${p.virtualPetId}`}
                onShare={() => sharePet(p)}
                onQr={() => petQr(p)}
              />
            ))}
          </Box>
        )}
      </Box>

      {viewed.length > 0 && (
        <Box component="section">
          <SectionHead title={t('recent.title')} />
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1 }}>
            {viewed.map((r) => (
              <Box component="li" key={r.virtualContactId} sx={{ flex: '0 0 112px' }}>
                <Box
                  component={RouterLink}
                  to={`/${r.quickId || r.virtualContactId}`}
                  sx={{
                    display: 'grid',
                    justifyItems: 'center',
                    gap: 0.75,
                    color: 'inherit',
                    textDecoration: 'none',
                    textAlign: 'center',
                    p: 1,
                    borderRadius: '16px',
                    '&:hover': { bgcolor: 'rgba(255,255,255,0.05)' },
                  }}
                >
                  <CardAvatar pictureDisplayItemId={r.pictureDisplayItemId} size={64} />
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 600, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {cardName(r, t('cards.untitled'))}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}

      <Suspense fallback={null}>
        {creating === 'card' && <CreateCardDialog open onClose={() => setCreating(null)} />}
        {creating === 'pet' && <CreatePetDialog open onClose={() => setCreating(null)} />}
      </Suspense>
    </Box>
  );
}

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CallIcon from '@mui/icons-material/Call';
import ChatIcon from '@mui/icons-material/Chat';
import EditIcon from '@mui/icons-material/Edit';
import PetsIcon from '@mui/icons-material/Pets';
import ShareIcon from '@mui/icons-material/Share';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { TVirtualPet } from '@vbc/shared/contact';
import { obsecuredDisplayUrl } from '../../api/contacts.ts';
import { emitClientEvent } from '../../platform/events.ts';
import { useMessageOwner } from '../../session/message-owner.ts';
import { useSession } from '../../session/SessionContext.tsx';
import { petAge } from './pet-age.ts';
import { Trans, useTranslation } from 'react-i18next';

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Box sx={{ p: 1.5, borderRadius: '16px', bgcolor: 'rgba(255,255,255,0.04)', border: '1px solid rgba(255,255,255,0.07)' }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 1, fontWeight: 700 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value}</Typography>
    </Box>
  );
}

function Notes({ title, text }: { title: string; text: string | null }) {
  if (!text?.trim()) return null;
  return (
    <Box component="section" sx={{ display: 'grid', gap: 0.75 }}>
      <Typography
        component="h2"
        variant="subtitle2"
        sx={{ textTransform: 'uppercase', letterSpacing: 1.4, fontWeight: 700, color: 'text.secondary' }}
      >
        {title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.6 }}>{text}</Typography>
    </Box>
  );
}

/** The public page of a pet: picture, details, notes, a lost banner, reaching the owner, share. */
export default function PetView({ pet }: { pet: TVirtualPet }) {
  const { account } = useSession();
  const mine = !!account?.virtualPets.some((p) => p.virtualPetId === pet.virtualPetId);
  const picture = pet.picture ? obsecuredDisplayUrl(pet.picture.obsecuredDisplayItemId) : null;
  /** The owner's card, when they have one: "message the owner" goes there. */
  const ownerCardId = pet.ownerVirtualContactId;
  const { t } = useTranslation('card');
  const messageOwner = useMessageOwner({
    virtualContactId: ownerCardId ?? '',
    name: t('pet.owner', { name: pet.name }),
    firstName: t('pet.owner', { name: pet.name }),
    lastName: '',
  });
  const age = petAge(t, pet.birthDate);
  const sex = pet.sex === 'Male' ? t('pet.sexMale') : pet.sex === 'Female' ? t('pet.sexFemale') : null;
  return (
    <Box component="main" data-testid="pet-view" sx={{ maxWidth: 600, mx: 'auto', pb: 8 }}>
      {pet.isLost && (
        <Box
          role="alert"
          data-testid="lost-banner"
          sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, pr: 8, bgcolor: '#b3261e', color: '#fff' }}
        >
          <WarningAmberIcon sx={{ mt: 0.25 }} />
          <Box>
            <Typography sx={{ fontWeight: 800, fontSize: '1.1rem' }}>{t('pet.lost')}</Typography>
            {pet.lostMessage && <Typography sx={{ whiteSpace: 'pre-line', mt: 0.5 }}>{pet.lostMessage}</Typography>}
          </Box>
        </Box>
      )}
      <Box
        sx={{
          position: 'relative',
          height: { xs: 150, sm: 180 },
          background: pet.isLost ? 'linear-gradient(135deg,#5c1a16,#2a1214)' : 'linear-gradient(135deg,#6c4bd8,#26c6da)',
          borderRadius: { xs: 0, md: '0 0 28px 28px' },
        }}
      />
      <Box
        sx={{
          px: { xs: 2, sm: 3 },
          mt: { xs: -9, sm: -11 },
          display: 'grid',
          gap: 3,
          justifyItems: 'center',
          textAlign: 'center',
          position: 'relative',
        }}
      >
        {picture ? (
          <Box
            component="img"
            src={picture}
            alt={pet.name}
            data-testid="pet-picture"
            sx={{
              width: { xs: 168, sm: 200 },
              height: { xs: 168, sm: 200 },
              borderRadius: '36px',
              objectFit: 'cover',
              boxShadow: '0 0 0 5px #121218, 0 18px 40px rgba(0,0,0,0.5)',
              bgcolor: '#2a2a35',
            }}
          />
        ) : (
          <Box
            role="img"
            aria-label={t('noPicture', { name: pet.name })}
            sx={{
              width: 168,
              height: 168,
              borderRadius: '36px',
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#2a2a35',
              boxShadow: '0 0 0 5px #121218',
              color: 'rgba(255,255,255,0.6)',
            }}
          >
            <PetsIcon sx={{ fontSize: 80 }} />
          </Box>
        )}
        <Box>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 850, fontSize: { xs: '2.2rem', sm: '2.6rem' } }}>
            {pet.name}
          </Typography>
          <Typography color="text.secondary">{[pet.breed, pet.species].filter(Boolean).join(' · ')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
          {pet.ownerPhone && (
            <Button
              variant="contained"
              size="large"
              color={pet.isLost ? 'error' : 'primary'}
              startIcon={<CallIcon />}
              href={`tel:${pet.ownerPhone.replace(/[^\d+]/g, '')}`}
              data-testid="owner-phone"
            >
              <Trans t={t} i18nKey="pet.callOwner" values={{ phone: pet.ownerPhone }} components={{ ltr: <bdi dir="ltr" /> }} />
            </Button>
          )}
          {ownerCardId && messageOwner && !mine && (
            <Button variant={pet.ownerPhone ? 'outlined' : 'contained'} size="large" startIcon={<ChatIcon />} onClick={messageOwner}>
              {t('pet.messageOwner')}
            </Button>
          )}
          <Button
            variant="outlined"
            size="large"
            color="inherit"
            startIcon={<ShareIcon />}
            onClick={() => emitClientEvent('sharePet', { virtualPetId: pet.virtualPetId, name: pet.name })}
          >
            {t('actions.share')}
          </Button>
          {mine && (
            <Button
              variant="outlined"
              size="large"
              color="inherit"
              startIcon={<EditIcon />}
              component={RouterLink}
              to={`/pedit/${pet.virtualPetId}`}
            >
              {t('pet.edit')}
            </Button>
          )}
        </Box>
        <Box
          data-testid="pet-details"
          sx={{ width: '100%', display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', textAlign: 'left' }}
        >
          <Detail label={t('pet.species')} value={pet.species} />
          <Detail label={t('pet.breed')} value={pet.breed} />
          <Detail label={t('pet.sex')} value={sex} />
          <Detail label={t('pet.age.label')} value={age} />
          <Detail label={t('pet.colour')} value={pet.color} />
        </Box>
        <Box sx={{ width: '100%', display: 'grid', gap: 2.5, textAlign: 'left' }}>
          <Notes title={t('sections.about')} text={pet.description} />
          <Notes title={t('pet.care')} text={pet.careNotes} />
          <Notes title={t('pet.medical')} text={pet.medicalNotes} />
        </Box>
      </Box>
    </Box>
  );
}

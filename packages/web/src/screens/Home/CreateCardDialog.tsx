import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { TDesign } from '@vbc/shared/contact';
import { createCard } from '../../api/cards.ts';
import { errorText } from '../../api/error-text.ts';
import AppDialog from '../../dialogs/AppDialog.tsx';
import { useSession } from '../../session/SessionContext.tsx';
import TemplatePicker from '../../components/editor/TemplatePicker.tsx';

/** "Create a card": pick one of the four designs as a template; the new card opens in the editor. */
export default function CreateCardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const { account, refreshAccount } = useSession();
  const [design, setDesign] = useState<TDesign>('default');
  const [error, setError] = useState<string | null>(null);
  const creation = useMutation({
    mutationFn: createCard,
    onSuccess: (card) => {
      refreshAccount().catch(() => undefined);
      onClose();
      navigate(`/edit/${card.virtualContactId}`);
    },
    onError: (e) => setError(errorText(e)),
  });
  const busy = creation.isPending;

  const create = () => {
    setError(null);
    // The account's name starts the card: "Jane Q. Doe" → Jane Q. / Doe.
    const parts = (account?.accountName ?? '').trim().split(/\s+/).filter(Boolean);
    const lastName = parts.length > 1 ? parts.pop()! : '';
    creation.mutate({
      firstName: parts.join(' '),
      lastName,
      designSpecification: {
        design: { designation: design },
        theme: { designation: 'dark' },
        accentColor1: null,
        accentColor2: null,
        accentColor3: null,
      },
    });
  };

  return (
    <AppDialog open={open} onClose={onClose} title={t('cards.create')} maxWidth={560} testId="create-card-dialog">
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('createCard.text')}
        </Typography>
        <TemplatePicker value={design} onChange={setDesign} compact />
        {error && (
          <Typography color="error.main" role="alert" sx={{ mt: 1.5 }}>
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={create} disabled={busy}>
          {t('createCard.button')}
        </Button>
      </DialogActions>
    </AppDialog>
  );
}

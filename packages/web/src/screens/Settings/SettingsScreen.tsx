import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import { useNavigate } from 'react-router';
import EmptyState from '../../components/EmptyState.tsx';
import LoadingScreen from '../../components/LoadingScreen.tsx';
import { accountContact, initialsOf } from '../../dialogs/auth/SignedInView.tsx';
import { emitClientEvent, notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import NameEditor from './NameEditor.tsx';
import PushSetting from './PushSetting.tsx';
import WebhooksSection from '../../components/webhooks/WebhooksSection.tsx';
import { requestUnregisterOtp } from '../../api/accounts.ts';
import { useTranslation } from 'react-i18next';
import LanguageSetting from './LanguageSetting.tsx';

const DeleteAccountDialog = lazy(() => import('./DeleteAccountDialog.tsx'));
const ChangeContactDialog = lazy(() => import('./ChangeContactDialog.tsx'));

function Row({ label, value, action, testId }: { label: string; value: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5, minHeight: 56 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
      {action}
    </Box>
  );
}

const Section = ({ title, children, danger }: { title: string; children: ReactNode; danger?: boolean }) => (
  <Paper
    component="section"
    variant="outlined"
    aria-label={title}
    sx={{ px: 2.5, py: 1.5, borderRadius: 3, bgcolor: 'background.paper', borderColor: danger ? 'rgba(244,81,108,0.35)' : 'divider' }}
  >
    <Typography variant="overline" color={danger ? 'error.main' : 'text.secondary'} sx={{ fontWeight: 700, letterSpacing: 1 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/** Route /settings: account details, edit name, add or change the e-mail and phone (by a code to the new one), logout and account deletion by code (docs/contracts.md §2, §4). */
export default function SettingsScreen() {
  const { status, account, refreshAccount, signOut, forget } = useSession();
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deletion, setDeletion] = useState<{ destination: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [changing, setChanging] = useState<{ channel: 'email' | 'phone'; adding: boolean } | null>(null);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  if (status === 'checking') return <LoadingScreen />;
  if (status === 'signedOut' || !account) {
    // The language can be chosen signed out too (kept on this device).
    return (
      <>
        <EmptyState icon={<SettingsIcon />} title={t('title')} text="" requiresSignIn />
        <Box sx={{ maxWidth: 560, mx: 'auto', px: 2, pb: 4 }}>
          <Section title={t('language.section')}>
            <LanguageSetting />
          </Section>
        </Box>
      </>
    );
  }

  const logout = async () => {
    setLeaving(true);
    await signOut();
    window.location.assign('/vbc/');
  };

  const askDeletion = () =>
    emitClientEvent('prompt', {
      title: t('deletion.askTitle'),
      message: t('deletion.askMessage'),
      yesText: t('deletion.askYes'),
      noText: t('deletion.askNo'),
      onYes: async () => {
        const sent = await requestUnregisterOtp();
        setDeletion({ destination: sent.destination });
      },
    });

  const deleted = () => {
    setDeletion(null);
    forget();
    navigate('/', { replace: true });
    notify(t('deletion.done'));
  };

  const contactRows = [
    {
      channel: 'phone',
      label: t('account.phone'),
      value: account.accountPhoneNumber,
      actionName: account.accountPhoneNumber ? t('account.changePhone') : t('account.addPhone'),
    },
    {
      channel: 'email',
      label: t('account.email'),
      value: account.accountEmail,
      actionName: account.accountEmail ? t('account.changeEmail') : t('account.addEmail'),
    },
  ] as const;

  return (
    <Box
      component="main"
      sx={{ maxWidth: 560, mx: 'auto', px: 2, pt: 9, pb: 4, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 0.5 }}>
        <Avatar sx={{ width: 56, height: 56, fontWeight: 700, background: 'linear-gradient(135deg, #8c6cff, #26c6da)' }}>
          {initialsOf(account.accountName)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" noWrap>
            <bdi dir="ltr">{accountContact(account)}</bdi>
          </Typography>
        </Box>
      </Box>

      <Section title={t('sections.account')}>
        {editing ? (
          <NameEditor
            initial={account.accountName}
            onCancel={() => setEditing(false)}
            onSaved={async () => {
              await refreshAccount();
              setEditing(false);
            }}
          />
        ) : (
          <Row
            label={t('account.name')}
            value={account.accountName}
            testId="account-name"
            action={
              <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} aria-label={t('account.editName')}>
                {t('account.edit')}
              </Button>
            }
          />
        )}
        <Divider />
        {contactRows.map((row, i) => (
          <Box key={row.channel}>
            {i > 0 && <Divider />}
            <Row
              label={row.label}
              value={
                row.value ? (
                  <bdi dir="ltr">{row.value}</bdi>
                ) : (
                  <Typography component="span" color="text.disabled">
                    {t('account.notAdded')}
                  </Typography>
                )
              }
              testId={`account-${row.channel}`}
              action={
                <Button
                  startIcon={row.value ? <EditIcon /> : <AddIcon />}
                  onClick={() => setChanging({ channel: row.channel, adding: !row.value })}
                  aria-label={row.actionName}
                >
                  {row.value ? t('account.change') : t('account.add')}
                </Button>
              }
            />
          </Box>
        ))}
      </Section>

      <Section title={t('language.section')}>
        <LanguageSetting />
      </Section>

      <Section title={t('sections.notifications')}>
        <PushSetting />
      </Section>

      <Section title={t('sections.webhooks')}>
        <WebhooksSection />
      </Section>

      <Section title={t('sections.session')}>
        <Row
          label={t('session.signedInAs')}
          value={<bdi dir="ltr">{accountContact(account)}</bdi>}
          action={
            <Button variant="outlined" color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()} disabled={leaving}>
              {t('session.logout')}
            </Button>
          }
        />
      </Section>

      <Section title={t('sections.danger')} danger>
        <Row
          label={t('deletion.label')}
          value={
            <Typography variant="body2" color="text.secondary" component="span">
              {t('deletion.text')}
            </Typography>
          }
          action={
            <Button color="error" variant="outlined" startIcon={<DeleteForeverIcon />} onClick={askDeletion}>
              {t('deletion.button')}
            </Button>
          }
        />
      </Section>

      {changing && (
        <Suspense fallback={null}>
          <ChangeContactDialog
            channel={changing.channel}
            adding={changing.adding}
            onClose={() => setChanging(null)}
            onChanged={refreshAccount}
          />
        </Suspense>
      )}

      {deletion && (
        <Suspense fallback={null}>
          <DeleteAccountDialog destination={deletion.destination} onClose={() => setDeletion(null)} onDeleted={deleted} />
        </Suspense>
      )}
    </Box>
  );
}

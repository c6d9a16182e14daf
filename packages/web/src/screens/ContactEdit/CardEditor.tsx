import { useTranslatedErrors } from '../../components/editor/validation-text.ts';
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { TVirtualContactInput } from '@vbc/shared/contact';
import { deleteCard, setPin, updateCard, type TOwnerVirtualContact } from '../../api/cards.ts';
import { cardQueries } from '../../api/queries.ts';
import { HttpError } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { emitClientEvent, notify } from '../../platform/events.ts';
import { useSession } from '../../session/SessionContext.tsx';
import { cardToForm, formToInput, previewCard, withoutLocked, ZCardForm, type TCardForm } from './form-model.ts';
import { flatFieldErrors, friendlyResolver, serverFieldErrors } from '../../components/field-errors.ts';
import FirstRunGuide from './FirstRunGuide.tsx';
import LivePreview from './LivePreview.tsx';
import EditorHeader from '../../components/editor/EditorHeader.tsx';
import EditorSection from '../../components/editor/EditorSection.tsx';
import LockedByBusiness from '../../components/editor/LockedByBusiness.tsx';
import type { TTemplateField } from '@vbc/shared/team-template';
import SaveErrorAlert, { type TSaveError } from '../../components/editor/SaveErrorAlert.tsx';
import ExchangeSwitch from '../../components/editor/ExchangeSwitch.tsx';
import SearchListingSwitch from '../../components/editor/SearchListingSwitch.tsx';
import { templates } from '../../components/editor/TemplatePicker.tsx';
import AboutSection from './sections/AboutSection.tsx';
import ContactSection from './sections/ContactSection.tsx';
import DesignSection from './sections/DesignSection.tsx';
import LinksSection from './sections/LinksSection.tsx';
import PinSection from './sections/PinSection.tsx';
import PlacesSection from './sections/PlacesSection.tsx';
import ProfileSection from './sections/ProfileSection.tsx';
import ShareSection from './sections/ShareSection.tsx';
import SocialSection from './sections/SocialSection.tsx';
import type { TSetField } from './sections/types.ts';
import WallSection from './sections/WallSection.tsx';
import { TOP_INSET } from '../../platform/TopBanner.tsx';

/** The section links: each section's anchor and its short name in the active language. */
const nav = (t: (key: string) => string) =>
  [
    ['design', t('nav.design')],
    ['profile', t('nav.profile')],
    ['about', t('nav.about')],
    ['contact', t('nav.contact')],
    ['social', t('nav.social')],
    ['links', t('nav.links')],
    ['places', t('nav.places')],
    ['wall', t('nav.wall')],
    ['pin', t('nav.pin')],
    ['exchange', t('nav.exchange')],
    ['search-listing', t('nav.search')],
    ['share', t('nav.share')],
  ] as const;

const snapshot = (form: TCardForm) => JSON.stringify(formToInput(form));

/**
 * The card editor: every field, the live preview of the real layout, save
 * with the updatedAt precondition (409 → "Reload"), nothing lost when a save
 * fails, a prompt before leaving with unsaved changes or deleting.
 */
export default function CardEditor({ initial }: { initial: TOwnerVirtualContact }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('editor');
  const { refreshAccount } = useSession();
  const queryClient = useQueryClient();
  // Just adopted (after-adoption.ts): the first-time set-up opens over the editor, once.
  const [firstRun, setFirstRun] = useState(() => (location.state as { firstRun?: boolean } | null)?.firstRun === true);
  const endFirstRun = () => {
    setFirstRun(false);
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };
  const [card, setCard] = useState(initial);
  const [initialForm] = useState(() => cardToForm(initial));
  // Checked on Save; after a first try (`isSubmitted`), every change checks the whole form again,
  // so a message follows the typing (a last name clears the first name's "Required.").
  const editor = useForm<TCardForm>({
    resolver: friendlyResolver(zodResolver(ZCardForm, undefined, { raw: true })),
    defaultValues: initialForm,
    shouldFocusError: false,
  });
  // A fresh copy on every change, so the memoised preview follows each keystroke.
  const form = useWatch({ control: editor.control, compute: (values: TCardForm) => ({ ...values }) });
  const errors = useTranslatedErrors(flatFieldErrors(editor.formState.errors));
  const [saved, setSaved] = useState(() => snapshot(initialForm));
  const [saveError, setSaveError] = useState<TSaveError | null>(null);
  const [phoneView, setPhoneView] = useState<'edit' | 'preview'>('edit');
  const updatedAt = useRef(initial.updatedAt);
  const leaving = useRef(false);
  const id = card.virtualContactId;

  const dirty = snapshot(form) !== saved;

  /**
   * Writes that move the card's version (saves, the PIN) run one at a time, each sending the
   * version the previous one left: a save right after a PIN change is not refused as stale.
   */
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const inTurn = useCallback(<T,>(write: () => Promise<T>): Promise<T> => {
    const run = writes.current.then(write, write);
    writes.current = run.catch(() => undefined);
    return run;
  }, []);
  const set = useCallback<TSetField>(
    (key, value) => {
      const next = typeof value === 'function' ? (value as (p: unknown) => unknown)(editor.getValues(key)) : value;
      editor.setValue(key, next as never);
      if (editor.formState.isSubmitted) void editor.trigger();
    },
    [editor],
  );

  const fullName = `${form.firstName} ${form.lastName}`.trim();
  useEffect(() => {
    document.title = fullName ? t('card.documentTitle', { name: fullName }) : t('card.documentTitleUnnamed');
  }, [fullName, t]);

  // Unsaved changes: ask before closing the tab or leaving the screen.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    emitClientEvent('prompt', {
      title: t('card.unsaved.title'),
      message: t('card.unsaved.message'),
      yesText: t('card.unsaved.leave'),
      noText: t('card.unsaved.stay'),
      onYes: () => blocker.proceed(),
      onNo: () => blocker.reset(),
    });
  }, [blocker, t]);

  const cardSave = useMutation({
    /** `sent`: the form as saved, the new "nothing unsaved" state once the server took it. */
    mutationFn: ({ input }: { input: Partial<TVirtualContactInput>; sent: string }) =>
      inTurn(() => updateCard(id, input, updatedAt.current)),
    onSuccess: (next, { sent }) => {
      updatedAt.current = next.updatedAt;
      queryClient.setQueryData(cardQueries.edit(id).queryKey, next);
      setCard(next);
      setSaved(sent);
      notify(t('card.saved'));
      refreshAccount().catch(() => undefined);
    },
    onError: (e) => {
      const stale = e instanceof HttpError && e.status === 409;
      const fields = e instanceof HttpError && e.status === 400 ? serverFieldErrors(e.message) : {};
      for (const [path, message] of Object.entries(fields)) editor.setError(path as keyof TCardForm, { type: 'server', message });
      setSaveError({ message: stale ? e.message : t('card.notSaved', { reason: errorText(e) }), stale });
    },
  });
  const saving = cardSave.isPending;
  const { mutateAsync: writeCard } = cardSave;

  /** Checks the form and saves it; resolves once the save is over, whatever its outcome (shown on screen). */
  const save = useCallback(async () => {
    const refused = (found: FieldErrors<TCardForm>) => {
      const count = Object.keys(flatFieldErrors(found)).length;
      setSaveError({ message: t('card.checkFields', { count }), stale: false });
      window.setTimeout(
        () =>
          (
            document.querySelector<HTMLElement>('main [aria-invalid="true"]') ??
            document.querySelector<HTMLElement>('main section [role="alert"]')
          )?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
        50,
      );
    };
    await editor.handleSubmit(async (values) => {
      setSaveError(null);
      await writeCard({ input: withoutLocked(formToInput(values), card.template), sent: snapshot(values) }).catch(() => undefined);
    }, refused)();
  }, [editor, writeCard, card.template, t]);

  // Ctrl/Cmd+S saves.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  /** Drops local changes and takes the card as it is now on the server. */
  const reload = async () => {
    try {
      const fresh = await queryClient.fetchQuery(cardQueries.edit(id));
      updatedAt.current = fresh.updatedAt;
      const next = cardToForm(fresh);
      setCard(fresh);
      editor.reset(next);
      setSaved(snapshot(next));
      setSaveError(null);
    } catch (e) {
      setSaveError({ message: errorText(e), stale: false });
    }
  };

  /** Sets or removes the PIN; the card's new version comes back with it, the form stays. */
  const writePin = useCallback(
    (pinCode: string | null) =>
      inTurn(async () => {
        const status = await setPin(id, pinCode);
        updatedAt.current = status.updatedAt;
        setCard((prev) => ({ ...prev, pinEnabled: status.enabled, updatedAt: status.updatedAt }));
        return status;
      }),
    [id, inTurn],
  );

  const askDelete = () =>
    emitClientEvent('prompt', {
      title: t('card.delete.title'),
      message: fullName ? t('card.delete.message', { name: fullName }) : t('card.delete.messageUnnamed'),
      yesText: t('card.delete.yes'),
      noText: t('card.delete.no'),
      onYes: async () => {
        await deleteCard(id);
        leaving.current = true;
        await refreshAccount().catch(() => undefined);
        notify(t('card.deleted'));
        navigate('/', { replace: true });
      },
    });

  const preview = useMemo(() => previewCard(card, form), [card, form]);
  const sectionProps = { form, set, errors };
  /** The business whose template locks `field`, or null (the field is the member's to edit). */
  const lockedBy = (field: TTemplateField) => (card.template?.locked.includes(field) ? card.template.business : null);

  return (
    <Box component="main" sx={{ pb: 6 }}>
      <EditorHeader
        title={t('card.title')}
        state={saving ? 'saving' : dirty ? 'dirty' : 'saved'}
        actions={
          <>
            <Button
              // On a phone the label alone, so that the header keeps one line.
              sx={{ display: { lg: 'none' }, '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } }}
              color="inherit"
              startIcon={phoneView === 'edit' ? <VisibilityIcon /> : <EditIcon />}
              onClick={() => {
                setPhoneView((v) => (v === 'edit' ? 'preview' : 'edit'));
                window.scrollTo({ top: 0 });
              }}
            >
              {phoneView === 'edit' ? t('card.preview') : t('card.edit')}
            </Button>
            <Button variant="contained" onClick={save} disabled={saving} data-testid="save-button">
              {t('card.save')}
            </Button>
          </>
        }
        below={
          saveError && (
            <Box sx={{ px: { xs: 1, sm: 2 }, pb: 1 }}>
              <SaveErrorAlert
                error={saveError}
                onReload={reload}
                onClose={() => setSaveError(null)}
                sx={{ maxWidth: 1240, mx: 'auto', boxShadow: '0 8px 24px rgba(0,0,0,0.4)' }}
              />
            </Box>
          )
        }
      />

      {firstRun && <FirstRunGuide {...sectionProps} save={save} onClose={endFirstRun} />}

      <Box
        sx={{
          maxWidth: 1240,
          mx: 'auto',
          px: { xs: 1.5, sm: 2 },
          pt: 2,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 420px' },
          alignItems: 'start',
        }}
      >
        <Box
          sx={{
            display: { xs: phoneView === 'edit' ? 'grid' : 'none', lg: 'grid' },
            gridTemplateColumns: 'minmax(0, 1fr)',
            gap: 2,
            minWidth: 0,
          }}
        >
          <Box
            component="nav"
            aria-label={t('nav.label')}
            sx={{ display: 'flex', gap: 0.75, overflowX: 'auto', pb: 0.5, mx: -0.5, px: 0.5, scrollbarWidth: 'none' }}
          >
            {nav(t).map(([anchor, label]) => (
              <Box
                key={anchor}
                component="a"
                href={`#${anchor}`}
                onClick={(e: React.MouseEvent) => {
                  e.preventDefault();
                  document.getElementById(anchor)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
                sx={{
                  flex: '0 0 auto',
                  px: 1.5,
                  py: 0.6,
                  borderRadius: 999,
                  fontSize: '0.85rem',
                  fontWeight: 600,
                  color: 'text.secondary',
                  textDecoration: 'none',
                  border: '1px solid rgba(255,255,255,0.12)',
                  '&:hover': { color: 'text.primary', borderColor: 'primary.main' },
                }}
              >
                {label}
              </Box>
            ))}
          </Box>
          <LockedByBusiness label={t('locked.design')} business={lockedBy('designSpecification')}>
            <DesignSection {...sectionProps} />
          </LockedByBusiness>
          <ProfileSection
            {...sectionProps}
            organizationLockedBy={lockedBy('organization')}
            coverLockedBy={lockedBy('heroImageDisplayItemId')}
          />
          <AboutSection {...sectionProps} />
          <ContactSection {...sectionProps} />
          <LockedByBusiness label={t('locked.social')} business={lockedBy('socialMedias')}>
            <SocialSection {...sectionProps} />
          </LockedByBusiness>
          <LockedByBusiness label={t('locked.links')} business={lockedBy('links')}>
            <LinksSection {...sectionProps} />
          </LockedByBusiness>
          <LockedByBusiness label={t('locked.places')} business={lockedBy('locations')}>
            <PlacesSection {...sectionProps} />
          </LockedByBusiness>
          <WallSection {...sectionProps} />
          <PinSection contactId={id} writePin={writePin} />
          <ExchangeSwitch checked={form.exchangeEnabled} onChange={(on) => set('exchangeEnabled', on)} />
          <SearchListingSwitch checked={form.listedInSearchEngines} onChange={(on) => set('listedInSearchEngines', on)} />
          <ShareSection card={card} />
          <EditorSection id="delete" icon={<DeleteForeverIcon />} title={t('card.deleteSection.title')} hint={t('card.deleteSection.hint')}>
            <Box>
              <Button color="error" variant="outlined" onClick={askDelete}>
                {t('card.deleteSection.button')}
              </Button>
            </Box>
          </EditorSection>
        </Box>
        <Box
          sx={{
            display: { xs: phoneView === 'preview' ? 'block' : 'none', lg: 'block' },
            position: { lg: 'sticky' },
            top: { lg: `calc(${TOP_INSET} + 80px)` },
            maxHeight: { lg: 'calc(100dvh - 96px)' },
            overflowY: { lg: 'auto' },
            scrollbarWidth: 'thin',
            minWidth: 0,
          }}
        >
          <Typography variant="overline" color="text.secondary" sx={{ display: { xs: 'none', lg: 'block' }, mb: 0.5 }}>
            {t('preview.label')}
          </Typography>
          <Box
            role="radiogroup"
            aria-label={t('design.title')}
            sx={{ display: { xs: 'flex', lg: 'none' }, gap: 0.75, mb: 1.5, overflowX: 'auto' }}
          >
            {templates(t).map((template) => (
              <Box
                key={template.design}
                component="button"
                type="button"
                role="radio"
                aria-checked={form.design === template.design}
                onClick={() => set('design', template.design)}
                sx={{
                  font: 'inherit',
                  fontSize: '0.85rem',
                  fontWeight: 600,
                  cursor: 'pointer',
                  flex: '0 0 auto',
                  px: 1.5,
                  py: 0.6,
                  borderRadius: 999,
                  color: form.design === template.design ? '#fff' : 'text.secondary',
                  bgcolor: form.design === template.design ? 'primary.dark' : 'transparent',
                  border: '1px solid',
                  borderColor: form.design === template.design ? 'primary.main' : 'rgba(255,255,255,0.15)',
                }}
              >
                {template.label}
              </Box>
            ))}
          </Box>
          <LivePreview card={preview} />
        </Box>
      </Box>
    </Box>
  );
}

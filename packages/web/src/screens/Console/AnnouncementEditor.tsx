import { useId, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import {
  ANNOUNCEMENT_ATTACHMENTS_MAX,
  ANNOUNCEMENT_CONTENT_MAX,
  ZCorporateAnnouncementInput,
  type TAnnouncementAttachment,
  type TAuthoredAnnouncement,
  type TCorporateAnnouncementUpdate,
} from '@vbc/shared/announcement';
import { ANNOUNCEMENT_HEADER_MAX_HEIGHT } from '@vbc/shared/constants';
import { createCorporateAnnouncement, updateCorporateAnnouncement } from '../../api/corporate.ts';
import { obsecuredDisplayUrl } from '../../api/contacts.ts';
import { uploadDocument } from '../../api/files.ts';
import { errorText } from '../../api/error-text.ts';
import DocumentIcon from '../../components/DocumentIcon.tsx';
import MarkdownDescriptions from '../../components/card/MarkdownDescriptions.tsx';
import { useFormat } from '../../i18n/format.ts';
import { useProblemText } from '../../i18n/problem-text.ts';
import PictureField, { type TPictureField } from './PictureField.tsx';

interface TDraft {
  title: string;
  content: string;
  /** The header picture (its reference is the upload's id, or the public id it was saved with). */
  image: TPictureField | null;
  attachments: TAnnouncementAttachment[];
}

/** What Save checks before sending, with the shared schema: the title and the markdown. */
const ZText = ZCorporateAnnouncementInput.pick({ title: true, content: true });
const ZDraft = z
  .custom<TDraft>()
  .transform(({ title, content }): z.input<typeof ZText> => ({ title, content }))
  .pipe(ZText);

const fromAnnouncement = (a: TAuthoredAnnouncement | null): TDraft => ({
  title: a?.title ?? '',
  content: a?.content ?? '',
  image: a?.imageId ? { ref: a.imageId, obsecuredId: a.imageId } : null,
  attachments: a?.attachments ?? [],
});

/**
 * Console: writes or edits one announcement — title, markdown with a live preview (rendered with
 * the app's own markdown and sanitizer, as recipients see it), header image, attachments — then
 * publishes it, keeps it a draft, or saves the changes. Only what changed is sent on an edit (a
 * picture or document another editor attached stays theirs).
 */
export default function AnnouncementEditor({
  corporateAccountId,
  editing,
  onDone,
}: {
  corporateAccountId: string;
  editing: TAuthoredAnnouncement | null;
  onDone: (saved: TAuthoredAnnouncement | null) => void;
}) {
  const { t } = useTranslation('console');
  const format = useFormat();
  const problemText = useProblemText();
  const initial = useRef(fromAnnouncement(editing));
  // Checked on Save; one line under the editor says the first problem, or why the save or an upload failed.
  const editor = useForm<TDraft>({
    resolver: zodResolver(ZDraft, undefined, { raw: true }),
    defaultValues: initial.current,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const draft = editor.watch();
  const setDraft = (update: (draft: TDraft) => TDraft) => {
    const before = editor.getValues();
    const after = update(before);
    for (const key of Object.keys(after) as (keyof TDraft)[]) if (after[key] !== before[key]) editor.setValue(key, after[key]);
  };
  const failWith = (e: unknown) => editor.setError('root.server', { type: 'server', message: errorText(e) });
  const { errors } = editor.formState;
  const invalid = (['title', 'content'] as const).find((field) => errors[field]);
  const error =
    errors.root?.server?.message ??
    (invalid ? t('announcements.invalid', { field: invalid, problem: problemText(errors[invalid]?.message ?? 'Required.') }) : null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const save = useMutation({
    mutationFn: async ({ draft, publish }: { draft: TDraft; publish: boolean }) => {
      const attachments = draft.attachments.map((a) => a.documentFileItemId);
      if (!editing) {
        return createCorporateAnnouncement(corporateAccountId, {
          title: draft.title,
          content: draft.content,
          imageId: draft.image?.ref ?? null,
          attachments,
          publish,
        });
      }
      const patch: TCorporateAnnouncementUpdate = { title: draft.title, content: draft.content };
      if (draft.image?.ref !== initial.current.image?.ref) patch.imageId = draft.image?.ref ?? null;
      if (attachments.join() !== initial.current.attachments.map((a) => a.documentFileItemId).join()) patch.attachments = attachments;
      if (publish && editing.isDraft) patch.publish = true;
      return updateCorporateAnnouncement(corporateAccountId, editing.announcementId, patch);
    },
    onSuccess: (saved) => onDone(saved),
    onError: failWith,
  });

  const submit = (publish: boolean) => void editor.handleSubmit((values) => save.mutate({ draft: values, publish }))();

  /** Uploads the files one by one; each joins the draft as soon as it is up (a failure keeps those before it). */
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      for (const file of files) {
        const uploaded = await uploadDocument(file);
        editor.setValue('attachments', [...editor.getValues('attachments'), uploaded].slice(0, ANNOUNCEMENT_ATTACHMENTS_MAX));
      }
    },
    onError: failWith,
    onSettled: () => {
      if (fileInput.current) fileInput.current.value = '';
    },
  });
  const uploading = upload.isPending;

  const addFiles = (files: FileList | null) => {
    if (!files?.length) return;
    editor.clearErrors();
    upload.mutate(Array.from(files));
  };

  const isDraft = !editing || editing.isDraft;
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: '18px', display: 'grid', gap: 2 }} data-testid="announcement-editor">
      <Typography variant="h6" component="h3" sx={{ fontWeight: 800 }}>
        {editing ? t('announcements.edit') : t('announcements.new')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Stack sx={{ gap: 2 }}>
          <TextField
            size="small"
            label={t('announcements.title')}
            required
            value={draft.title}
            onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
            slotProps={{ htmlInput: { 'data-testid': 'announcement-title-input' } }}
          />
          <TextField
            label={t('announcements.content')}
            multiline
            minRows={8}
            value={draft.content}
            onChange={(e) => setDraft((d) => ({ ...d, content: e.target.value }))}
            helperText={t('announcements.length', {
              length: format.number(draft.content.length),
              max: format.number(ANNOUNCEMENT_CONTENT_MAX),
            })}
            slotProps={{ htmlInput: { 'data-testid': 'announcement-content-input' } }}
          />
          <PictureField
            title={t('announcements.header')}
            uploadLabel={t('announcements.uploadHeader')}
            heading="h4"
            shape="wide"
            testId="announcement-image-input"
            value={draft.image}
            onChange={(image) => setDraft((d) => ({ ...d, image }))}
          />
          <Stack sx={{ gap: 1 }}>
            <Typography component="h4" sx={{ fontWeight: 700 }}>
              {t('announcements.attachments')}
            </Typography>
            {draft.attachments.length > 0 && (
              <Stack component="ul" aria-label={t('announcements.attachments')} sx={{ listStyle: 'none', p: 0, m: 0, gap: 0.5 }}>
                {draft.attachments.map((file) => (
                  <Box
                    component="li"
                    key={file.documentFileItemId}
                    data-testid="editor-attachment"
                    sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                  >
                    <DocumentIcon contentType={file.contentType} />
                    <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
                      {file.name}
                    </Typography>
                    <IconButton
                      aria-label={t('announcements.remove', { name: file.name })}
                      onClick={() =>
                        setDraft((d) => ({
                          ...d,
                          attachments: d.attachments.filter((a) => a.documentFileItemId !== file.documentFileItemId),
                        }))
                      }
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
              </Stack>
            )}
            <Box>
              <Button
                size="small"
                variant="outlined"
                component="label"
                htmlFor={fileId}
                disabled={uploading || draft.attachments.length >= ANNOUNCEMENT_ATTACHMENTS_MAX}
              >
                {uploading ? t('announcements.uploading') : t('announcements.addAttachment')}
              </Button>
              <input
                ref={fileInput}
                id={fileId}
                type="file"
                multiple
                hidden
                aria-label={t('announcements.addAttachment')}
                data-testid="announcement-attachment-input"
                onChange={(e) => addFiles(e.target.files)}
              />
            </Box>
          </Stack>
        </Stack>
        <Box
          component="section"
          aria-label={t('announcements.preview')}
          data-testid="announcement-preview"
          sx={{ border: '1px dashed rgba(255,255,255,0.2)', borderRadius: '14px', p: 2, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          <Typography variant="overline" color="text.secondary">
            {t('announcements.preview')}
          </Typography>
          {draft.image && (
            <Box
              component="img"
              src={obsecuredDisplayUrl(draft.image.obsecuredId)}
              alt=""
              sx={{
                width: '100%',
                maxHeight: ANNOUNCEMENT_HEADER_MAX_HEIGHT,
                objectFit: 'cover',
                borderRadius: 2,
                display: 'block',
                mb: 1,
              }}
            />
          )}
          <Typography sx={{ fontWeight: 800, fontSize: '1.2rem' }}>{draft.title || t('announcements.untitled')}</Typography>
          <MarkdownDescriptions sources={[draft.content]} />
        </Box>
      </Box>
      {error && (
        <Typography role="alert" color="error.main">
          {error}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {isDraft && (
          <Button variant="contained" disabled={save.isPending || uploading} onClick={() => submit(true)}>
            {t('announcements.publish')}
          </Button>
        )}
        {isDraft && (
          <Button variant="outlined" disabled={save.isPending || uploading} onClick={() => submit(false)}>
            {t('announcements.saveDraft')}
          </Button>
        )}
        {!isDraft && (
          <Button variant="contained" disabled={save.isPending || uploading} onClick={() => submit(false)}>
            {t('announcements.saveChanges')}
          </Button>
        )}
        <Button color="inherit" onClick={() => onDone(null)}>
          {t('announcements.cancel')}
        </Button>
      </Stack>
    </Paper>
  );
}

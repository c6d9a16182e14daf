import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/Person';
import { displayUrl } from '../../../api/contacts.ts';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import ImageUpload from '../../../components/editor/ImageUpload.tsx';
import LockedByBusiness from '../../../components/editor/LockedByBusiness.tsx';
import PictureUpload from './PictureUpload.tsx';
import type { TSectionProps } from './types.ts';

/** Picture, cover, names, job title, organization, biography. */
export default function ProfileSection({
  form,
  set,
  errors,
  organizationLockedBy = null,
  coverLockedBy = null,
}: TSectionProps & {
  /** The business whose brand template sets the organization (read-only then). */ organizationLockedBy?: string | null;
  /** The business whose brand template sets the cover image (read-only then). */ coverLockedBy?: string | null;
}) {
  const { t } = useTranslation('editor');
  return (
    <EditorSection id="profile" icon={<PersonIcon />} title={t('profile.title')} hint={t('profile.hint')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'auto 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <Typography variant="overline" color="text.secondary">
            {t('profile.picture')}
          </Typography>
          <PictureUpload form={form} set={set} testId="picture-input" />
        </Box>
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <Typography variant="overline" color="text.secondary">
            {t('profile.cover')}
          </Typography>
          <LockedByBusiness label={t('profile.cover')} business={coverLockedBy}>
            <ImageUpload
              label={t('profile.uploadCover')}
              testId="cover-input"
              shape="wide"
              src={form.heroImageDisplayItemId ? displayUrl(form.heroImageDisplayItemId) : null}
              onUploaded={(u) => set('heroImageDisplayItemId', u.highResDisplayItemId)}
              onRemove={() => set('heroImageDisplayItemId', null)}
              hint={t('profile.coverHint')}
            />
          </LockedByBusiness>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
        <Field
          label={t('fields.firstName')}
          value={form.firstName}
          onChange={(v) => set('firstName', v)}
          error={errors.firstName}
          autoComplete="given-name"
        />
        <Field
          label={t('fields.lastName')}
          value={form.lastName}
          onChange={(v) => set('lastName', v)}
          error={errors.lastName}
          autoComplete="family-name"
        />
        <Field
          label={t('fields.jobTitle')}
          value={form.jobTitle}
          onChange={(v) => set('jobTitle', v)}
          error={errors.jobTitle}
          autoComplete="organization-title"
        />
        <LockedByBusiness label={t('fields.organization')} business={organizationLockedBy}>
          <Field
            label={t('fields.organization')}
            value={form.organization}
            onChange={(v) => set('organization', v)}
            error={errors.organization}
            autoComplete="organization"
          />
        </LockedByBusiness>
      </Box>
      <Field
        label={t('fields.biography')}
        value={form.biography}
        onChange={(v) => set('biography', v)}
        error={errors.biography}
        multiline
        minRows={2}
        helperText={t('profile.biographyCount', { length: form.biography.length, max: 2000 })}
      />
    </EditorSection>
  );
}

import { useTranslation } from 'react-i18next';
import { displayUrl } from '../../../api/contacts.ts';
import type { TSectionProps } from './types.ts';
import ImageUpload from '../../../components/editor/ImageUpload.tsx';

/** The card's picture (its display and high-resolution copies together), as the Profile section and the first-time set-up edit it. */
export default function PictureUpload({ form, set, testId }: Pick<TSectionProps, 'form' | 'set'> & { testId: string }) {
  const { t } = useTranslation('editor');
  const picture = form.pictureDisplayItemId ?? form.highResPictureDisplayItemId;
  return (
    <ImageUpload
      label={t('profile.uploadPicture')}
      testId={testId}
      src={picture ? displayUrl(picture) : null}
      onUploaded={(u) => {
        set('pictureDisplayItemId', u.displayItemId);
        set('highResPictureDisplayItemId', u.highResDisplayItemId);
      }}
      onRemove={() => {
        set('pictureDisplayItemId', null);
        set('highResPictureDisplayItemId', null);
      }}
      hint={t('profile.pictureHint')}
    />
  );
}

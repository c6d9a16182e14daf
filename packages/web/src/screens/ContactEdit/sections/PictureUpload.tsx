import { displayUrl } from '../../../api/contacts.ts';
import type { TSectionProps } from './types.ts';
import ImageUpload from '../../../components/editor/ImageUpload.tsx';

/** The card's picture (its display and high-resolution copies together), as the Profile section and the first-time set-up edit it. */
export default function PictureUpload({ form, set, testId }: Pick<TSectionProps, 'form' | 'set'> & { testId: string }) {
  const picture = form.pictureDisplayItemId ?? form.highResPictureDisplayItemId;
  return (
    <ImageUpload
      label="Upload picture"
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
      hint="Square works best. Location data is removed."
    />
  );
}

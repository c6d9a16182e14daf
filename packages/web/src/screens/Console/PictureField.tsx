import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { obsecuredDisplayUrl } from '../../api/contacts.ts';
import ImageUpload from '../../components/editor/ImageUpload.tsx';

/** A picture in a console form: the reference a save sends and the public id its preview shows. */
export interface TPictureField {
  ref: string;
  obsecuredId: string;
}

/**
 * A titled picture of a console form (hero, profile image, announcement header, a template's logo
 * and cover): upload, replace, remove. `size` picks the upload's variant the save names: the
 * normal one (≤ 512 px) or the high-resolution one (≤ 1600 px, for a wide cover).
 */
export default function PictureField({
  title,
  uploadLabel,
  heading,
  shape,
  size = 'normal',
  testId,
  value,
  onChange,
  error,
  hint,
}: {
  title: string;
  /** The upload button's name ("Upload hero image"). */
  uploadLabel: string;
  heading: 'h3' | 'h4';
  shape?: 'circle' | 'wide' | 'square';
  size?: 'normal' | 'highRes';
  testId: string;
  value: TPictureField | null;
  onChange: (value: TPictureField | null) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <Stack sx={{ gap: 1 }}>
      <Typography component={heading} sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <ImageUpload
        label={uploadLabel}
        shape={shape}
        testId={testId}
        src={value ? obsecuredDisplayUrl(value.obsecuredId) : null}
        onUploaded={(u) =>
          onChange(
            size === 'highRes'
              ? { ref: u.highResDisplayItemId, obsecuredId: u.highResObsecuredDisplayItemId }
              : { ref: u.displayItemId, obsecuredId: u.obsecuredDisplayItemId },
          )
        }
        onRemove={() => onChange(null)}
        hint={hint}
      />
      {error && (
        <Typography color="error.main" variant="caption" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

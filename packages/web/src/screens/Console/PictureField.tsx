import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { obsecuredDisplayUrl } from '../../api/contacts.ts';
import ImageUpload from '../../components/editor/ImageUpload.tsx';

/** A picture in a console form: the reference a save sends and the public id its preview shows. */
export interface TPictureField {
  ref: string;
  obsecuredId: string;
}

/** A titled picture of a console form (hero, profile image, announcement header): upload, replace, remove. */
export default function PictureField({
  title,
  heading,
  shape,
  testId,
  value,
  onChange,
  error,
}: {
  title: string;
  heading: 'h3' | 'h4';
  shape?: 'circle' | 'wide';
  testId: string;
  value: TPictureField | null;
  onChange: (value: TPictureField | null) => void;
  error?: string;
}) {
  return (
    <Stack sx={{ gap: 1 }}>
      <Typography component={heading} sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <ImageUpload
        label={`Upload ${title.toLowerCase()}`}
        shape={shape}
        testId={testId}
        src={value ? obsecuredDisplayUrl(value.obsecuredId) : null}
        onUploaded={(u) => onChange({ ref: u.displayItemId, obsecuredId: u.obsecuredDisplayItemId })}
        onRemove={() => onChange(null)}
      />
      {error && (
        <Typography color="error.main" variant="caption">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

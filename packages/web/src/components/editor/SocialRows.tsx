import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { SOCIAL_MEDIA_TYPES, type TSocialMediaType } from '@vbc/shared/contact';
import { socialUrl } from '@vbc/shared/links';
import { obsecuredDisplayUrl } from '../../api/contacts.ts';
import { SOCIAL_STYLE } from '../card/social-icons.tsx';
import Field from './Field.tsx';
import ImageUpload from './ImageUpload.tsx';
import SortableList from './SortableList.tsx';
import { emptySocialRow, type TReference, type TRowsProps, type TSocialRow } from './list-rows.ts';

/** WeChat profiles are reached only by their QR code. */
const QR_ONLY: readonly TSocialMediaType[] = ['WeChat'];

const ACCOUNT_HINT: Record<TSocialMediaType, string> = {
  Facebook: 'Profile name, e.g. jane.doe',
  Messenger: 'Profile name',
  Twitter: 'Handle, e.g. @jane',
  Instagram: 'Handle, e.g. @jane',
  LinkedIn: 'in/jane-doe or company/acme',
  Viber: 'Phone number with country code',
  Whatsapp: 'Phone number with country code',
  WeChat: '',
  Telegram: 'Username',
  Youtube: '@channel',
  TikTok: 'Handle',
  Line: 'LINE id, e.g. @shop',
};

function SocialIcon({ type }: { type: TSocialMediaType }) {
  const style = SOCIAL_STYLE[type];
  const Icon = style.icon;
  return (
    <Box
      aria-hidden
      sx={{
        width: 28,
        height: 28,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: style.color,
        color: '#fff',
        '& svg': { fontSize: 16 },
      }}
    >
      <Icon />
    </Box>
  );
}

/** An ordered list of social networks: all 12 types, by account id, URL or QR image (WeChat: QR only); at most 30. */
export default function SocialRows({ rows, onChange, errors, path, addText = '+ Add a social network' }: TRowsProps<TSocialRow>) {
  /** A new network; a QR-only one is reached by its QR image, and leaving one goes back to the account. */
  const typeChange = (row: TSocialRow, type: TSocialMediaType): Partial<TSocialRow> => ({
    socialMediaType: type,
    referenceType: QR_ONLY.includes(type)
      ? 'ByQrCode'
      : row.referenceType === 'ByQrCode' && QR_ONLY.includes(row.socialMediaType)
        ? 'ByAccountId'
        : row.referenceType,
  });
  return (
    <SortableList
      rows={rows}
      onChange={onChange}
      label={(row) => `${row.socialMediaType} entry`}
      newRow={emptySocialRow}
      max={30}
      addText={addText}
    >
      {(row, i, update) => {
        const qrOnly = QR_ONLY.includes(row.socialMediaType);
        const url =
          row.referenceType === 'ByAccountId' ? socialUrl({ socialMediaType: row.socialMediaType, accountId: row.accountId }) : null;
        return (
          <>
            <Box sx={{ display: 'flex', gap: 1.25, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label="Network"
                value={row.socialMediaType}
                onChange={(e) => update(typeChange(row, e.target.value as TSocialMediaType))}
                sx={{ minWidth: 170, flex: '1 1 170px', '& .MuiSelect-select': { display: 'flex', alignItems: 'center', gap: 1 } }}
              >
                {SOCIAL_MEDIA_TYPES.map((t) => (
                  <MenuItem key={t} value={t} sx={{ gap: 1 }}>
                    <SocialIcon type={t} />
                    {t}
                  </MenuItem>
                ))}
              </TextField>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={row.referenceType}
                onChange={(_, v: TReference | null) => v && update({ referenceType: v })}
                aria-label={`How to reach ${row.socialMediaType}`}
              >
                <ToggleButton value="ByAccountId" disabled={qrOnly}>
                  Account
                </ToggleButton>
                <ToggleButton value="ByUrl" disabled={qrOnly}>
                  URL
                </ToggleButton>
                <ToggleButton value="ByQrCode">QR image</ToggleButton>
              </ToggleButtonGroup>
            </Box>
            {row.referenceType === 'ByAccountId' && (
              <Field
                label={`${row.socialMediaType} account`}
                value={row.accountId}
                placeholder={ACCOUNT_HINT[row.socialMediaType]}
                onChange={(v) => update({ accountId: v })}
                error={errors[`${path}.${i}.accountId`]}
                helperText={url ? `Opens ${url}` : ACCOUNT_HINT[row.socialMediaType]}
              />
            )}
            {row.referenceType === 'ByUrl' && (
              <Field
                label={`${row.socialMediaType} URL`}
                type="url"
                value={row.urlOverride}
                onChange={(v) => update({ urlOverride: v })}
                error={errors[`${path}.${i}.urlOverride`]}
                placeholder="https://…"
              />
            )}
            {row.referenceType === 'ByQrCode' && (
              <Box>
                <ImageUpload
                  label={`Upload ${row.socialMediaType} QR image`}
                  testId={`social-qr-input-${i}`}
                  shape="square"
                  src={row.qrCode ? obsecuredDisplayUrl(row.qrCode) : null}
                  onUploaded={(u) => update({ qrCode: u.obsecuredDisplayItemId })}
                  onRemove={() => update({ qrCode: null })}
                  hint={qrOnly ? 'WeChat: Me → QR code → save the image, then upload it here.' : 'A screenshot of your QR code.'}
                />
                {errors[`${path}.${i}.qrCode`] && (
                  <Typography variant="caption" color="error.main" role="alert">
                    {errors[`${path}.${i}.qrCode`]}
                  </Typography>
                )}
              </Box>
            )}
          </>
        );
      }}
    </SortableList>
  );
}

import { useTranslation } from 'react-i18next';
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

/** An address's beginning, shown in an empty URL field (the same in every language). */
const URL_EXAMPLE = 'https://…';

/** What to type for a network's account, in the active language. */
function accountHint(t: (key: string) => string, type: TSocialMediaType): string {
  switch (type) {
    case 'Facebook':
      return t('social.hints.facebook');
    case 'Messenger':
      return t('social.hints.profileName');
    case 'Twitter':
    case 'Instagram':
      return t('social.hints.handleExample');
    case 'LinkedIn':
      return t('social.hints.linkedIn');
    case 'Viber':
    case 'Whatsapp':
      return t('social.hints.phone');
    case 'WeChat':
      return '';
    case 'Telegram':
      return t('social.hints.username');
    case 'Youtube':
      return t('social.hints.channel');
    case 'TikTok':
      return t('social.hints.handle');
    case 'Line':
      return t('social.hints.line');
  }
}

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
export default function SocialRows({ rows, onChange, errors, path, addText }: TRowsProps<TSocialRow>) {
  const { t } = useTranslation('editor');
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
      label={(row) => t('rows.social', { network: row.socialMediaType })}
      newRow={emptySocialRow}
      max={30}
      addText={addText ?? t('social.add')}
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
                label={t('social.network')}
                value={row.socialMediaType}
                onChange={(e) => update(typeChange(row, e.target.value as TSocialMediaType))}
                sx={{ minWidth: 170, flex: '1 1 170px', '& .MuiSelect-select': { display: 'flex', alignItems: 'center', gap: 1 } }}
              >
                {SOCIAL_MEDIA_TYPES.map((type) => (
                  <MenuItem key={type} value={type} sx={{ gap: 1 }}>
                    <SocialIcon type={type} />
                    {type}
                  </MenuItem>
                ))}
              </TextField>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={row.referenceType}
                onChange={(_, v: TReference | null) => v && update({ referenceType: v })}
                aria-label={t('social.how', { network: row.socialMediaType })}
              >
                <ToggleButton value="ByAccountId" disabled={qrOnly}>
                  {t('social.account')}
                </ToggleButton>
                <ToggleButton value="ByUrl" disabled={qrOnly}>
                  {t('social.url')}
                </ToggleButton>
                <ToggleButton value="ByQrCode">{t('social.qr')}</ToggleButton>
              </ToggleButtonGroup>
            </Box>
            {row.referenceType === 'ByAccountId' && (
              <Field
                label={t('social.accountField', { network: row.socialMediaType })}
                value={row.accountId}
                placeholder={accountHint(t, row.socialMediaType)}
                onChange={(v) => update({ accountId: v })}
                error={errors[`${path}.${i}.accountId`]}
                helperText={url ? t('social.opens', { url }) : accountHint(t, row.socialMediaType)}
              />
            )}
            {row.referenceType === 'ByUrl' && (
              <Field
                label={t('social.urlField', { network: row.socialMediaType })}
                type="url"
                value={row.urlOverride}
                onChange={(v) => update({ urlOverride: v })}
                error={errors[`${path}.${i}.urlOverride`]}
                placeholder={URL_EXAMPLE}
              />
            )}
            {row.referenceType === 'ByQrCode' && (
              <Box>
                <ImageUpload
                  label={t('social.uploadQr', { network: row.socialMediaType })}
                  testId={`social-qr-input-${i}`}
                  shape="square"
                  src={row.qrCode ? obsecuredDisplayUrl(row.qrCode) : null}
                  onUploaded={(u) => update({ qrCode: u.obsecuredDisplayItemId })}
                  onRemove={() => update({ qrCode: null })}
                  hint={qrOnly ? t('social.wechatHint') : t('social.qrHint')}
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

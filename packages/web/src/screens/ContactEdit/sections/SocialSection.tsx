import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ShareIcon from '@mui/icons-material/Share';
import { SOCIAL_MEDIA_TYPES, type TSocialMediaType } from '@vbc/shared/contact';
import { socialUrl } from '@vbc/shared/links';
import { obsecuredDisplayUrl } from '../../../api/contacts.ts';
import { SOCIAL_STYLE } from '../../../components/card/social-icons.tsx';
import { newKey, type TReference, type TSocialRow } from '../form-model.ts';
import EditorSection, { AddButton } from '../../../components/editor/EditorSection.tsx';
import Field from '../../../components/editor/Field.tsx';
import ImageUpload from '../../../components/editor/ImageUpload.tsx';
import SortableRow from '../parts/SortableRow.tsx';
import { useDragSort } from '../parts/use-drag-sort.ts';
import { listOps } from './list-ops.ts';
import type { TSectionProps } from './types.ts';

/** An address's beginning, shown in an empty URL field (the same in every language). */
const URL_EXAMPLE = 'https://…';
/** WeChat profiles are reached only by their QR code. */
const QR_ONLY: readonly TSocialMediaType[] = ['WeChat'];

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

/** Social networks: all 12 types, by account id, URL or QR image (WeChat: QR only). */
export default function SocialSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  const ops = listOps(set, 'socialMedias');
  const sort = useDragSort(ops.move);
  const setType = (i: number, row: TSocialRow, type: TSocialMediaType) =>
    ops.update(i, {
      socialMediaType: type,
      referenceType: QR_ONLY.includes(type)
        ? 'ByQrCode'
        : row.referenceType === 'ByQrCode' && QR_ONLY.includes(row.socialMediaType)
          ? 'ByAccountId'
          : row.referenceType,
    });
  return (
    <EditorSection id="social" icon={<ShareIcon />} title={t('social.title')} hint={t('social.hint')}>
      {form.socialMedias.map((row, i) => {
        const qrOnly = QR_ONLY.includes(row.socialMediaType);
        const url =
          row.referenceType === 'ByAccountId' ? socialUrl({ socialMediaType: row.socialMediaType, accountId: row.accountId }) : null;
        return (
          <SortableRow
            key={row.key}
            index={i}
            count={form.socialMedias.length}
            sort={sort}
            label={t('rows.social', { network: row.socialMediaType })}
            onMove={ops.move}
            onRemove={() => ops.remove(i)}
          >
            <Box sx={{ display: 'flex', gap: 1.25, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label={t('social.network')}
                value={row.socialMediaType}
                onChange={(e) => setType(i, row, e.target.value as TSocialMediaType)}
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
                onChange={(_, v: TReference | null) => v && ops.update(i, { referenceType: v })}
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
                onChange={(v) => ops.update(i, { accountId: v })}
                error={errors[`socialMedias.${i}.accountId`]}
                helperText={url ? t('social.opens', { url }) : accountHint(t, row.socialMediaType)}
              />
            )}
            {row.referenceType === 'ByUrl' && (
              <Field
                label={t('social.urlField', { network: row.socialMediaType })}
                type="url"
                value={row.urlOverride}
                onChange={(v) => ops.update(i, { urlOverride: v })}
                error={errors[`socialMedias.${i}.urlOverride`]}
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
                  onUploaded={(u) => ops.update(i, { qrCode: u.obsecuredDisplayItemId })}
                  onRemove={() => ops.update(i, { qrCode: null })}
                  hint={qrOnly ? t('social.wechatHint') : t('social.qrHint')}
                />
                {errors[`socialMedias.${i}.qrCode`] && (
                  <Typography variant="caption" color="error.main" role="alert">
                    {errors[`socialMedias.${i}.qrCode`]}
                  </Typography>
                )}
              </Box>
            )}
          </SortableRow>
        );
      })}
      <AddButton
        onClick={() =>
          ops.add({
            key: newKey(),
            socialMediaType: 'Instagram',
            referenceType: 'ByAccountId',
            accountId: '',
            urlOverride: '',
            qrCode: null,
          })
        }
        disabled={form.socialMedias.length >= 30}
      >
        {t('social.add')}
      </AddButton>
    </EditorSection>
  );
}

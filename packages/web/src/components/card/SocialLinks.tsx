import Box from '@mui/material/Box';
import RoundButton from '../RoundButton.tsx';
import { socialUrl, type TSocialLinkInput } from '@vbc/shared/links';
import { obsecuredDisplayUrl } from '../../api/contacts.ts';
import { emitClientEvent } from '../../platform/events.ts';
import { SOCIAL_STYLE } from './social-icons.tsx';
import { useTranslation } from 'react-i18next';

type TEntry = TSocialLinkInput & { qrCode?: string | null };

/**
 * A profile link's `rel` (issue 29): `me` says the profile is the card owner's own, so a profile
 * that links back (Mastodon and other rel="me" checkers) shows the card as verified.
 */
export const PROFILE_REL = 'me noopener noreferrer';

/** docs/contracts.md §2 "The WeChat social entry opens a QR display titled 'Scan with WeChat'". */
export const WECHAT_QR_TITLE = 'Scan with WeChat';

/**
 * Round brand-coloured icons, one per social entry. Links go to the network's
 * profile (socialUrl); WeChat, and any entry that only has an uploaded QR,
 * opens the QR dialog instead.
 */
type TJustify = 'center' | 'flex-start';

export default function SocialLinks({
  entries,
  size = 44,
  align = 'center',
}: {
  entries: readonly TEntry[];
  size?: number;
  align?: TJustify | { xs: TJustify; md: TJustify };
}) {
  const { t } = useTranslation('card');
  const items = entries
    .map((entry, i) => ({ entry, i, url: socialUrl(entry), style: SOCIAL_STYLE[entry.socialMediaType] }))
    .filter(({ url, entry, style }) => style && (url || entry.qrCode));
  if (items.length === 0) return null;
  const buttonSx = (color: string) => ({
    color: '#fff',
    bgcolor: color,
    border: '1px solid rgba(255,255,255,0.14)',
    transition: 'transform .15s ease',
    '&:hover': { bgcolor: color, transform: 'translateY(-2px)' },
  });
  return (
    <Box
      component="ul"
      aria-label={t('lists.socialNetworks')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1.25, justifyContent: align }}
    >
      {items.map(({ entry, i, url, style }) => {
        const type = entry.socialMediaType;
        const Icon = style.icon;
        const qrOnly = type === 'WeChat' || !url;
        return (
          <li key={`${type}-${i}`}>
            {qrOnly ? (
              <RoundButton
                label={type}
                size={size}
                title={type}
                data-social={type}
                sx={buttonSx(style.color)}
                onClick={() =>
                  emitClientEvent('qr', {
                    title: type === 'WeChat' ? WECHAT_QR_TITLE : `Scan with ${type}`,
                    code: url ?? '',
                    imageUrl: entry.qrCode ? obsecuredDisplayUrl(entry.qrCode) : undefined,
                  })
                }
              >
                <Icon />
              </RoundButton>
            ) : (
              <RoundButton
                label={type}
                size={size}
                title={type}
                data-social={type}
                href={url ?? undefined}
                target="_blank"
                rel={PROFILE_REL}
                className="u-url"
                sx={buttonSx(style.color)}
              >
                <Icon />
              </RoundButton>
            )}
          </li>
        );
      })}
    </Box>
  );
}

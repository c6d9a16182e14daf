/**
 * docs/contracts.md §2 contact information rows: phones (tel:), e-mails (mailto:), links, places
 * (maps); each carries its microformats2 property (issue 29) inside the card's `h-card`.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PhoneIcon from '@mui/icons-material/Phone';
import EmailIcon from '@mui/icons-material/Email';
import LinkIcon from '@mui/icons-material/Link';
import PlaceIcon from '@mui/icons-material/Place';
import MovieIcon from '@mui/icons-material/Movie';
import type { TEmail, TLink, TLocation, TPhone, TVideo } from '@vbc/shared/contact';
import { countedLinkPath, emailLabel, linkHref, mailtoHref, mapsUrl, telHref } from '@vbc/shared/links';
import { COUNTED_LINK_ATTRIBUTE } from '../../platform/visit-source.ts';
import { useTranslation } from 'react-i18next';

interface TRow {
  key: string;
  href: string | null;
  primary: string;
  secondary?: string | null;
  external?: boolean;
  /** The counting redirect a click goes through (issue 29; platform/visit-source.ts). */
  counted?: string;
  /** microformats2 classes: on the row's link, on its first line, on its second line. */
  mf?: { link?: string; primary?: string; secondary?: string };
}

function InfoRows({ rows, icon, label, accent }: { rows: TRow[]; icon: ReactNode; label: string; accent: string }) {
  if (rows.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {rows.map((row) => (
        <li key={row.key}>
          <Box
            component={row.href ? 'a' : 'div'}
            className={row.mf?.link}
            href={row.href ?? undefined}
            {...(row.counted ? { [COUNTED_LINK_ATTRIBUTE]: row.counted } : {})}
            target={row.external ? '_blank' : undefined}
            rel={row.external ? 'noopener noreferrer' : undefined}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              p: 1.25,
              pr: 2,
              borderRadius: 3,
              color: 'inherit',
              textDecoration: 'none',
              bgcolor: 'rgba(255,255,255,0.04)',
              border: '1px solid rgba(255,255,255,0.06)',
              transition: 'background-color .15s ease',
              '&:hover': row.href ? { bgcolor: 'rgba(255,255,255,0.09)' } : undefined,
            }}
          >
            <Box
              aria-hidden
              sx={{
                width: 40,
                height: 40,
                flex: '0 0 40px',
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: accent,
                color: '#fff',
                '& svg': { fontSize: 20 },
              }}
            >
              {icon}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography className={row.mf?.primary} dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {row.primary}
              </Typography>
              {row.secondary && (
                <Typography
                  className={row.mf?.secondary}
                  variant="body2"
                  color="text.secondary"
                  dir="auto"
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {row.secondary}
                </Typography>
              )}
            </Box>
          </Box>
        </li>
      ))}
    </Box>
  );
}

export function PhoneList({ phones, accent }: { phones: readonly TPhone[]; accent: string }) {
  const { t } = useTranslation('card');
  const typeName = (type: TPhone['type']) => {
    switch (type) {
      case 'Mobile':
        return t('lists.phoneTypes.mobile');
      case 'Work':
        return t('lists.phoneTypes.work');
      case 'Home':
        return t('lists.phoneTypes.home');
      case 'Fax':
        return t('lists.phoneTypes.fax');
      default:
        return t('lists.phoneTypes.other');
    }
  };
  const rows = phones.map((p, i) => ({
    key: `p${i}`,
    href: telHref(p),
    primary: p.phoneNumber,
    secondary: typeName(p.type),
    mf: { primary: 'p-tel' },
  }));
  return <InfoRows rows={rows} icon={<PhoneIcon />} label={t('lists.phones')} accent={accent} />;
}

export function EmailList({ emails, accent }: { emails: readonly TEmail[]; accent: string }) {
  const { t } = useTranslation('card');
  const rows = emails.map((e, i) => {
    const label = emailLabel(e);
    return {
      key: `e${i}`,
      href: mailtoHref(e),
      primary: label,
      secondary: label === e.email.trim() ? null : e.email,
      mf: { link: 'u-email' },
    };
  });
  return <InfoRows rows={rows} icon={<EmailIcon />} label={t('lists.emails')} accent={accent} />;
}

/** Shown text of a link: its name, else the address without the scheme. */
const linkText = (l: TLink) => l.linkName?.trim() || l.linkUrl.replace(/^https?:\/\//i, '');

/**
 * The card's links; with `countedFor` (the card's id) a click on a web link goes through the card's
 * counting redirect (issue 29), while its `href` stays the real address (h-card, a reader's preview).
 */
export function LinkList({ links, accent, countedFor }: { links: readonly TLink[]; accent: string; countedFor?: string }) {
  const { t } = useTranslation('card');
  const rows = links
    .map((l, i) => ({
      key: `l${i}`,
      href: linkHref(l.linkUrl) || null,
      counted: countedFor && /^https?:\/\//i.test(linkHref(l.linkUrl)) ? countedLinkPath(countedFor, i) : undefined,
      primary: linkText(l),
      secondary: l.linkName?.trim() ? l.linkUrl : null,
      external: true,
      mf: { link: 'u-url' },
    }))
    .filter((r) => r.href);
  return <InfoRows rows={rows} icon={<LinkIcon />} label={t('lists.links')} accent={accent} />;
}

/** Videos no player can show (issue 30): a plain link, titled when the owner gave a title. */
export function VideoLinkList({ videos, accent }: { videos: readonly TVideo[]; accent: string }) {
  const { t } = useTranslation('card');
  const rows = videos
    .map((v, i) => ({
      key: `v${i}`,
      href: linkHref(v.videoUrl) || null,
      primary: v.title?.trim() || v.videoUrl.replace(/^https?:\/\//i, ''),
      secondary: v.title?.trim() ? v.videoUrl : null,
      external: true,
    }))
    .filter((r) => r.href);
  return <InfoRows rows={rows} icon={<MovieIcon />} label={t('lists.videos')} accent={accent} />;
}

export function PlaceList({ locations, accent }: { locations: readonly TLocation[]; accent: string }) {
  const { t } = useTranslation('card');
  const rows = locations.map((l, i) => {
    const line = [l.address, l.city, l.country].filter((p) => p && p.trim()).join(', ');
    return {
      key: `m${i}`,
      href: mapsUrl(l),
      primary: l.title?.trim() || line || t('lists.place'),
      secondary: l.title?.trim() ? line || null : null,
      external: true,
      // The address is the h-card's `p-adr` (under the place's title when it has one).
      mf: l.title?.trim() ? { secondary: 'p-adr' } : line ? { primary: 'p-adr' } : undefined,
    };
  });
  return <InfoRows rows={rows} icon={<PlaceIcon />} label={t('lists.places')} accent={accent} />;
}

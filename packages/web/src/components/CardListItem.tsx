import { Trans, useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import BadgeIcon from '@mui/icons-material/Badge';
import type { TCardSummary } from '@vbc/shared/account';
import { displayUrl } from '../api/contacts.ts';
import { highlightParts } from './highlight.ts';

/** `text` with the parts matching `term` marked. */
function Marked({ text, term }: { text: string; term?: string }) {
  if (!term) return <>{text}</>;
  return (
    <>
      {highlightParts(text, term).map((p, i) =>
        p.match ? (
          <Box component="mark" key={i} sx={{ bgcolor: 'rgba(154,125,255,0.35)', color: 'inherit', borderRadius: '3px', px: '1px' }}>
            {p.text}
          </Box>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** The name a card list shows: first and last name, else the card's name, else `unnamed` ("Unnamed card" in the active language). */
export const cardTitle = (card: TCardSummary, unnamed: string) => `${card.firstName} ${card.lastName}`.trim() || card.name || unnamed;

/** A card's round picture, or a placeholder of the same size without one. */
export function CardAvatar({ pictureDisplayItemId, size = 52 }: { pictureDisplayItemId: string | null; size?: number }) {
  const round = { width: size, height: size, borderRadius: '50%', flex: `0 0 ${size}px`, bgcolor: '#2a2a35' };
  return pictureDisplayItemId ? (
    <Box component="img" src={displayUrl(pictureDisplayItemId)} alt="" sx={{ ...round, objectFit: 'cover' }} />
  ) : (
    <Box aria-hidden sx={{ ...round, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
      <BadgeIcon />
    </Box>
  );
}

/**
 * A card as lists and pickers show it: picture (a placeholder without one), name, job title and
 * organization, and with `showQuickId` its quick id, so that two cards of the same name can be told
 * apart (issue 30, item 9). `highlight` marks the words searched for.
 */
export function CardIdentity({ card, highlight, showQuickId }: { card: TCardSummary; highlight?: string; showQuickId?: boolean }) {
  const { t } = useTranslation('app');
  const title = cardTitle(card, t('app:cards.unnamed'));
  return (
    <>
      <CardAvatar pictureDisplayItemId={card.pictureDisplayItemId} />
      <Box sx={{ minWidth: 0 }}>
        <Typography data-testid="card-name" sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          <Marked text={title} term={highlight} />
        </Typography>
        {card.jobTitle && (
          <Typography variant="body2" color="text.secondary" noWrap>
            <Marked text={card.jobTitle} term={highlight} />
          </Typography>
        )}
        {card.organization && (
          <Typography variant="body2" color="text.secondary" noWrap>
            <Marked text={card.organization} term={highlight} />
          </Typography>
        )}
        {showQuickId && card.quickId && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            <Trans
              t={t}
              i18nKey="cards.quickId"
              values={{ id: card.quickId }}
              components={{ id: <Box component="span" dir="ltr" sx={{ fontFamily: 'ui-monospace, monospace', color: 'text.primary' }} /> }}
            />
          </Typography>
        )}
      </Box>
    </>
  );
}

/**
 * One card in a list (directories, Others): picture, name, job title and organization; opens
 * the card. `highlight` marks the words searched for; `action` sits at the end (remove ...).
 */
export default function CardListItem({ card, highlight, action }: { card: TCardSummary; highlight?: string; action?: ReactNode }) {
  const { t } = useTranslation('app');
  const title = cardTitle(card, t('app:cards.unnamed'));
  return (
    <Box
      component="li"
      data-testid="card-list-item"
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.25,
        borderRadius: '18px',
        bgcolor: 'background.paper',
        border: '1px solid rgba(255,255,255,0.07)',
        '&:hover': { borderColor: 'rgba(154,125,255,0.45)' },
      }}
    >
      <Box
        component={RouterLink}
        to={`/${card.quickId || card.virtualContactId}`}
        aria-label={t('cards.open', { name: title })}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          flex: 1,
          minWidth: 0,
          color: 'inherit',
          textDecoration: 'none',
          borderRadius: '14px',
        }}
      >
        <CardIdentity card={card} highlight={highlight} />
      </Box>
      {action}
    </Box>
  );
}

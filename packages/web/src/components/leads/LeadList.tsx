import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS, useDebounced } from '../../platform/use-debounced.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import { LEAD_STATUSES, type TLead, type TLeadStatus } from '@vbc/shared/leads';
import { errorText } from '../../api/error-text.ts';
import { downloadLeads, leadExportPath, leadQueries, type TLeadFilters, type TLeadScope } from '../../api/leads.ts';
import { leadStatusText, leadTime, leadWork } from './lead-texts.ts';
import IconTile from '../IconTile.tsx';

/** A card the list can be filtered by. */
export interface TLeadCardOption {
  id: string;
  name: string;
}

function LeadRow({ lead, to, onOpen, showOwner }: { lead: TLead; to: string | null; onOpen?: (lead: TLead) => void; showOwner: boolean }) {
  const unread = !lead.seen;
  const { t, i18n } = useTranslation('leads');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const work = leadWork(lead);
  const detail = [
    lead.email ?? lead.phone,
    showOwner && lead.ownerName ? t('row.ownersCard', { owner: lead.ownerName }) : t('row.via', { card: lead.cardName }),
  ]
    .filter(Boolean)
    .join(' · ');
  const body = (
    <>
      <IconTile>
        <PersonIcon />
      </IconTile>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: unread ? 800 : 600 }} noWrap data-testid="lead-name">
            {lead.name}
          </Typography>
          {unread && (
            <Box
              component="span"
              data-testid="lead-unread"
              sx={{ flex: 'none', px: 0.75, borderRadius: 1, fontSize: 12, fontWeight: 700, bgcolor: 'primary.main', color: '#14101f' }}
            >
              {t('row.new')}
            </Box>
          )}
        </Box>
        {work && (
          <Typography variant="body2" noWrap>
            {work}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" noWrap>
          {detail}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ flex: 'none', alignSelf: 'flex-start' }}>
        {leadTime(lead.lastExchangedAt, locale)}
      </Typography>
    </>
  );
  const rowSx = {
    display: 'flex',
    alignItems: 'center',
    gap: 1.5,
    p: 1.25,
    borderRadius: '18px',
    bgcolor: unread ? 'rgba(154,125,255,0.08)' : 'background.paper',
    border: '1px solid rgba(255,255,255,0.07)',
    color: 'inherit',
    textDecoration: 'none',
  } as const;
  return (
    <Box component="li" data-testid="lead-row" data-unread={unread ? 'true' : 'false'} sx={{ listStyle: 'none' }}>
      {to ? (
        <Box component={RouterLink} to={to} sx={{ ...rowSx, '&:hover': { borderColor: 'rgba(154,125,255,0.45)' } }}>
          {body}
        </Box>
      ) : onOpen ? (
        <Box
          component="button"
          type="button"
          onClick={() => onOpen(lead)}
          sx={{
            ...rowSx,
            width: '100%',
            font: 'inherit',
            textAlign: 'start',
            cursor: 'pointer',
            '&:hover': { borderColor: 'rgba(154,125,255,0.45)' },
          }}
        >
          {body}
        </Box>
      ) : (
        <Box sx={rowSx}>{body}</Box>
      )}
    </Box>
  );
}

/**
 * The leads of one scope (the account's, or a business's with each member's name): search,
 * filters by card and status, newest first with "Load more", unread marks, CSV and vCard
 * export of what the filters select. The hub's LeadReceived refreshes it (realtime/hub-queries.ts).
 */
export default function LeadList({
  scope,
  cards,
  leadLink,
  onOpen,
  formats = ['csv', 'vcf'],
}: {
  scope: TLeadScope;
  cards: TLeadCardOption[];
  /** Where a lead opens; null: a row opens by `onOpen` (the console's window), or not at all. */
  leadLink: ((lead: TLead) => string) | null;
  onOpen?: (lead: TLead) => void;
  formats?: ('csv' | 'vcf')[];
}) {
  const { t } = useTranslation('leads');
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [cardId, setCardId] = useState('');
  const [status, setStatus] = useState<TLeadStatus | ''>('');
  const filters: TLeadFilters = { ...(q ? { q } : {}), ...(cardId ? { cardId } : {}), ...(status ? { status } : {}) };
  const list = useInfiniteQuery(leadQueries.list(filters, scope));
  const exporting = useMutation({
    mutationFn: (format: 'csv' | 'vcf') => downloadLeads(leadExportPath(scope, format, filters), `leads.${format}`),
  });
  const leads = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(q || cardId || status);

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' } }}>
        <TextField
          label={t('list.search')}
          size="small"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          slotProps={{
            htmlInput: { type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        {cards.length > 1 && (
          <TextField select label={t('list.card')} size="small" value={cardId} onChange={(e) => setCardId(e.target.value)}>
            <MenuItem value="">{t('list.allCards')}</MenuItem>
            {cards.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label={t('list.status')}
          size="small"
          value={status}
          onChange={(e) => setStatus(e.target.value as TLeadStatus | '')}
        >
          <MenuItem value="">{t('list.allStatuses')}</MenuItem>
          {LEAD_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {leadStatusText(t, s)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {formats.map((format) => (
          <Button
            key={format}
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            disabled={exporting.isPending}
            onClick={() => exporting.mutate(format)}
          >
            {format === 'csv' ? t('list.exportCsv') : t('list.exportVcard')}
          </Button>
        ))}
      </Box>

      {list.isPending ? (
        <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('list.loading')} />
        </Box>
      ) : list.isError ? (
        <Box role="alert" sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 4, textAlign: 'center' }}>
          <Typography>{t('list.failed')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {errorText(list.error)}
          </Typography>
          <Button onClick={() => void list.refetch()}>{t('list.tryAgain')}</Button>
        </Box>
      ) : leads.length === 0 ? (
        <Box
          data-testid="leads-empty"
          sx={{
            p: 3,
            borderRadius: '20px',
            border: '1px dashed rgba(154,125,255,0.35)',
            textAlign: 'center',
            bgcolor: 'rgba(154,125,255,0.04)',
          }}
        >
          <Typography color="text.secondary">{filtered ? t('list.noMatch') : t('list.empty')}</Typography>
        </Box>
      ) : (
        <>
          <Box component="ul" aria-label={t('title')} sx={{ p: 0, m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
            {leads.map((lead) => (
              <LeadRow
                key={lead.leadId}
                lead={lead}
                to={leadLink ? leadLink(lead) : null}
                onOpen={onOpen}
                showOwner={scope.kind === 'business'}
              />
            ))}
          </Box>
          {list.hasNextPage && (
            <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} sx={{ justifySelf: 'center' }}>
              {t('list.more')}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { TCorporateConsole, TTeamAnalytics } from '@vbc/shared/corporate';
import { errorText } from '../../api/error-text.ts';
import { saveBlob } from '../../api/leads.ts';
import { consoleQueries } from '../../api/queries.ts';
import { useFormat } from '../../i18n/format.ts';
import { ConsoleSection } from './ConsoleSection.tsx';
import TeamChart, { SERIES, seriesLabel } from './TeamChart.tsx';

const RANGES = [7, 30, 90] as const;

/** One CSV cell: quoted when it needs to be, and never read as a formula by a spreadsheet. */
const cell = (value: string | number) => {
  let v = String(value);
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

/** The export: one line per member and day where something counted (its column names are the file's, in English like the leads export's). */
export function analyticsCsv(analytics: TTeamAnalytics): string {
  const names = new Map(analytics.members.map((m) => [m.accountId, m.name]));
  const lines = [
    ['Day', 'Member', 'Views', 'Downloads', 'Exchanges'],
    ...analytics.memberDays.map((r) => [r.day, names.get(r.accountId) ?? '', r.views, r.downloads, r.exchanges]),
  ];
  return `${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Console → Analytics (admin): the team's views, downloads and exchanges over 7, 30 or 90 days. */
export default function AnalyticsSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('console');
  const format = useFormat();
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const isAdmin = business.role === 'admin';
  const query = useQuery({ ...consoleQueries.analytics(business.corporateAccountId, days), enabled: isAdmin });
  if (!isAdmin) {
    return (
      <ConsoleSection title={t('sections.analytics')} description={t('analytics.adminOnly')}>
        <span />
      </ConsoleSection>
    );
  }
  const data = query.data;
  return (
    <ConsoleSection
      title={t('sections.analytics')}
      description={t('analytics.description')}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={days}
          onChange={(_e, v: (typeof RANGES)[number] | null) => v && setDays(v)}
          aria-label={t('analytics.period')}
        >
          {RANGES.map((r) => (
            <ToggleButton key={r} value={r}>
              {t('analytics.days', { count: r })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {query.isPending && <Typography>{t('form.loading')}</Typography>}
      {query.error && (
        <Typography role="alert" color="error.main">
          {errorText(query.error)}
        </Typography>
      )}
      {data && (
        <>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            {SERIES.map((s) => (
              <Box key={s.key}>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                  <Box component="span" sx={{ width: 10, height: 10, borderRadius: '4px', bgcolor: s.color }} />
                  {seriesLabel(t, s.key)}
                </Typography>
                <Typography sx={{ fontWeight: 800, fontSize: '1.4rem' }} data-testid={`team-${s.key}`}>
                  {format.number(data.totals[s.key])}
                </Typography>
              </Box>
            ))}
          </Box>
          <TeamChart analytics={data} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {t('analytics.members')}
            </Typography>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => saveBlob(new Blob([analyticsCsv(data)], { type: 'text/csv' }), `team-analytics-${data.from}-${data.to}.csv`)}
            >
              {t('analytics.export')}
            </Button>
          </Box>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('analytics.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('analytics.member')}</TableCell>
                  {SERIES.map((s) => (
                    <TableCell key={s.key} align="right">
                      {seriesLabel(t, s.key)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.members.map((m) => (
                  <TableRow key={m.accountId ?? 'business'}>
                    <TableCell>{m.accountId === null ? t('analytics.business') : m.name}</TableCell>
                    {SERIES.map((s) => (
                      <TableCell key={s.key} align="right">
                        {format.number(m[s.key])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {data.topCards.length > 0 && (
            <>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                {t('analytics.topCards')}
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 3 }}>
                {data.topCards.map((c) => (
                  <li key={c.virtualContactId}>
                    <Typography>
                      {t('analytics.topCard', {
                        name: c.name || t('analytics.untitled'),
                        views: c.views,
                        downloads: c.downloads,
                        exchanges: c.exchanges,
                      })}
                    </Typography>
                  </li>
                ))}
              </Box>
            </>
          )}
        </>
      )}
    </ConsoleSection>
  );
}

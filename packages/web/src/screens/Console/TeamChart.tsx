import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import type { TTeamAnalytics } from '@vbc/shared/corporate';
import DayRangeLabels, { shortDay } from '../../components/charts/DayRangeLabels.tsx';
import { useFormat } from '../../i18n/format.ts';

/** The three series, bottom to top of each day's bar. */
export const SERIES = [
  { key: 'views', color: '#9a7dff' },
  { key: 'downloads', color: '#26c6da' },
  { key: 'exchanges', color: '#ffb74d' },
] as const;

/** A series' name in the active language. */
export function seriesLabel(t: TFunction<'console'>, key: (typeof SERIES)[number]['key']): string {
  switch (key) {
    case 'views':
      return t('analytics.views');
    case 'downloads':
      return t('analytics.downloads');
    case 'exchanges':
      return t('analytics.exchanges');
  }
}

const WIDTH = 720;
const HEIGHT = 180;
const PAD = { top: 10, bottom: 22, left: 32, right: 4 };

/** The team's views, downloads and exchanges per day as stacked bars, drawn in SVG (no chart library). */
export default function TeamChart({ analytics }: { analytics: TTeamAnalytics }) {
  const { t } = useTranslation('console');
  const format = useFormat();
  const days = analytics.perDay;
  const max = Math.max(1, ...days.map((d) => d.views + d.downloads + d.exchanges));
  const top = max <= 4 ? max : Math.ceil(max / 4) * 4;
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, days.length);
  const bar = Math.max(1.5, slot * 0.7);
  const scale = (v: number) => ((HEIGHT - PAD.top - PAD.bottom) * v) / top;
  const { views, downloads, exchanges } = analytics.totals;
  return (
    <Box
      component="svg"
      data-testid="team-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={t('analytics.chart', { days: analytics.days, views, downloads, exchanges })}
      sx={{ width: '100%', height: 'auto', display: 'block' }}
    >
      {[0, top / 2, top].map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={HEIGHT - PAD.bottom - scale(tick)}
            y2={HEIGHT - PAD.bottom - scale(tick)}
            stroke="rgba(255,255,255,0.08)"
          />
          <text x={PAD.left - 6} y={HEIGHT - PAD.bottom - scale(tick) + 4} textAnchor="end" fontSize="11" fill="rgba(255,255,255,0.6)">
            {format.number(Math.round(tick))}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        let base = HEIGHT - PAD.bottom;
        return (
          <g key={d.day}>
            <title>
              {t('analytics.chartDay', {
                day: shortDay(d.day, format.locale),
                views: d.views,
                downloads: d.downloads,
                exchanges: d.exchanges,
              })}
            </title>
            {SERIES.map((s) => {
              const h = scale(d[s.key]);
              base -= h;
              return <rect key={s.key} x={PAD.left + i * slot + (slot - bar) / 2} y={base} width={bar} height={h} fill={s.color} />;
            })}
          </g>
        );
      })}
      <DayRangeLabels
        locale={format.locale}
        days={days}
        width={WIDTH}
        height={HEIGHT}
        left={PAD.left}
        right={PAD.right}
        fill="rgba(255,255,255,0.6)"
      />
    </Box>
  );
}

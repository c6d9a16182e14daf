import { useFormat } from '../../../i18n/format.ts';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { COUNTED_SOURCES, type TCountedSource } from '@vbc/shared/visit-source';
import type { TCardStats } from '../../../api/cards.ts';
import DayRangeLabels, { shortDay } from '../../../components/charts/DayRangeLabels.tsx';

/** What the chart can show, each day split by source (issue 29). */
const METRICS = [
  { key: 'views', color: '#9a7dff' },
  { key: 'downloads', color: '#26c6da' },
  { key: 'linkClicks', color: '#ffb74d' },
] as const;
type TMetric = (typeof METRICS)[number]['key'];
type TTranslate = (key: string, values?: Record<string, unknown>) => string;

/** A metric's words in the active language: its name, a count of it, and the empty chart's line. */
function metricWords(t: TTranslate, metric: TMetric) {
  switch (metric) {
    case 'views':
      return {
        label: t('stats.metrics.views.label'),
        count: (count: number) => t('stats.metrics.views.count', { count }),
        none: t('stats.metrics.views.none'),
      };
    case 'downloads':
      return {
        label: t('stats.metrics.downloads.label'),
        count: (count: number) => t('stats.metrics.downloads.count', { count }),
        none: t('stats.metrics.downloads.none'),
      };
    case 'linkClicks':
      return {
        label: t('stats.metrics.linkClicks.label'),
        count: (count: number) => t('stats.metrics.linkClicks.count', { count }),
        none: t('stats.metrics.linkClicks.none'),
      };
  }
}

/** Each source's colour in the bars. */
const SOURCE_COLOR: Record<TCountedSource, string> = {
  direct: '#9e9e9e',
  qr: '#9a7dff',
  nfc: '#26c6da',
  link: '#66bb6a',
  wallet: '#ffb74d',
  sig: '#f06292',
  bg: '#4fc3f7',
};

/** A source's name in the legend, in the active language. */
function sourceName(t: TTranslate, source: TCountedSource): string {
  switch (source) {
    case 'direct':
      return t('stats.sources.direct');
    case 'qr':
      return t('stats.sources.qr');
    case 'nfc':
      return t('stats.sources.nfc');
    case 'link':
      return t('stats.sources.link');
    case 'wallet':
      return t('stats.sources.wallet');
    case 'sig':
      return t('stats.sources.sig');
    case 'bg':
      return t('stats.sources.bg');
  }
}

type TDay = TCardStats['days'][number];

/**
 * A day's `metric` per source. What no tag accounts for is direct: untagged visits, and days
 * counted before sources were (their totals have no split).
 */
export function daySplit(day: TDay, metric: TMetric): Record<TCountedSource, number> {
  const split = Object.fromEntries(COUNTED_SOURCES.map((s) => [s, day.bySource?.[s]?.[metric] ?? 0])) as Record<TCountedSource, number>;
  const tagged = COUNTED_SOURCES.reduce((n, s) => (s === 'direct' ? n : n + split[s]), 0);
  split.direct = Math.max(split.direct, (day[metric] ?? 0) - tagged);
  return split;
}

/** Views, downloads and link clicks per day, each day's bar stacked by source, drawn in SVG (no chart library). */
export default function StatsChart({ stats }: { stats: TCardStats }) {
  const days = stats.days;
  const { t } = useTranslation('editor');
  const { locale } = useFormat();
  const [metric, setMetric] = useState<TMetric>('views');
  // Drawn at the frame's own pixel width, so labels keep their size on a phone.
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.max(240, Math.round(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const look = metricWords(t, metric);
  const splits = days.map((d) => daySplit(d, metric));
  const dayTotal = (split: Record<TCountedSource, number>) => COUNTED_SOURCES.reduce((n, s) => n + split[s], 0);
  const sourceSums = Object.fromEntries(COUNTED_SOURCES.map((s) => [s, splits.reduce((n, d) => n + d[s], 0)])) as Record<
    TCountedSource,
    number
  >;
  const shownSources = COUNTED_SOURCES.filter((s) => sourceSums[s] > 0);
  const height = 160;
  const pad = { top: 10, bottom: 22, left: 28, right: 4 };
  const max = Math.max(1, ...splits.map(dayTotal));
  const niceMax = max <= 4 ? max : Math.ceil(max / 4) * 4;
  const slot = (width - pad.left - pad.right) / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.6);
  const y = (v: number) => pad.top + (height - pad.top - pad.bottom) * (1 - v / niceMax);
  const sum = (key: TMetric) => days.reduce((a, d) => a + (d[key] ?? 0), 0);
  const allTime: Record<TMetric, number> = {
    views: stats.totals.viewCount,
    downloads: stats.totals.downloadCount,
    linkClicks: stats.totals.linkClickCount ?? 0,
  };
  const ticks = [0, niceMax / 2, niceMax].map((tick) => Math.round(tick));
  const shownTotal = sum(metric);
  const bySourceText = shownSources.map((s) => t('stats.sourcePart', { source: sourceName(t, s), count: sourceSums[s] })).join(', ');
  return (
    <Box data-testid="stats-chart" ref={frame}>
      <Box sx={{ display: 'flex', gap: 3, mb: 1.5, flexWrap: 'wrap' }}>
        {METRICS.map((m) => (
          <Legend
            key={m.key}
            color={m.color}
            label={metricWords(t, m.key).label}
            value={sum(m.key)}
            total={allTime[m.key]}
            testId={`stats-${m.key}`}
          />
        ))}
      </Box>
      <ToggleButtonGroup
        value={metric}
        exclusive
        size="small"
        aria-label={t('stats.what')}
        onChange={(_event, value: TMetric | null) => value && setMetric(value)}
        sx={{ mb: 1.5, flexWrap: 'wrap' }}
      >
        {METRICS.map((m) => (
          <ToggleButton key={m.key} value={m.key} sx={{ textTransform: 'none', px: 1.5 }}>
            {metricWords(t, m.key).label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={
          bySourceText
            ? t('stats.chartBySource', { metric: look.label, days: days.length, total: shownTotal, sources: bySourceText })
            : t('stats.chart', { metric: look.label, days: days.length, total: shownTotal })
        }
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke="rgba(255,255,255,0.08)" />
            <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="rgba(255,255,255,0.5)">
              {tick}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const split = splits[i]!;
          const x = pad.left + i * slot + (slot - bar) / 2;
          let base = 0;
          const parts = shownSources
            .filter((s) => split[s] > 0)
            .map((s) => {
              const from = base;
              base += split[s];
              return { s, top: y(base), h: Math.max(0, y(from) - y(base)) };
            });
          const detail = parts.map((p) => t('stats.sourcePart', { source: sourceName(t, p.s), count: split[p.s] })).join(', ');
          return (
            <g key={d.day}>
              <title>
                {detail
                  ? t('stats.dayWithSources', { day: shortDay(d.day, locale), amount: look.count(dayTotal(split)), sources: detail })
                  : t('stats.day', { day: shortDay(d.day, locale), amount: look.count(dayTotal(split)) })}
              </title>
              <rect x={pad.left + i * slot} y={pad.top} width={slot} height={height - pad.top - pad.bottom} fill="transparent" />
              {parts.map((p) => (
                <rect key={p.s} x={x} y={p.top} width={bar} height={p.h} fill={SOURCE_COLOR[p.s]} />
              ))}
            </g>
          );
        })}
        {shownTotal === 0 && (
          <text x={(width + pad.left) / 2} y={height / 2} textAnchor="middle" fontSize="13" fill="rgba(255,255,255,0.55)">
            {look.none}
          </text>
        )}
        <DayRangeLabels
          days={days}
          width={width}
          height={height}
          left={pad.left}
          right={pad.right}
          fill="rgba(255,255,255,0.5)"
          locale={locale}
        />
      </Box>
      {shownSources.length > 0 && (
        <Box
          component="ul"
          aria-label={t('stats.bySource', { metric: look.label })}
          data-testid="stats-sources"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 2 }}
        >
          {shownSources.map((s) => (
            <Typography
              component="li"
              key={s}
              variant="caption"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
              data-source={s}
            >
              <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '3px', bgcolor: SOURCE_COLOR[s] }} />
              {t('stats.sourceTotal', { source: sourceName(t, s), count: sourceSums[s] })}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Legend({ color, label, value, total, testId }: { color: string; label: string; value: number; total: number; testId: string }) {
  const { t } = useTranslation('editor');
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Box component="span" sx={{ width: 10, height: 10, borderRadius: '4px', bgcolor: color }} />
        {t('stats.last30', { metric: label })}
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: '1.4rem', lineHeight: 1.2 }} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('stats.allTime', { total })}
      </Typography>
    </Box>
  );
}

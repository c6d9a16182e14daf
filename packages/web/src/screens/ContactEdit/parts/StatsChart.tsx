import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TCardStats } from '../../../api/cards.ts';
import DayRangeLabels, { shortDay } from '../../../components/charts/DayRangeLabels.tsx';

const VIEWS = '#9a7dff';
const DOWNLOADS = '#26c6da';

/** Views and downloads per day as paired bars, drawn in SVG (no chart library). */
export default function StatsChart({ stats }: { stats: TCardStats }) {
  const days = stats.days;
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
  const height = 160;
  const pad = { top: 10, bottom: 22, left: 28, right: 4 };
  const max = Math.max(1, ...days.map((d) => Math.max(d.views, d.downloads)));
  const niceMax = max <= 4 ? max : Math.ceil(max / 4) * 4;
  const slot = (width - pad.left - pad.right) / Math.max(1, days.length);
  const bar = Math.max(1.5, slot * 0.36);
  const y = (v: number) => pad.top + (height - pad.top - pad.bottom) * (1 - v / niceMax);
  const sumViews = days.reduce((a, d) => a + d.views, 0);
  const sumDownloads = days.reduce((a, d) => a + d.downloads, 0);
  const ticks = [0, niceMax / 2, niceMax].map((t) => Math.round(t));
  return (
    <Box data-testid="stats-chart" ref={frame}>
      <Box sx={{ display: 'flex', gap: 3, mb: 1.5, flexWrap: 'wrap' }}>
        <Legend color={VIEWS} label="Views" value={sumViews} total={stats.totals.viewCount} />
        <Legend color={DOWNLOADS} label="Downloads" value={sumDownloads} total={stats.totals.downloadCount} />
      </Box>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Last ${days.length} days: ${sumViews} views and ${sumDownloads} downloads`}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke="rgba(255,255,255,0.08)" />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="rgba(255,255,255,0.5)">
              {t}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = pad.left + i * slot + (slot - bar * 2) / 2;
          return (
            <g key={d.day}>
              <title>{`${shortDay(d.day)}: ${d.views} views, ${d.downloads} downloads`}</title>
              <rect x={pad.left + i * slot} y={pad.top} width={slot} height={height - pad.top - pad.bottom} fill="transparent" />
              <rect x={x} y={y(d.views)} width={bar} height={Math.max(0, y(0) - y(d.views))} rx={1.5} fill={VIEWS} />
              <rect x={x + bar} y={y(d.downloads)} width={bar} height={Math.max(0, y(0) - y(d.downloads))} rx={1.5} fill={DOWNLOADS} />
            </g>
          );
        })}
        {sumViews + sumDownloads === 0 && (
          <text x={(width + pad.left) / 2} y={height / 2} textAnchor="middle" fontSize="13" fill="rgba(255,255,255,0.55)">
            No views yet: share your link.
          </text>
        )}
        <DayRangeLabels days={days} width={width} height={height} left={pad.left} right={pad.right} fill="rgba(255,255,255,0.5)" />
      </Box>
    </Box>
  );
}

function Legend({ color, label, value, total }: { color: string; label: string; value: number; total: number }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Box component="span" sx={{ width: 10, height: 10, borderRadius: '4px', bgcolor: color }} />
        {label}, 30 days
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: '1.4rem', lineHeight: 1.2 }} data-testid={`stats-${label.toLowerCase()}`}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {total} all time
      </Typography>
    </Box>
  );
}

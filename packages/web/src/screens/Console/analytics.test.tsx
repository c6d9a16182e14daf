// The Analytics tab's parts that need no server: the CSV export's lines and the chart's labels.
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { TTeamAnalytics } from '@vbc/shared/corporate';
import { analyticsCsv } from './AnalyticsSection.tsx';
import TeamChart from './TeamChart.tsx';

afterEach(cleanup);

const counts = (views: number, downloads: number, exchanges: number) => ({ views, downloads, exchanges });
const analytics: TTeamAnalytics = {
  days: 7,
  from: '2026-11-22',
  to: '2026-11-28',
  totals: counts(5, 1, 2),
  perDay: ['22', '23', '24', '25', '26', '27', '28'].map((d) => ({
    day: `2026-11-${d}`,
    ...(d === '28' ? counts(5, 1, 2) : counts(0, 0, 0)),
  })),
  members: [
    { accountId: 'a', name: 'Reyes, "Ana"', ...counts(4, 1, 2) },
    { accountId: 'b', name: '=HYPERLINK("x")', ...counts(1, 0, 0) },
    { accountId: null, name: 'The business', ...counts(0, 0, 0) },
  ],
  memberDays: [
    { accountId: 'a', day: '2026-11-28', ...counts(4, 1, 2) },
    { accountId: 'b', day: '2026-11-28', ...counts(1, 0, 0) },
  ],
  topCards: [],
};

it('exports one line per member and day, names quoted and never read as a formula', () => {
  expect(analyticsCsv(analytics)).toBe(
    ['Day,Member,Views,Downloads,Exchanges', '2026-11-28,"Reyes, ""Ana""",4,1,2', `2026-11-28,"'=HYPERLINK(""x"")",1,0,0`, ''].join('\r\n'),
  );
});

it("draws the range's days with the totals in its label, and the first and last day under it", () => {
  render(<TeamChart analytics={analytics} />);
  const chart = screen.getByRole('img', { name: 'Last 7 days: 5 views, 1 download and 2 exchanges' });
  const labels = [...chart.querySelectorAll('text')].map((t) => t.textContent);
  expect(labels).toContain('Nov 22');
  expect(labels).toContain('Nov 28');
  // One group per day, each with its three stacked bars.
  expect(chart.querySelectorAll('g > title')).toHaveLength(7);
  expect(chart.querySelectorAll('g > rect')).toHaveLength(21);
});

/** A day (YYYY-MM-DD, UTC) as a chart's axis shows it: "Nov 28" (in `locale`; the browser's when not given). */
export const shortDay = (day: string, locale?: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

/** An SVG bar chart's first and last day, under its left and right ends. */
export default function DayRangeLabels({
  days,
  width,
  height,
  left,
  right,
  fill,
  locale,
}: {
  days: { day: string }[];
  width: number;
  height: number;
  left: number;
  right: number;
  fill: string;
  /** The language of the day names (the active one); the browser's when not given. */
  locale?: string;
}) {
  if (days.length === 0) return null;
  return (
    <>
      <text x={left} y={height - 5} fontSize="11" fill={fill}>
        {shortDay(days[0]!.day, locale)}
      </text>
      <text x={width - right} y={height - 5} fontSize="11" textAnchor="end" fill={fill}>
        {shortDay(days[days.length - 1]!.day, locale)}
      </text>
    </>
  );
}

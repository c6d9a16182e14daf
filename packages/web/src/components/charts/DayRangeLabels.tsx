/** A day (YYYY-MM-DD, UTC) as a chart's axis shows it: "Nov 28". */
export const shortDay = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
};

/** An SVG bar chart's first and last day, under its left and right ends. */
export default function DayRangeLabels({
  days,
  width,
  height,
  left,
  right,
  fill,
}: {
  days: { day: string }[];
  width: number;
  height: number;
  left: number;
  right: number;
  fill: string;
}) {
  if (days.length === 0) return null;
  return (
    <>
      <text x={left} y={height - 5} fontSize="11" fill={fill}>
        {shortDay(days[0]!.day)}
      </text>
      <text x={width - right} y={height - 5} fontSize="11" textAnchor="end" fill={fill}>
        {shortDay(days[days.length - 1]!.day)}
      </text>
    </>
  );
}

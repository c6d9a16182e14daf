/** "3 years", "1 year 4 months", "5 months", "2 weeks" from a YYYY-MM-DD birth date; null when unknown or in the future. */
export function petAge(birthDate: string | null, now = new Date()): string | null {
  if (!birthDate) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m) return null;
  const born = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(born.getTime()) || born > now) return null;
  let months = (now.getFullYear() - born.getFullYear()) * 12 + (now.getMonth() - born.getMonth());
  if (now.getDate() < born.getDate()) months -= 1;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (months < 1) {
    const weeks = Math.floor((now.getTime() - born.getTime()) / (7 * 24 * 3600 * 1000));
    return weeks < 1 ? 'Newborn' : plural(weeks, 'week');
  }
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years === 0) return plural(rest, 'month');
  return rest && years < 3 ? `${plural(years, 'year')} ${plural(rest, 'month')}` : plural(years, 'year');
}

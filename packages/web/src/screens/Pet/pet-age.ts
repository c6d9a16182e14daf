import type { TFunction } from 'i18next';

/** A pet's age as a person says it: newborn, in weeks, months, years, or years and months (under 3 years). */
export type TPetAge =
  | { kind: 'newborn' }
  | { kind: 'weeks'; weeks: number }
  | { kind: 'months'; months: number }
  | { kind: 'years'; years: number }
  | { kind: 'yearsMonths'; years: number; months: number };

/** The age of a pet born on `birthDate` (YYYY-MM-DD); null when unknown or in the future. */
export function petAgeOf(birthDate: string | null, now = new Date()): TPetAge | null {
  if (!birthDate) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m) return null;
  const born = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(born.getTime()) || born > now) return null;
  let months = (now.getFullYear() - born.getFullYear()) * 12 + (now.getMonth() - born.getMonth());
  if (now.getDate() < born.getDate()) months -= 1;
  if (months < 1) {
    const weeks = Math.floor((now.getTime() - born.getTime()) / (7 * 24 * 3600 * 1000));
    return weeks < 1 ? { kind: 'newborn' } : { kind: 'weeks', weeks };
  }
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years === 0) return { kind: 'months', months: rest };
  return rest && years < 3 ? { kind: 'yearsMonths', years, months: rest } : { kind: 'years', years };
}

/** "3 years", "1 year 4 months", "5 months", "2 weeks", "Newborn" in the language of `t` (namespace card). */
export function petAge(t: TFunction, birthDate: string | null, now = new Date()): string | null {
  const age = petAgeOf(birthDate, now);
  if (!age) return null;
  switch (age.kind) {
    case 'newborn':
      return t('pet.age.newborn', { ns: 'card' });
    case 'weeks':
      return t('pet.age.weeks', { ns: 'card', count: age.weeks });
    case 'months':
      return t('pet.age.months', { ns: 'card', count: age.months });
    case 'years':
      return t('pet.age.years', { ns: 'card', count: age.years });
    case 'yearsMonths':
      return t('pet.age.yearsMonths', { ns: 'card', years: age.years, months: age.months });
  }
}

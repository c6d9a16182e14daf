/** Words the Leads screen, the lead's view and the console's Leads tab share (issue 26). */
import type { TLead, TLeadStatus } from '@vbc/shared/leads';

/** A lead status's name in the active language (`t` of the `leads` namespace). */
export function leadStatusText(t: (key: string) => string, status: TLeadStatus): string {
  switch (status) {
    case 'new':
      return t('status.new');
    case 'contacted':
      return t('status.contacted');
    case 'won':
      return t('status.won');
    case 'archived':
      return t('status.archived');
  }
}

/** A lead's name split for a vCard and the CSV: the last word is the last name. */
export function splitLeadName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}

/** "Architect · Casa & Co." (what the lead said they do), or ''. */
export const leadWork = (lead: Pick<TLead, 'jobTitle' | 'company'>) => [lead.jobTitle, lead.company].filter(Boolean).join(' · ');

/** A time as `locale` (the active language) writes a date and time. */
export const leadTime = (iso: string, locale: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
};

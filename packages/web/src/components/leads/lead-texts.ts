/** Words the Leads screen, the lead's view and the console's Leads tab share (issue 26). */
import type { TLead, TLeadStatus } from '@vbc/shared/leads';

export const LEAD_STATUS_LABELS: Record<TLeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  archived: 'Archived',
};

/** A lead's name split for a vCard and the CSV: the last word is the last name. */
export function splitLeadName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1]! };
}

/** "Architect · Casa & Co." (what the lead said they do), or ''. */
export const leadWork = (lead: Pick<TLead, 'jobTitle' | 'company'>) => [lead.jobTitle, lead.company].filter(Boolean).join(' · ');

/** A time as the visitor's locale writes a date and time. */
export const leadTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

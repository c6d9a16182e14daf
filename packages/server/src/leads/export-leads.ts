import { stringify } from 'csv-stringify/sync';
import { writeVCard } from '@vbc/shared';
import type { TLead } from '@vbc/shared/leads';
import { splitName } from './present-lead.ts';

/** The CSV's header row, in this order (leads/README.md). */
export const CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Company',
  'Job Title',
  'Note',
  'Tags',
  'Status',
  'Source Card',
  'Source',
  'Captured At',
  'Consent Text',
  'Consent At',
] as const;

/** The business console's export adds whose lead it is. */
export const CSV_OWNER_COLUMN = 'Owner';

/**
 * A cell a spreadsheet would take for a formula (OWASP "CSV Injection": it begins with = + - @, a
 * tab or a carriage return) gets a leading apostrophe, so it shows as the text it is.
 */
export const neutraliseCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The visitor's note, then the owner's, each when there is one. */
const noteOf = (lead: TLead): string => [lead.message, lead.note].filter(Boolean).join('\n\n');

function csvRow(lead: TLead, withOwner: boolean): string[] {
  const { firstName, lastName } = splitName(lead.name);
  const cells = [
    firstName,
    lastName,
    lead.email ?? '',
    lead.phone ?? '',
    lead.company ?? '',
    lead.jobTitle ?? '',
    noteOf(lead),
    lead.tags.join('; '),
    lead.status,
    lead.cardName,
    lead.source ?? '',
    lead.capturedAt,
    lead.consentText,
    lead.consentAt,
    ...(withOwner ? [lead.ownerName ?? ''] : []),
  ];
  return cells.map(neutraliseCell);
}

/**
 * GET /api/leads/export.csv: RFC 4180 (CRLF line ends, fields with a comma, quote or line break
 * quoted, quotes doubled), UTF-8 with a byte order mark so Excel reads it as UTF-8; times ISO 8601 UTC.
 */
export function leadsCsv(list: readonly TLead[], options: { withOwner?: boolean } = {}): string {
  const withOwner = options.withOwner ?? false;
  return stringify([[...CSV_COLUMNS, ...(withOwner ? [CSV_OWNER_COLUMN] : [])], ...list.map((lead) => csvRow(lead, withOwner))], {
    bom: true,
    record_delimiter: 'windows',
  });
}

/** GET /api/leads/export.vcf: one vCard 3.0 per lead (the shared writer), one after the other in one file. */
export function leadsVcf(list: readonly TLead[]): string {
  return list.map(leadVCard).join('');
}

/** One lead as a vCard 3.0 (its note: the visitor's, then the owner's). */
export function leadVCard(lead: TLead): string {
  const { firstName, lastName } = splitName(lead.name);
  return writeVCard({
    firstName,
    lastName,
    name: lead.name,
    organization: lead.company,
    jobTitle: lead.jobTitle,
    biography: noteOf(lead) || null,
    phones: lead.phone ? [{ phoneNumber: lead.phone, type: 'Mobile' }] : [],
    emails: lead.email ? [{ email: lead.email }] : [],
  });
}

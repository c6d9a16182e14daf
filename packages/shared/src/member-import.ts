import { z } from 'zod';

/** Bulk onboarding (issue 27): the CSV's columns, the first five required in the header. */
export const IMPORT_REQUIRED_COLUMNS = ['name', 'email', 'phone', 'jobTitle', 'department'] as const;
/** Card fields a CSV may add (each optional, in any order after or between the required ones). */
export const IMPORT_OPTIONAL_COLUMNS = ['organization', 'biography', 'website'] as const;
/** At most this many data rows in one import. */
export const IMPORT_MAX_ROWS = 5000;
/** At most this many bytes of CSV in one import. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** What an imported row's invitation keeps: the card that accepting it creates (linked to the business). */
export interface TInvitationCard {
  name: string;
  email: string;
  phone: string;
  jobTitle: string | null;
  department: string | null;
  organization: string | null;
  biography: string | null;
  website: string | null;
}

/** One problem of a row: the CSV column and the docs/contracts.md §5 message. */
export const ZImportError = z.object({ field: z.string(), message: z.string() });

/** One data row of the CSV: `line` is its line number in the file (the header is line 1). */
export const ZImportRow = z.object({
  line: z.number().int(),
  email: z.string().nullable(),
  status: z.enum(['valid', 'invalid']),
  errors: z.array(ZImportError),
});
export type TImportRow = z.infer<typeof ZImportRow>;

/**
 * POST /api/corporate/{corporateAccountId}/members/import?dryRun=: the rows checked; with
 * dryRun=false `invited` valid rows have an invitation (an e-mail already invited keeps its own).
 */
export const ZImportResult = z.object({
  valid: z.number().int(),
  invalid: z.number().int(),
  invited: z.number().int(),
  /** Of the invited, those who joined at once (an account holds the e-mail, in a domain the business has verified). */
  joined: z.number().int(),
  rows: z.array(ZImportRow),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** The import's query: `dryRun` is required, so a mistyped one never sends invitations. */
export const ZImportQuery = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).transform((v) => v === 'true'),
});

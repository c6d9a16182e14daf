import { parse } from 'csv-parse/sync';
import { emailProblem, nameProblem, phoneNumberProblem } from '@vbc/shared';
import {
  IMPORT_MAX_ROWS,
  IMPORT_OPTIONAL_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  type TImportRow,
  type TInvitationCard,
} from '@vbc/shared/member-import';
import { AppError, badRequest } from '../platform/errors/app-error.ts';

const KNOWN_COLUMNS: readonly string[] = [...IMPORT_REQUIRED_COLUMNS, ...IMPORT_OPTIONAL_COLUMNS];
/** Longest text each optional column takes (the card's own limits). */
const MAX_LENGTH: Record<string, number> = { jobTitle: 150, department: 100, organization: 150, biography: 2000, website: 2000 };

/** A checked row: its problems, and the card it invites to when it has none. */
export interface TCheckedRow extends TImportRow {
  card: TInvitationCard | null;
}

/** The header's column names as the file spells them, matched to ours without regard to case, spaces or underscores. */
function columnsOf(header: string[]): string[] {
  const key = (name: string) => name.replace(/[\s_-]/g, '').toLowerCase();
  const ours = new Map(KNOWN_COLUMNS.map((c) => [key(c), c]));
  const columns = header.map((name) => {
    const column = ours.get(key(name));
    if (!column) throw badRequest(`csv: unknown column "${name}"; the columns are ${KNOWN_COLUMNS.join(', ')}.`);
    return column;
  });
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) throw badRequest(`csv: the header lacks ${missing.join(', ')}; it needs ${IMPORT_REQUIRED_COLUMNS.join(', ')}.`);
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice) throw badRequest(`csv: the column ${twice} appears twice in the header.`);
  return columns;
}

/** One record's problems by docs/contracts.md §5 (name, email, phone) and the card's lengths. */
function problemsOf(record: Record<string, string>) {
  const errors: { field: string; message: string }[] = [];
  const check = (field: string, problem: string | null) => problem && errors.push({ field, message: problem });
  check('name', nameProblem(record.name ?? ''));
  check('email', emailProblem(record.email ?? ''));
  check('phone', phoneNumberProblem(record.phone ?? ''));
  for (const [field, max] of Object.entries(MAX_LENGTH)) {
    if ((record[field] ?? '').length > max) errors.push({ field, message: `Max ${max} characters` });
  }
  return errors;
}

/**
 * The line each record starts on (1-based), from where each ends (csv-parse's `info.bytes`, its
 * delimiter included): blank lines between records are skipped, a quoted field may span lines.
 */
function startLines(source: Buffer, ends: number[]): number[] {
  let offset = 0;
  let line = 1;
  return ends.map((end) => {
    for (; offset < end && (source[offset] === 0x0d || source[offset] === 0x0a); offset++) if (source[offset] === 0x0a) line++;
    const start = line;
    for (; offset < end; offset++) if (source[offset] === 0x0a) line++;
    return start;
  });
}

const orNull = (value: string | undefined) => (value ? value : null);

/**
 * Parses an import's CSV (RFC 4180, by csv-parse; a header line first) and checks each data row.
 * A file that cannot be read as such a CSV, a header without the required columns, or more than
 * IMPORT_MAX_ROWS rows is refused whole (400, 413) naming `csv`; a row's own problems are its errors.
 * An e-mail on an earlier line makes a later row invalid.
 */
export function checkImportCsv(csv: string): TCheckedRow[] {
  const source = Buffer.from(csv.replace(/^\uFEFF/, ''), 'utf8');
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    records = parse(source, {
      info: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { bytes: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(`csv: not a CSV file${line ? ` (line ${line})` : ''}: ${(error as Error).message.split('\n')[0]}`);
  }
  const lines = startLines(
    source,
    records.map((r) => r.info.bytes),
  );
  const [header, ...data] = records;
  if (!header) throw badRequest(`csv: the file is empty; its first line names the columns ${IMPORT_REQUIRED_COLUMNS.join(', ')}.`);
  if (data.length > IMPORT_MAX_ROWS)
    throw new AppError('payload_too_large', `csv: at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows in one import.`);
  const columns = columnsOf(header.record);
  const firstLineOf = new Map<string, number>();
  return data.map(({ record: cells }, i) => {
    const line = lines[i + 1]!;
    const record: Record<string, string> = {};
    columns.forEach((column, i) => (record[column] = cells[i] ?? ''));
    const errors = problemsOf(record);
    if (cells.length > columns.length) errors.push({ field: 'csv', message: `${cells.length} cells; the header has ${columns.length}.` });
    const email = record.email!.toLowerCase();
    const earlier = firstLineOf.get(email);
    if (earlier !== undefined) errors.push({ field: 'email', message: `Also on line ${earlier}.` });
    else if (email) firstLineOf.set(email, line);
    const valid = errors.length === 0;
    return {
      line,
      email: email || null,
      status: valid ? 'valid' : 'invalid',
      errors,
      card: valid
        ? {
            name: record.name!,
            email,
            phone: record.phone!,
            jobTitle: orNull(record.jobTitle),
            department: orNull(record.department),
            organization: orNull(record.organization),
            biography: orNull(record.biography),
            website: orNull(record.website),
          }
        : null,
    };
  });
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { TCorporateConsole } from '@vbc/shared/corporate';
import { IMPORT_MAX_BYTES, IMPORT_OPTIONAL_COLUMNS, IMPORT_REQUIRED_COLUMNS, type TImportResult } from '@vbc/shared/member-import';
import { importMembers } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { ConsoleSection } from './ConsoleSection.tsx';

/** Rows the preview lists at most (a file may have 5,000): the ones with errors first. */
const PREVIEW_ROWS = 200;

/** The preview's rows: those with errors first, each in file order. */
const previewRows = (result: TImportResult) =>
  [...result.rows.filter((r) => r.status === 'invalid'), ...result.rows.filter((r) => r.status === 'valid')].slice(0, PREVIEW_ROWS);

/**
 * While the invitations' e-mails go out: how many of this import's have been tried. Invitees who
 * joined at once (an account in a domain the business verified) leave the pending list, so they are
 * not waited for.
 */
function SendProgress({ corporateAccountId, emails, joined }: { corporateAccountId: string; emails: Set<string>; joined: number }) {
  const invitations = useQuery({
    ...consoleQueries.invitations(corporateAccountId),
    refetchInterval: (query) =>
      query.state.data?.some((i) => i.email && emails.has(i.email) && i.mailStatus === 'queued') === false ? false : 1000,
  });
  const mine = (invitations.data ?? []).filter((i) => i.email && emails.has(i.email));
  const sent = mine.filter((i) => i.mailStatus === 'sent').length;
  const failed = mine.filter((i) => i.mailStatus === 'failed').length;
  const done = sent + failed;
  const total = emails.size - joined;
  const finished = invitations.data !== undefined && done >= total;
  return (
    <Box role="status" sx={{ display: 'grid', gap: 1 }}>
      <LinearProgress variant="determinate" value={total ? (100 * done) / total : 100} aria-label="Invitations sent" />
      <Typography>
        {finished ? `Invitations sent: ${sent} of ${total}.` : `Sending invitations: ${done} of ${total}…`}
        {failed > 0 && ` ${failed} could not be delivered; import the file again to retry them.`}
        {joined > 0 && ` ${joined} joined the team at once: their e-mail domain is verified.`}
      </Typography>
    </Box>
  );
}

/**
 * Console → Members → Import (admin): upload a CSV, preview each row as valid or with its errors by
 * line number (the server's dry run), then "Send invitations" to the valid rows, with the e-mails'
 * progress.
 */
export default function ImportSection({ business }: { business: TCorporateConsole }) {
  const id = business.corporateAccountId;
  const client = useQueryClient();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<{ emails: Set<string>; joined: number } | null>(null);
  const preview = useMutation({
    mutationFn: (csv: string) => importMembers(id, csv, true),
    onError: (e) => setError(errorText(e)),
  });
  const send = useMutation({
    mutationFn: (csv: string) => importMembers(id, csv, false),
    onSuccess: async (result) => {
      setSentTo({ emails: new Set(result.rows.flatMap((r) => (r.status === 'valid' && r.email ? [r.email] : []))), joined: result.joined });
      await client.invalidateQueries({ queryKey: queryKeys.console.invitations(id) });
    },
    onError: (e) => setError(errorText(e)),
  });

  const choose = async (chosen: File | undefined) => {
    setError(null);
    setSentTo(null);
    preview.reset();
    send.reset();
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(null);
      setError(`${chosen.name} is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`);
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    preview.mutate(text);
  };

  if (business.role !== 'admin') {
    return (
      <ConsoleSection title="Import members" description="Only an admin imports people into the business.">
        <span />
      </ConsoleSection>
    );
  }
  const result = preview.data;
  return (
    <ConsoleSection
      title="Import members"
      description={`A CSV file with a header line: ${IMPORT_REQUIRED_COLUMNS.join(', ')} (and optionally ${IMPORT_OPTIONAL_COLUMNS.join(', ')}). Nothing is sent until you choose Send invitations.`}
      action={
        <Button component={RouterLink} to={`/console/${id}/members`} color="inherit">
          Back to members
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={preview.isPending || send.isPending}>
          {file ? 'Choose another file' : 'Choose a CSV file'}
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            data-testid="import-file"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        {file && <Typography color="text.secondary">{file.name}</Typography>}
      </Box>
      {(preview.isPending || send.isPending) && (
        <LinearProgress aria-label={send.isPending ? 'Sending invitations' : 'Checking the file'} />
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {result && !sentTo && (
        <>
          <Typography role="status" sx={{ fontWeight: 700 }}>
            {result.valid} valid {result.valid === 1 ? 'row' : 'rows'}, {result.invalid} with errors
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Rows of the file">
              <TableHead>
                <TableRow>
                  <TableCell>Line</TableCell>
                  <TableCell>E-mail</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Errors</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {previewRows(result).map((row) => (
                  <TableRow key={row.line} data-testid="import-row">
                    <TableCell>{row.line}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{row.email ?? ''}</TableCell>
                    <TableCell sx={{ color: row.status === 'valid' ? 'success.light' : 'error.light', fontWeight: 700 }}>
                      {row.status === 'valid' ? 'Valid' : 'Invalid'}
                    </TableCell>
                    <TableCell>{row.errors.map((e) => `${e.field}: ${e.message}`).join(' · ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {result.rows.length > PREVIEW_ROWS && (
            <Typography color="text.secondary">
              The first {PREVIEW_ROWS} of {result.rows.length} rows, those with errors first.
            </Typography>
          )}
          <Box>
            <Button variant="contained" disabled={result.valid === 0 || send.isPending} onClick={() => file && send.mutate(file.text)}>
              Send invitations
            </Button>
            {result.invalid > 0 && result.valid > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Only the {result.valid} valid {result.valid === 1 ? 'row is' : 'rows are'} invited; fix the others and import the file
                again.
              </Typography>
            )}
          </Box>
        </>
      )}
      {sentTo && <SendProgress corporateAccountId={id} emails={sentTo.emails} joined={sentTo.joined} />}
    </ConsoleSection>
  );
}

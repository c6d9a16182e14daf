import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
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
import { useProblemText } from '../../i18n/problem-text.ts';
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
  const { t } = useTranslation('team');
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
      <LinearProgress variant="determinate" value={total ? (100 * done) / total : 100} aria-label={t('import.progress.label')} />
      <Typography>
        {[
          finished ? t('import.progress.done', { sent, total }) : t('import.progress.sending', { done, total }),
          failed > 0 && t('import.progress.failed', { failed }),
          joined > 0 && t('import.progress.joined', { joined }),
        ]
          .filter(Boolean)
          .join(' ')}
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
  const { t } = useTranslation('team');
  const problem = useProblemText();
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
      setError(t('import.tooLarge', { name: chosen.name, size: IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    preview.mutate(text);
  };

  if (business.role !== 'admin') {
    return (
      <ConsoleSection title={t('import.title')} description={t('import.notAdmin')}>
        <span />
      </ConsoleSection>
    );
  }
  const result = preview.data;
  return (
    <ConsoleSection
      title={t('import.title')}
      description={t('import.description', { required: IMPORT_REQUIRED_COLUMNS.join(', '), optional: IMPORT_OPTIONAL_COLUMNS.join(', ') })}
      action={
        <Button component={RouterLink} to={`/console/${id}/members`} color="inherit">
          {t('import.back')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={preview.isPending || send.isPending}>
          {file ? t('import.chooseAnother') : t('import.choose')}
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
      {(preview.isPending || send.isPending) && <LinearProgress aria-label={send.isPending ? t('import.sending') : t('import.checking')} />}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {result && !sentTo && (
        <>
          <Typography role="status" sx={{ fontWeight: 700 }}>
            {t('import.summary', { valid: result.valid, invalid: result.invalid })}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('import.rows')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('import.line')}</TableCell>
                  <TableCell>{t('import.email')}</TableCell>
                  <TableCell>{t('import.status')}</TableCell>
                  <TableCell>{t('import.errors')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {previewRows(result).map((row) => (
                  <TableRow key={row.line} data-testid="import-row">
                    <TableCell>{row.line}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      <bdi dir="ltr">{row.email ?? ''}</bdi>
                    </TableCell>
                    <TableCell sx={{ color: row.status === 'valid' ? 'success.light' : 'error.light', fontWeight: 700 }}>
                      {row.status === 'valid' ? t('import.valid') : t('import.invalid')}
                    </TableCell>
                    <TableCell>
                      {row.errors.map((e, i) => (
                        <Fragment key={`${e.field}-${i}`}>
                          {i > 0 && ' · '}
                          <Trans
                            t={t}
                            i18nKey="import.rowError"
                            values={{ field: e.field, message: problem(e.message) }}
                            components={{ ltr: <bdi dir="ltr" /> }}
                          />
                        </Fragment>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {result.rows.length > PREVIEW_ROWS && (
            <Typography color="text.secondary">{t('import.truncated', { shown: PREVIEW_ROWS, total: result.rows.length })}</Typography>
          )}
          <Box>
            <Button variant="contained" disabled={result.valid === 0 || send.isPending} onClick={() => file && send.mutate(file.text)}>
              {t('import.send')}
            </Button>
            {result.invalid > 0 && result.valid > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('import.onlyValid', { valid: result.valid })}
              </Typography>
            )}
          </Box>
        </>
      )}
      {sentTo && <SendProgress corporateAccountId={id} emails={sentTo.emails} joined={sentTo.joined} />}
    </ConsoleSection>
  );
}

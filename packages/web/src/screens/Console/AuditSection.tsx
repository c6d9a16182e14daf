import { useInfiniteQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TAuditAction, TAuditEntry, TCorporateConsole } from '@vbc/shared/corporate';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** What each action reads as in the log. */
const DESCRIBE: Record<TAuditAction, (detail: Record<string, unknown>) => string> = {
  'profile.updated': (d) => `Updated the profile (${text(d.name)})`,
  'directory.changed': (d) => (d.directoryPublic ? 'Opened the team page' : 'Closed the team page'),
  'member.role_changed': (d) => `Changed a member's role from ${text(d.from)} to ${text(d.to)}`,
  'member.removed': () => 'Removed a member',
  'invitation.created': (d) => `Invited ${text(d.email) || text(d.phoneNumber)} as ${text(d.role)}`,
  'invitation.revoked': (d) => `Revoked the invitation of ${text(d.email) || text(d.phoneNumber)}`,
  'invitation.accepted': () => 'Accepted an invitation',
  'member.auto_joined': (d) => `${text(d.email)} joined as ${text(d.role)} (verified domain)`,
  'members.imported': (d) => `Imported a file: ${text(d.valid)} invited, ${text(d.invalid)} rows with errors`,
  'template.updated': () => 'Changed the brand template',
  'domain.added': (d) => `Added the domain ${text(d.domain)}`,
  'domain.verified': (d) => `Verified the domain ${text(d.domain)}${d.by === 'operator' ? ' (by the operator)' : ''}`,
  'domain.unverified': (d) => `Withdrew the verification of ${text(d.domain)} (by the operator)`,
  'domain.removed': (d) => `Removed the domain ${text(d.domain)}`,
  'sso.updated': (d) => `Set up single sign-on with ${text(d.issuer)}`,
  'sso.removed': () => 'Turned single sign-on off',
  'scim_token.created': (d) => `Created the SCIM token ending …${text(d.hint)}`,
  'scim_token.revoked': (d) => `Revoked the SCIM token ending …${text(d.hint)}`,
};

const describe = (entry: TAuditEntry) => DESCRIBE[entry.action as TAuditAction]?.(entry.detail) ?? entry.action;

/** Console → Audit (admin): who did what and when, newest first, a page at a time. */
export default function AuditSection({ business }: { business: TCorporateConsole }) {
  const isAdmin = business.role === 'admin';
  const log = useInfiniteQuery({ ...consoleQueries.audit(business.corporateAccountId), enabled: isAdmin });
  if (!isAdmin) {
    return (
      <ConsoleSection title="Audit" description="Only an admin reads the audit log.">
        <span />
      </ConsoleSection>
    );
  }
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ConsoleSection title="Audit" description="What the business's admins and editors did, newest first.">
      {log.isPending && <Typography>Loading…</Typography>}
      {log.error && (
        <Typography role="alert" color="error.main">
          {errorText(log.error)}
        </Typography>
      )}
      {log.data && entries.length === 0 && <Typography color="text.secondary">Nothing recorded yet.</Typography>}
      {entries.length > 0 && (
        <ConsoleList label="Audit log">
          {entries.map((entry) => (
            <ConsoleRow key={entry.auditId} testId="audit-entry">
              <Typography sx={{ fontWeight: 700 }}>{describe(entry)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {entry.actorName ?? 'The operator'} · {new Date(entry.createdAt).toLocaleString()}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
      {log.hasNextPage && (
        <Button onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          Show older
        </Button>
      )}
    </ConsoleSection>
  );
}

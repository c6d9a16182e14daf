import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TAuditAction, TAuditEntry, TCorporateConsole } from '@vbc/shared/corporate';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { useFormat } from '../../i18n/format.ts';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The audit line `key` of the team catalogue with `values`, e-mails, domains and URLs kept left to right. */
const line = (t: TFunction<'team'>, key: string, values: Record<string, string | number>) => (
  <Trans t={t} i18nKey={key} values={values} components={{ ltr: <bdi dir="ltr" /> }} />
);

/** What an entry reads as in the log, in the active language; an action this app does not know, as it was recorded. */
function describe(t: TFunction<'team'>, entry: TAuditEntry): ReactNode {
  const d = entry.detail;
  const contact = text(d.email) || text(d.phoneNumber);
  switch (entry.action as TAuditAction) {
    case 'profile.updated':
      return t('audit.actions.profileUpdated', { name: text(d.name) });
    case 'directory.changed':
      return d.directoryPublic ? t('audit.actions.directoryOpened') : t('audit.actions.directoryClosed');
    case 'member.role_changed':
      return t('audit.actions.roleChanged', { from: text(d.from), to: text(d.to) });
    case 'member.removed':
      return t('audit.actions.memberRemoved');
    case 'invitation.created':
      return line(t, 'audit.actions.invitationCreated', { contact, role: text(d.role) });
    case 'invitation.revoked':
      return line(t, 'audit.actions.invitationRevoked', { contact });
    case 'invitation.accepted':
      return t('audit.actions.invitationAccepted');
    case 'member.auto_joined':
      return line(t, 'audit.actions.autoJoined', { email: text(d.email), role: text(d.role) });
    case 'members.imported':
      return t('audit.actions.imported', { valid: Number(d.valid) || 0, invalid: Number(d.invalid) || 0 });
    case 'template.updated':
      return t('audit.actions.templateUpdated');
    case 'domain.added':
      return line(t, 'audit.actions.domainAdded', { domain: text(d.domain) });
    case 'domain.verified':
      return d.by === 'operator'
        ? line(t, 'audit.actions.domainVerifiedByOperator', { domain: text(d.domain) })
        : line(t, 'audit.actions.domainVerified', { domain: text(d.domain) });
    case 'domain.unverified':
      return line(t, 'audit.actions.domainUnverified', { domain: text(d.domain) });
    case 'domain.removed':
      return line(t, 'audit.actions.domainRemoved', { domain: text(d.domain) });
    case 'sso.updated':
      return line(t, 'audit.actions.ssoUpdated', { issuer: text(d.issuer) });
    case 'sso.removed':
      return t('audit.actions.ssoRemoved');
    case 'scim_token.created':
      return t('audit.actions.scimCreated', { hint: text(d.hint) });
    case 'scim_token.revoked':
      return t('audit.actions.scimRevoked', { hint: text(d.hint) });
    default:
      return entry.action;
  }
}

/** Console → Audit (admin): who did what and when, newest first, a page at a time. */
export default function AuditSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('team');
  const format = useFormat();
  const isAdmin = business.role === 'admin';
  const log = useInfiniteQuery({ ...consoleQueries.audit(business.corporateAccountId), enabled: isAdmin });
  if (!isAdmin) {
    return (
      <ConsoleSection title={t('audit.title')} description={t('audit.notAdmin')}>
        <span />
      </ConsoleSection>
    );
  }
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ConsoleSection title={t('audit.title')} description={t('audit.description')}>
      {log.isPending && <Typography>{t('loading')}</Typography>}
      {log.error && (
        <Typography role="alert" color="error.main">
          {errorText(log.error)}
        </Typography>
      )}
      {log.data && entries.length === 0 && <Typography color="text.secondary">{t('audit.empty')}</Typography>}
      {entries.length > 0 && (
        <ConsoleList label={t('audit.list')}>
          {entries.map((entry) => (
            <ConsoleRow key={entry.auditId} testId="audit-entry">
              <Typography sx={{ fontWeight: 700 }}>{describe(t, entry)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('audit.byWhen', { actor: entry.actorName ?? t('audit.operator'), date: format.dateTime(entry.createdAt) })}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
      {log.hasNextPage && (
        <Button onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t('audit.showOlder')}
        </Button>
      )}
    </ConsoleSection>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCorporateConsole, TCorporateMember } from '@vbc/shared/corporate';
import type { TBusinessCard } from '@vbc/shared/team-template';
import { assignBusinessCard, createBusinessCard } from '../../api/corporate.ts';
import { errorText } from '../../api/error-text.ts';
import { consoleQueries } from '../../api/queries.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { notify } from '../../platform/events.ts';
import Field from '../../components/editor/Field.tsx';
import { ConsoleList, ConsoleRow, ConsoleSection } from './ConsoleSection.tsx';

const UNASSIGNED = '';

/** A member picker: the business's members, or "The business" for none. */
function AssigneeSelect({
  label,
  members,
  value,
  onChange,
  disabled,
}: {
  label: string;
  members: TCorporateMember[];
  value: string | null;
  onChange: (accountId: string | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('console');
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? UNASSIGNED}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value === UNASSIGNED ? null : e.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value={UNASSIGNED}>{t('cards.business')}</MenuItem>
      {members.map((m) => (
        <MenuItem key={m.accountId} value={m.accountId}>
          {m.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** What a business card's row says of who holds it. */
const holderText = (t: TFunction<'console'>, card: TBusinessCard) =>
  card.assigneeName
    ? t('cards.assigned', { name: card.assigneeName })
    : card.formerHolderName
      ? t('cards.back', { name: card.formerHolderName })
      : t('cards.held');

/**
 * Console → Cards (issue 27, admin): cards the business owns — created here, assigned to a member
 * (who edits it as its owner), reassigned, or taken back; a card whose holder left stays live.
 */
export default function CardsSection({ business }: { business: TCorporateConsole }) {
  const { t } = useTranslation('console');
  const id = business.corporateAccountId;
  const client = useQueryClient();
  const cards = useQuery(consoleQueries.cards(id));
  const members = useQuery(consoleQueries.members(id));
  const [draft, setDraft] = useState({ firstName: '', lastName: '', jobTitle: '', assigneeAccountId: null as string | null });
  const [error, setError] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.console.cards(id) });
  const create = useMutation({
    mutationFn: () =>
      createBusinessCard(id, {
        firstName: draft.firstName,
        lastName: draft.lastName,
        jobTitle: draft.jobTitle || null,
        assigneeAccountId: draft.assigneeAccountId,
      }),
    onSuccess: async (card) => {
      notify(t('cards.created', { card: card.name || card.quickId }));
      setDraft({ firstName: '', lastName: '', jobTitle: '', assigneeAccountId: null });
      setError(null);
      await refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const assign = useMutation({
    mutationFn: ({ card, accountId }: { card: TBusinessCard; accountId: string | null }) =>
      assignBusinessCard(id, card.virtualContactId, accountId),
    onSuccess: async (card) => {
      notify(
        card.assigneeName ? t('cards.nowAssigned', { card: card.name, name: card.assigneeName }) : t('cards.nowBack', { card: card.name }),
      );
      await refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const memberList = members.data ?? [];

  return (
    <ConsoleSection title={t('sections.cards')} description={t('cards.description')}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(160px, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Field label={t('cards.firstName')} value={draft.firstName} onChange={(firstName) => setDraft((d) => ({ ...d, firstName }))} />
        <Field label={t('cards.lastName')} value={draft.lastName} onChange={(lastName) => setDraft((d) => ({ ...d, lastName }))} />
        <Field label={t('cards.jobTitle')} value={draft.jobTitle} onChange={(jobTitle) => setDraft((d) => ({ ...d, jobTitle }))} />
        <AssigneeSelect
          label={t('cards.assignTo')}
          members={memberList}
          value={draft.assigneeAccountId}
          onChange={(assigneeAccountId) => setDraft((d) => ({ ...d, assigneeAccountId }))}
        />
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('cards.create')}
        </Button>
      </Box>
      {error && (
        <Typography role="alert" color="error.main">
          {error}
        </Typography>
      )}
      {cards.isPending && <Typography>{t('form.loading')}</Typography>}
      {cards.data && cards.data.length === 0 && <Typography color="text.secondary">{t('cards.none')}</Typography>}
      {cards.data && cards.data.length > 0 && (
        <ConsoleList label={t('cards.list')}>
          {cards.data.map((card) => (
            <ConsoleRow
              key={card.virtualContactId}
              testId="business-card"
              actions={
                <AssigneeSelect
                  label={t('cards.holder', { card: card.name || card.quickId })}
                  members={memberList}
                  value={card.assigneeAccountId}
                  disabled={assign.isPending}
                  onChange={(accountId) => assign.mutate({ card, accountId })}
                />
              }
            >
              <Typography sx={{ fontWeight: 700 }} noWrap>
                {card.name || card.quickId}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {holderText(t, card)}
              </Typography>
            </ConsoleRow>
          ))}
        </ConsoleList>
      )}
    </ConsoleSection>
  );
}

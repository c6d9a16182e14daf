// The leads list against a real HTTP server (node:http on 127.0.0.1) answering as the leads routes do.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TLead } from '@vbc/shared/leads';
import type { TLeadScope } from '../../api/leads.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { theme } from '../../theme.ts';
import LeadList from './LeadList.tsx';
import { startLocalApi, type LocalApi } from '../../test/local-api.ts';

configure({ asyncUtilTimeout: 5000 });

const lead = (n: number, fields: Partial<TLead> = {}): TLead => ({
  leadId: `lead-${n}`,
  name: `Guest ${n}`,
  email: `guest${n}@example.test`,
  phone: null,
  company: null,
  jobTitle: null,
  message: null,
  note: null,
  tags: [],
  status: 'new',
  seen: n !== 1,
  cardId: 'card-1',
  cardName: 'Olivia Owner',
  ownerName: null,
  visitorCardId: null,
  visitorAccountId: null,
  source: null,
  consentText: 'I agree that Olivia Owner may keep these details and contact me.',
  consentAt: '2026-11-01T10:00:00.000Z',
  capturedAt: '2026-11-01T10:00:00.000Z',
  lastExchangedAt: `2026-11-0${Math.min(9, n)}T10:00:00.000Z`,
  exchangeCount: 1,
  ...fields,
});

let api: LocalApi;
let asked: string[] = [];

beforeAll(async () => {
  api = await startLocalApi((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(`${url.pathname}${url.search}`);
    const send = (payload: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (url.pathname === '/api/leads') {
      if (url.searchParams.get('q') === 'guest 3') return send({ items: [lead(3)], nextCursor: null, newCount: 1 });
      if (url.searchParams.get('cursor') === 'c2') return send({ items: [lead(1)], nextCursor: null, newCount: 1 });
      return send({ items: [lead(3), lead(2)], nextCursor: 'c2', newCount: 1 });
    }
    if (url.pathname === '/api/corporate/biz-7/leads')
      return send({ items: [lead(4, { ownerName: 'Mia Member', cardName: 'Mia Member' })], nextCursor: null, newCount: 0 });
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'nope' }));
  });
});
afterAll(() => api.close());
beforeEach(() => {
  asked = [];
});
afterEach(cleanup);

const show = (scope: TLeadScope, business = false) =>
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <LeadList
            scope={scope}
            cards={[]}
            leadLink={business ? null : (l) => `/leads/${l.leadId}`}
            formats={business ? ['csv'] : undefined}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );

describe('leads list (issue 26)', { timeout: 30_000 }, () => {
  it('newest first, "Load more" fetches the next page by cursor, unread marked; search goes to the server', async () => {
    show({ kind: 'mine' });
    const list = await screen.findByRole('list', { name: 'Leads' });
    expect(
      within(list)
        .getAllByTestId('lead-name')
        .map((n) => n.textContent),
    ).toEqual(['Guest 3', 'Guest 2']);
    expect(within(list).getAllByRole('link')[0]!.getAttribute('href')).toBe('/leads/lead-3');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('lead-name').map((n) => n.textContent)).toEqual(['Guest 3', 'Guest 2', 'Guest 1']));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getAllByTestId('lead-row').map((r) => r.getAttribute('data-unread'))).toEqual(['false', 'false', 'true']);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export vCard' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search leads' }), { target: { value: 'guest 3' } });
    await waitFor(() => expect(screen.getAllByTestId('lead-name').map((n) => n.textContent)).toEqual(['Guest 3']));
    expect(asked).toContain('/api/leads?q=guest+3&limit=30');
  });

  it("a business's list names the member whose card it came through, opens nothing, and exports CSV only", async () => {
    show({ kind: 'business', corporateAccountId: 'biz-7' }, true);
    const row = await screen.findByTestId('lead-row');
    expect(row.textContent).toContain("Mia Member's card");
    expect(within(row).queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export vCard' })).toBeNull();
    expect(asked).toEqual(['/api/corporate/biz-7/leads?limit=30']);
  });
});

// The card editor against a real HTTP server (node:http on 127.0.0.1) answering its save as the cards route does.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TOwnerVirtualContact } from '../../api/cards.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { sampleCard } from '../../test/sample-card.ts';
import { theme } from '../../theme.ts';
import CardEditor from './CardEditor.tsx';
import { startLocalApi, type LocalApi } from '../../test/local-api.ts';

// A busy machine renders MUI slowly in jsdom.
configure({ asyncUtilTimeout: 8000 });

const card: TOwnerVirtualContact = {
  ...sampleCard(),
  phones: [{ phoneNumber: '0917 555 0101', type: 'Work' }],
  emails: [{ email: 'ana@example.test', name: null }],
  pinEnabled: false,
  exchangeEnabled: true,
  listedInSearchEngines: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

let api: LocalApi;
/** The next PUT's answer: a refusal naming a field, else the card as saved. */
let refusal: string | null = null;
let saves: Record<string, unknown>[] = [];

beforeAll(async () => {
  api = await startLocalApi((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method !== 'PUT') return send(404, { message: 'nope' });
      const body = JSON.parse(raw) as Record<string, unknown>;
      saves.push(body);
      if (refusal) return send(400, { message: refusal });
      send(200, { ...card, ...body, updatedAt: '2026-01-03T00:00:00.000Z' });
    });
  });
  // jsdom does not scroll; a refused save scrolls to the first field marked in red.
  Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  refusal = null;
  saves = [];
});

const show = () => {
  const router = createMemoryRouter([{ path: '/', element: <CardEditor initial={card} /> }]);
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('card editor', { timeout: 60_000 }, () => {
  it('a refused Save names each field; then the messages follow the typing, and the preview every keystroke', async () => {
    show();
    await screen.findByLabelText('First name');
    type('First name', '');
    type('Last name', '');
    type('Phone number', 'call me');
    expect(screen.getByTestId('save-state').textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByTestId('save-button'));
    await waitFor(() => expect(screen.getByTestId('save-error').textContent).toBe('Please check 2 fields marked in red.'));
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    screen.getByText('Must be numbers.');
    expect(saves).toHaveLength(0);

    // The last name clears the first name's "Required."; an emptied phone number reads "Required.".
    type('Last name', 'Reyes');
    await waitFor(() => expect(screen.queryByText('Required.')).toBeNull());
    screen.getByText('Must be numbers.');
    type('Phone number', '');
    await screen.findByText('Required.');
    type('Phone number', '0917 555 0101');
    await waitFor(() => expect(screen.queryByText('Required.')).toBeNull());

    type('First name', 'Zed');
    await waitFor(() => expect(screen.getByTestId('live-preview').textContent).toContain('Zed Reyes'));
    type('First name', 'Zedd');
    await waitFor(() => expect(screen.getByTestId('live-preview').textContent).toContain('Zedd Reyes'));
  });

  it("shows the server's field error on its field until the next change, and saves after", async () => {
    show();
    await screen.findByLabelText('First name');
    refusal = 'emails.0.email: Not a mailbox we can reach';
    type('Job title', 'Architect in chief');
    fireEvent.click(screen.getByTestId('save-button'));
    await screen.findByText('Not a mailbox we can reach');
    expect(screen.getByTestId('save-error').textContent).toBe('Not saved: emails.0.email: Not a mailbox we can reach');
    expect(saves[0]).toMatchObject({ jobTitle: 'Architect in chief', updatedAt: card.updatedAt });

    refusal = null;
    type('E-mail', 'ana@example.org');
    await waitFor(() => expect(screen.queryByText('Not a mailbox we can reach')).toBeNull());
    fireEvent.click(screen.getByTestId('save-button'));
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Saved'));
    expect(saves[1]).toMatchObject({ emails: [{ email: 'ana@example.org', name: null }] });
    expect(screen.queryByTestId('save-error')).toBeNull();
  });
});

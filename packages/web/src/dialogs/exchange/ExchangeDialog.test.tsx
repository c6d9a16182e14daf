// @vitest-environment-options { "url": "http://127.0.0.1/vbc/k7m2p9q?s=qr" }
// The window against a real HTTP server (node:http on 127.0.0.1) that answers as the exchange route does.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { EXCHANGE_CONTACT_MISSING, EXCHANGE_PHONE_INVALID, exchangeConsentText } from '@vbc/shared/leads';
import { createQueryClient } from '../../api/query-client.ts';
import { readExchangeOutbox } from '../../exchange/exchange-outbox.ts';
import { SessionProvider, useSession } from '../../session/SessionContext.tsx';
import { sampleCard } from '../../test/sample-card.ts';
import { theme } from '../../theme.ts';
import ExchangeDialog from './ExchangeDialog.tsx';
import { EXCHANGE_TOO_MANY } from './exchange-form.ts';

/** docs/contracts.md §2: the window's words when the details wait for the network. */
const EXCHANGE_SAVED = 'Saved — it will be sent when you are back online.';
import { startLocalApi, type LocalApi } from '../../test/local-api.ts';

interface TReceived {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

// A busy machine renders MUI slowly in jsdom: wait for the window's answers as long as a person would.
configure({ asyncUtilTimeout: 5000 });

let api: LocalApi;
let received: TReceived[] = [];
/** The exchange route's next answers (status and body), first one first; 201 with a lead id when none is queued. */
let answers: { status: number; body: unknown }[] = [];

const ACCOUNT = {
  accountName: 'Rita Visitor',
  accountPhoneNumber: null,
  accountEmail: 'rita@example.com',
  virtualContacts: [
    { virtualContactId: 'card-rita-1', quickId: 'rita1', name: 'Rita Visitor', firstName: 'Rita', lastName: 'Visitor' },
    { virtualContactId: 'card-rita-2', quickId: 'rita2', name: 'Rita at Work', firstName: 'Rita', lastName: 'Work' },
  ],
  virtualPets: [],
};

beforeAll(async () => {
  api = await startLocalApi((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const path = req.url ?? '';
      if (path.endsWith('/exchange') && req.method === 'POST') {
        received.push({ path, authorization: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
        const next = answers.shift() ?? { status: 201, body: { leadId: `lead-${received.length}` } };
        send(next.status, next.body);
      } else if (path === '/api/personalAccount/validatesession') send(200, { valid: true });
      else if (path === '/api/personalAccount/myAccount') send(200, ACCOUNT);
      else if (path === '/api/personalAccount/mergeRecentlyViewedVbc') send(200, { recents: [] });
      else send(404, { message: 'nope' });
    });
  });
});
afterAll(() => api.close());

let online = true;
beforeEach(() => {
  received = [];
  answers = [];
  online = true;
  localStorage.clear();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(cleanup);

const card = sampleCard();
const CONSENT = exchangeConsentText('Ana Lima');

/** The window as a card page opens it: inside the app's session and query layer. */
function open(onClose = () => undefined) {
  render(
    <ThemeProvider theme={theme}>
      <SessionProvider>
        <QueryClientProvider client={createQueryClient()}>
          <OpenWhenKnown onClose={onClose} />
        </QueryClientProvider>
      </SessionProvider>
    </ThemeProvider>,
  );
  return screen.findByRole('dialog', { name: 'Share your details with Ana' });
}

/** Opens once the session is known, as the card page's button does (a press waits for the visitor to be known). */
function OpenWhenKnown({ onClose }: { onClose: () => void }) {
  return useSession().status === 'checking' ? null : <ExchangeDialog contact={card} onClose={onClose} />;
}

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });
const type = (dialog: HTMLElement, name: RegExp, value: string) => fireEvent.change(field(dialog, name), { target: { value } });
const send = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
/** The helper text MUI links to a field (aria-describedby). */
const helpOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('Exchange Contact window (issue 26)', { timeout: 30_000 }, () => {
  it('shows the schema texts under each field and sends nothing until they pass', async () => {
    const dialog = await open();
    expect(within(dialog).getByRole('checkbox', { name: "Send me Ana's card" })).toHaveProperty('checked', true);
    send(dialog);
    await waitFor(() => expect(helpOf(field(dialog, /^Name/))).toBe('Required.'));
    expect(helpOf(field(dialog, /^E-mail/))).toBe(EXCHANGE_CONTACT_MISSING);
    expect(within(dialog).getByText('Tick the box to agree.')).toBeTruthy();

    type(dialog, /^Name/, 'Al');
    type(dialog, /^E-mail/, 'al@');
    type(dialog, /^Phone/, '12-34');
    type(dialog, /^Note/, 'x'.repeat(501));
    send(dialog);
    await waitFor(() => expect(helpOf(field(dialog, /^Name/))).toBe('Min 3 characters'));
    expect(helpOf(field(dialog, /^E-mail/))).toBe('Invalid email format');
    expect(helpOf(field(dialog, /^Phone/))).toBe(EXCHANGE_PHONE_INVALID);
    expect(helpOf(field(dialog, /^Note/))).toBe('Max 500 characters');
    expect(received).toEqual([]);
  });

  it('needs the consent box ticked, then sends the details with the page source, a request id and the time taken', async () => {
    const dialog = await open();
    type(dialog, /^Name/, 'Bruno Diaz');
    type(dialog, /^E-mail/, 'bruno@example.com');
    type(dialog, /^Company/, 'Diaz & Filhos');
    send(dialog);
    await within(dialog).findByText('Tick the box to agree.');
    expect(received).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: CONSENT }));
    send(dialog);
    await within(dialog).findByText('Sent! Ana now has your details.');
    expect(received).toHaveLength(1);
    const [{ path, body }] = received as [TReceived];
    expect(path).toBe(`/api/vbc/virtualcontact/${card.virtualContactId}/exchange`);
    expect(body).toMatchObject({
      name: 'Bruno Diaz',
      email: 'bruno@example.com',
      phone: null,
      company: 'Diaz & Filhos',
      consent: true,
      sendMeTheCard: true,
      fromVbcId: null,
      source: 'qr',
      // The window's language: the server stores the consent sentence in it (issue 31).
      language: 'en',
    });
    expect(body.clientRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.fillMs).toEqual(expect.any(Number));
    expect(body.website ?? '').toBe('');
  });

  it('"Send me Ana\'s card" needs the e-mail: with a phone only, the box must be unticked', async () => {
    const dialog = await open();
    type(dialog, /^Name/, 'Chen Wu');
    type(dialog, /^Phone/, '+44 20 7946 0958');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: CONSENT }));
    send(dialog);
    await within(dialog).findByText('Needs an e-mail address.');
    expect(received).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: "Send me Ana's card" }));
    send(dialog);
    await within(dialog).findByText('Sent! Ana now has your details.');
    expect(received[0]!.body).toMatchObject({ email: null, phone: '+44 20 7946 0958', sendMeTheCard: false });
  });

  it("shows the server's refusal under the field it names, and 429 at the top", async () => {
    answers = [
      { status: 400, body: { message: 'email: This address cannot receive mail.', code: 'bad_request' } },
      { status: 429, body: { message: 'Too many requests, retry in 3600 seconds.', code: 'rate_limited' } },
    ];
    const dialog = await open();
    type(dialog, /^Name/, 'Dora Lane');
    type(dialog, /^E-mail/, 'dora@example.com');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: CONSENT }));
    send(dialog);
    await waitFor(() => expect(helpOf(field(dialog, /^E-mail/))).toBe('This address cannot receive mail.'));
    send(dialog);
    expect((await within(dialog).findByTestId('exchange-error')).textContent).toBe(EXCHANGE_TOO_MANY);
    expect(received).toHaveLength(2);
    // Both tries are one submission: the same request id.
    expect(received[1]!.body.clientRequestId).toBe(received[0]!.body.clientRequestId);
  });

  it('offline: keeps the details on the device, then sends them exactly once when the network returns', async () => {
    online = false;
    const dialog = await open();
    type(dialog, /^Name/, 'Eve Offline');
    type(dialog, /^E-mail/, 'eve@example.com');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: CONSENT }));
    send(dialog);
    await within(dialog).findByText(EXCHANGE_SAVED);
    expect(received).toEqual([]);
    const [queued] = readExchangeOutbox();
    expect(queued).toMatchObject({ contactId: card.virtualContactId, body: { name: 'Eve Offline', email: 'eve@example.com' } });

    online = true;
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    await within(dialog).findByText('Sent! Ana now has your details.');
    expect(received).toHaveLength(1);
    expect(received[0]!.body.clientRequestId).toBe(queued!.body.clientRequestId);
    expect(readExchangeOutbox()).toEqual([]);
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(1);
  });

  it('signed in: "Send my card" first, the first card chosen, sent with the account\'s name and e-mail', async () => {
    localStorage.setItem('vbc.accessToken', 'tok-rita');
    localStorage.setItem('vbc.sessionId', 'sess-rita');
    const dialog = await open();
    expect(within(dialog).getByRole('tab', { name: 'Send my card' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('combobox', { name: 'Your card' }).textContent).toBe('Rita Visitor');
    expect(within(dialog).queryByRole('textbox', { name: /^Name/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: CONSENT }));
    send(dialog);
    await within(dialog).findByText('Sent! Ana now has your details.');
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe('Bearer tok-rita');
    expect(received[0]!.body).toMatchObject({
      fromVbcId: 'card-rita-1',
      name: 'Rita Visitor',
      email: 'rita@example.com',
      consent: true,
      sendMeTheCard: true,
    });
  });

  it('signed in: the visitor can switch to the form, prefilled from the account, and send without a card', async () => {
    localStorage.setItem('vbc.accessToken', 'tok-rita');
    localStorage.setItem('vbc.sessionId', 'sess-rita');
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Fill in the form' }));
    expect(field(dialog, /^Name/)).toHaveProperty('value', 'Rita Visitor');
    expect(field(dialog, /^E-mail/)).toHaveProperty('value', 'rita@example.com');
    type(dialog, /^Job title/, 'Buyer');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: CONSENT }));
    send(dialog);
    await within(dialog).findByText('Sent! Ana now has your details.');
    expect(received[0]!.body).toMatchObject({ fromVbcId: null, name: 'Rita Visitor', jobTitle: 'Buyer' });
  });
});

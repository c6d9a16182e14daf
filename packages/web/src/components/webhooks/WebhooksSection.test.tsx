// The webhooks section against a real HTTP server (node:http on 127.0.0.1) answering as the webhooks routes do.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TWebhook, TWebhookAttempt } from '@vbc/shared/webhooks';
import { createQueryClient } from '../../api/query-client.ts';
import { theme } from '../../theme.ts';
import WebhooksSection from './WebhooksSection.tsx';
import { startLocalApi, type LocalApi } from '../../test/local-api.ts';

const hook = (id: string, url: string, corporateAccountId: string | null): TWebhook => ({
  webhookId: id,
  url,
  events: ['lead.created'],
  corporateAccountId,
  description: null,
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
});

// A busy machine renders MUI slowly in jsdom.
configure({ asyncUtilTimeout: 5000 });

let api: LocalApi;
let hooks: TWebhook[] = [];
let calls: string[] = [];
let created: unknown[] = [];
const attempt: TWebhookAttempt = {
  attemptId: 'att-1',
  eventId: 'msg_1',
  eventType: 'webhook.test',
  attemptedAt: '2026-11-01T10:05:00.000Z',
  status: 500,
  durationMs: 42,
  response: 'upstream exploded',
  error: null,
  succeeded: false,
};

beforeAll(async () => {
  api = await startLocalApi((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push(`${req.method} ${req.url}`);
      const send = (status: number, payload?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(payload === undefined ? '' : JSON.stringify(payload));
      };
      if (req.method === 'GET' && req.url === '/api/webhooks') return send(200, hooks);
      if (req.method === 'POST' && req.url === '/api/webhooks') {
        const body = JSON.parse(raw) as { url: string; corporateAccountId?: string };
        created.push(body);
        const made = hook(`hook-${hooks.length + 1}`, body.url, body.corporateAccountId ?? null);
        hooks.push(made);
        return send(201, { ...made, secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' });
      }
      if (req.method === 'PATCH' && req.url?.startsWith('/api/webhooks/')) {
        const { enabled } = JSON.parse(raw) as { enabled: boolean };
        const target = hooks.find((h) => req.url === `/api/webhooks/${h.webhookId}`);
        if (!target) return send(404, { message: 'The webhook was not found.' });
        Object.assign(target, { enabled, disabledReason: enabled ? null : 'Turned off by its owner.' });
        return send(200, target);
      }
      if (req.method === 'GET' && req.url?.endsWith('/attempts')) return send(200, [attempt]);
      if (req.method === 'POST' && (req.url?.endsWith('/test') || req.url?.endsWith('/redeliver'))) return send(202, { eventId: 'msg_2' });
      send(404, { message: 'nope' });
    });
  });
});
afterAll(() => api.close());
beforeEach(() => {
  hooks = [hook('mine-1', 'https://crm.example.com/hooks', null), hook('biz-1', 'https://team.example.com/hooks', 'biz-7')];
  calls = [];
  created = [];
});
afterEach(cleanup);

const show = (corporateAccountId: string | null) =>
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createQueryClient()}>
        <WebhooksSection corporateAccountId={corporateAccountId} />
      </QueryClientProvider>
    </ThemeProvider>,
  );

describe('webhooks section (issue 26)', { timeout: 30_000 }, () => {
  it("lists only this scope's endpoints; adding one shows its secret once, with a copy button", async () => {
    show(null);
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    expect(
      within(list)
        .getAllByTestId('webhook-row')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('crm.example.com')]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'lead.created' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Choose at least one event.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'message.received' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Endpoint URL' }), { target: { value: 'https://hooks.example.org/in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));

    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toContain('whsec_c2VjcmV0LXNob3duLW9uY2U=');
    expect(secret.textContent).toContain('it will not be shown again');
    expect(within(secret).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(created).toEqual([{ url: 'https://hooks.example.org/in', events: ['message.received'] }]);
    await waitFor(() => expect(screen.getAllByTestId('webhook-row')).toHaveLength(2));
  });

  it("a business's section creates with its id; an endpoint's attempts show status, time taken and the answer, with Redeliver and Send test event", async () => {
    show('biz-7');
    const row = await screen.findByTestId('webhook-row');
    expect(row.textContent).toContain('team.example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Send test event' }));
    const found = await within(row).findByTestId('webhook-attempt');
    expect(found.textContent).toContain('500');
    expect(found.textContent).toContain('42 ms');
    expect(found.textContent).toContain('upstream exploded');
    fireEvent.click(within(found).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(calls).toContain('POST /api/webhooks/biz-1/attempts/att-1/redeliver'));
    expect(calls).toContain('POST /api/webhooks/biz-1/test');

    fireEvent.change(screen.getByRole('textbox', { name: 'Endpoint URL' }), { target: { value: 'https://team.example.com/two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await screen.findByTestId('webhook-secret');
    expect(created).toEqual([{ url: 'https://team.example.com/two', events: ['lead.created'], corporateAccountId: 'biz-7' }]);
  });

  it('a disabled endpoint shows why, offers no test event, and turns on again', async () => {
    hooks[0] = { ...hooks[0]!, enabled: false, disabledReason: 'Every delivery failed for 3 days.' };
    show(null);
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByText('Disabled: Every delivery failed for 3 days.')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Send test event' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Turn on again' }));
    await waitFor(() => expect(within(screen.getByTestId('webhook-row')).getByText('Enabled')).toBeTruthy());
    expect(calls).toContain('PATCH /api/webhooks/mine-1');
    expect(within(screen.getByTestId('webhook-row')).getByRole('button', { name: 'Send test event' })).toBeTruthy();
    expect(within(screen.getByTestId('webhook-row')).getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });
});

/**
 * Issue 26's webhooks in a real browser against the real server: an owner adds an endpoint in
 * Settings, copies the secret shown once, sends a test event that a local receiver verifies with
 * the official standardwebhooks package, and sees the attempt listed; a new lead reaches the same
 * endpoint signed with that secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { exchange, exchangeBody } from '../packages/server/src/test/leads-support.ts';
import { startWebhookReceiver, type TWebhookReceiver } from '../packages/server/src/test/webhook-receiver.ts';
import { expectAccessible } from './support/axe.ts';
import { hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { screenshotAtWidths } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';

describe.runIf(hasChromium())('webhooks: Settings against the real dispatcher', () => {
  let server: RunningServer;
  let receiver: TWebhookReceiver;
  let browser: Browser;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The one test switch for outbound calls: plain http to 127.0.0.1 (refused in production).
    server = await startServer({ ALLOW_INSECURE_OUTBOUND: 'true' });
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 }, hasTouch: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await receiver?.close();
  });

  it('adds an endpoint, shows its secret once, delivers a signed test event and a new lead, and lists the attempts', async () => {
    const owner = await buildAccount(server.app, { name: 'Hook Owner' });
    const card = await buildCard(server.app, { firstName: 'Hook', lastName: 'Owner' }, { ownerAccountId: owner.account.id });
    const page = await browser.page();
    await startSignedIn(page, owner);
    await page.goto('/vbc/settings');
    const form = page.getByRole('form', { name: 'Add a webhook' });
    await form.getByLabel('Endpoint URL').fill(receiver.url('/crm'));
    await form.getByLabel('lead.created').check();
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByTestId('webhook-secret');
    await shown.getByText('Copy the signing secret now: it will not be shown again.').waitFor();
    const secret = (await shown.locator('code').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    receiver.setSecret('/crm', secret);
    await expectAccessible(page, 'Settings, a webhook just added');
    await screenshotAtWidths(page, 'settings-webhooks');

    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.until((got) => got.some((r) => r.path === '/crm' && r.event.type === 'webhook.test'));
    const test = receiver.received.find((r) => r.event.type === 'webhook.test')!;
    expect(test.verified).toBe(true);

    // A test event sent opens the endpoint's attempts.
    await page.getByRole('button', { name: 'Hide attempts' }).waitFor();
    const attempts = page.getByRole('list', { name: `Attempts to ${receiver.url('/crm')}` });
    await expect.poll(() => attempts.getByTestId('webhook-attempt').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await attempts.getByTestId('webhook-attempt').first().textContent()).toContain('webhook.test');

    // The secret is not shown again after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Send test event' }).waitFor();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);

    expect((await exchange(server.app, card.id, exchangeBody({ name: 'Webhook Prospect' }))).statusCode).toBe(201);
    await receiver.until((got) => got.some((r) => r.event.type === 'lead.created'));
    const lead = receiver.received.find((r) => r.event.type === 'lead.created')!;
    expect(lead.verified).toBe(true);
    expect((lead.event.data as { name: string }).name).toBe('Webhook Prospect');
  });
});

/**
 * The installed app (issue 12): manifest and service worker, offline pages and data, the docs/contracts.md §4
 * push prompts, a push shown as a notification and its click's navigation, and the iOS wrapper
 * bridge played by the test. Headless Chromium has no push service and no notification UI: the
 * push arrives through DevTools (ServiceWorker.deliverPushMessage), and the click's navigation is
 * driven by the message the worker's click handler sends (the click itself cannot be driven).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../packages/server/src/platform/db/schema/index.ts';
import { buildAccount, buildCard } from '../packages/server/src/test/factories.ts';
import { WEB_DIST } from '../packages/server/src/web/plugin.ts';
import { apiIdle, hasChromium, launchBrowser, startSignedIn, type Browser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

type TAccount = Awaited<ReturnType<typeof buildAccount>>;
const PROMPT = 'Do you want to be notified when someone sends you a message?';
const ASK = 'Would you like to be notified when you received a message?';

/** Makes the page report display-mode standalone (Chromium's DevTools cannot emulate it). */
const asInstalledApp = (page: Page) =>
  page.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      /display-mode:\s*standalone/.test(query) ? { ...real(query), matches: true, media: query } : real(query);
  });

describe.runIf(hasChromium())('installed app: PWA, push prompts, notifications, iOS bridge', () => {
  let server: RunningServer;
  const browsers: Browser[] = [];
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.close();
  });

  const person = async (first: string) => {
    const account = await buildAccount(server.app, { name: `${first} Account` });
    const card = await buildCard(server.app, { firstName: first, lastName: 'Pwa' }, { ownerAccountId: account.account.id });
    return { ...account, card };
  };
  const open = async (account?: TAccount) => {
    const browser = await launchBrowser({ baseURL: server.url });
    browsers.push(browser);
    const page = await browser.page();
    if (account) await startSignedIn(page, account);
    return { browser, page };
  };
  const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const promptShown = (page: Page) => page.getByText(PROMPT).count();

  it('is installable: the manifest, and the service worker at /vbc/service-worker.js controls /vbc/', async () => {
    const manifest = (await (await fetch(`${server.url}/vbc/manifest.webmanifest`)).json()) as Record<string, unknown> & {
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'V.B.C.',
      short_name: 'V.B.C.',
      start_url: '/vbc/',
      scope: '/vbc/',
      display: 'standalone',
      theme_color: '#121218',
    });
    expect(manifest.icons.map((i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual(['192x192', '512x512', '512x512 maskable']);
    const { page } = await open();
    await page.goto('/vbc/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/vbc/manifest.webmanifest');
    const reg = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { script: r.active?.scriptURL, scope: r.scope };
    });
    expect(reg).toEqual({ script: `${server.url}/vbc/service-worker.js`, scope: `${server.url}/vbc/` });
    await controlled(page);
  });

  it("opens offline: /vbc/ with the person's cards, an own card and a card viewed before, with the offline banner", async () => {
    const ana = await person('Olivia');
    const other = await person('Viewed');
    const { browser, page } = await open(ana);
    await page.goto('/vbc/');
    await controlled(page);
    await page.getByText('Olivia Pwa').first().waitFor();
    await page.goto(`/vbc/${other.card.quickId}`);
    await page.getByText('Viewed Pwa').first().waitFor();
    await page.goto('/vbc/');
    await page.getByText('Olivia Pwa').first().waitFor();
    // The worker saved the whole app and the own card once signed in.
    const scripts = readdirSync(path.join(WEB_DIST, 'assets')).filter((f) => /\.(js|css)$/.test(f)).length;
    await expect
      .poll(
        () =>
          page.evaluate(async (quickId) => {
            const api = await caches.open('vbc-api');
            const assets = await caches.open('vbc-assets');
            return Boolean(await api.match(`/api/vbc/virtualcontact/${quickId}`)) && (await assets.keys()).length;
          }, ana.card.quickId),
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(scripts);

    await browser.context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').waitFor();
    await page.getByText('Olivia Pwa').first().waitFor();
    await page.goto(`/vbc/${ana.card.quickId}`);
    await page.getByText('Olivia Pwa').first().waitFor();
    await page.goto(`/vbc/${other.card.quickId}`);
    await page.getByText('Viewed Pwa').first().waitFor();
    await page.getByTestId('offline-banner').waitFor(); // the lazily loaded host shows it on this page too
    await browser.context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  });

  it('asks "Push Notifications" only in standalone display mode, and never twice', async () => {
    const ana = await person('Prompt');
    const tab = await open(ana);
    await tab.page.goto('/vbc/');
    await tab.page.getByText('Prompt Pwa').first().waitFor();
    await apiIdle(tab.page, 800);
    expect(await promptShown(tab.page)).toBe(0);

    const app = await open(ana);
    await asInstalledApp(app.page);
    await app.page.goto('/vbc/');
    await app.page.getByText('Push Notifications').waitFor();
    await app.page.getByText(PROMPT).waitFor();
    await app.page.getByRole('button', { name: 'Cancel' }).click();
    await app.page.getByText(PROMPT).waitFor({ state: 'detached' });
    expect(await app.page.evaluate(() => localStorage.getItem('vbc.pushAsked'))).toBe('true');
    await app.page.reload();
    await app.page.getByText('Prompt Pwa').first().waitFor();
    await apiIdle(app.page, 800);
    expect(await promptShown(app.page)).toBe(0);
  });

  it('offers the persistent snackbar when a message arrives while permission is undecided', async () => {
    const ana = await person('Snack');
    const bruno = await person('Sender');
    const { page } = await open(ana);
    await page.goto('/vbc/');
    await page.waitForFunction(() => document.documentElement.dataset.realtime === 'Connected');
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    const sent = await fetch(`${server.url}/api/conversation/initiateConversation`, {
      method: 'POST',
      headers: { ...bruno.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ toVbcId: ana.card.id, fromVbcId: bruno.card.id, message: 'Hello Snack' }),
    });
    expect(sent.status).toBe(200);
    const ask = page.getByTestId('push-ask');
    await ask.getByText(ASK).waitFor();
    await ask.getByRole('button', { name: 'Yes, Please' }).waitFor();
    // Persistent: still there well after a toast would have gone (3000 ms).
    await page.waitForTimeout(3500);
    expect(await ask.isVisible()).toBe(true);
    await ask.getByRole('button', { name: 'No' }).click();
    await ask.waitFor({ state: 'detached' });
  });

  it('shows a pushed message as a notification; its click navigation opens the conversation', async () => {
    const ana = await person('Notified');
    const { browser, page } = await open(ana);
    await browser.context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto('/vbc/');
    await controlled(page);
    const cdp = await browser.context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        ({ registrations }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
          const reg = registrations.find((r) => r.scopeURL === `${server.url}/vbc/`);
          if (reg) resolve(reg.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    const conversationId = '00000000-0000-4000-8000-000000000001';
    const payload = {
      kind: 'message',
      title: 'Bruno Pwa',
      body: 'Are you free on Friday?',
      url: `/vbc/#/messages/${conversationId}`,
      tag: `conversation-${conversationId}`,
      personalConversationId: conversationId,
    };
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
      });
    // DevTools' push goes to the worker as it runs then; one that lands while the worker is being
    // started again is sent again (the tag keeps it one notification).
    const push = async () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      });
    await push();
    await expect
      .poll(async () => {
        const now = await shown();
        if (now.length === 0) await push();
        return now;
      })
      .toEqual([
        {
          title: 'Bruno Pwa',
          body: 'Are you free on Friday?',
          tag: `conversation-${conversationId}`,
          data: { url: payload.url, kind: 'message' },
        },
      ]);
    // The worker's click handler focuses this window and posts {type: 'navigate', url}: the page goes
    // there once its installed-app host (loaded after the first paint) listens.
    await expect
      .poll(async () => {
        await page.evaluate(
          (url) => navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'navigate', url } })),
          payload.url,
        );
        return new URL(page.url()).pathname;
      })
      .toBe(`/vbc/messages/${conversationId}`);
  });

  it('inside the iOS wrapper: registers the native APNs token, asks iOS after Accept, and opens a tapped notification', async () => {
    const ana = await person('Native');
    const token = 'ab12'.repeat(16);
    const { page } = await open(ana);
    await page.addInitScript((apnToken) => {
      const w = window as unknown as { vbcNativeApp: object; webkit: object; posted: unknown[]; vbcNativeReceive?: (m: unknown) => void };
      w.posted = [];
      w.vbcNativeApp = { platform: 'ios', version: 1 };
      w.webkit = {
        messageHandlers: {
          vbc: {
            postMessage(message: { action: string }) {
              w.posted.push(message);
              // The native side answers a push request with the device's token.
              if (message.action === 'requestPush')
                setTimeout(() => w.vbcNativeReceive?.({ action: 'apnToken', payload: { token: apnToken } }), 10);
            },
          },
        },
      };
    }, token);
    await page.goto('/vbc/');
    await page.getByText(PROMPT).waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(async () =>
        (await server.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, ana.account.id))).map(
          (r) => r.apnDeviceToken,
        ),
      )
      .toEqual([token]);
    const posted = await page.evaluate(() => (window as unknown as { posted: { action: string }[] }).posted.map((m) => m.action));
    expect(posted.slice(0, 2)).toEqual(['ready', 'requestPush']);
    // No web push in the wrapper: the page never subscribed through the browser.
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(
      true,
    );
    await page.evaluate(() =>
      (window as unknown as { vbcNativeReceive: (m: unknown) => void }).vbcNativeReceive({
        action: 'openUrl',
        payload: { url: '/vbc/#/messages/00000000-0000-4000-8000-000000000002' },
      }),
    );
    await page.waitForURL('**/vbc/messages/00000000-0000-4000-8000-000000000002');
  });
});

/**
 * A language chosen on one device reaches the person's other devices at once (issue 31):
 * `AccountUpdated` with the account, over the real hub (official @microsoft/signalr client).
 */
import { HttpTransportType } from '@microsoft/signalr';
import { afterEach, expect, it } from 'vitest';
import type { TPersonalAccount } from '@vbc/shared';
import { buildAccount } from '../test/factories.ts';
import { client, nextCall } from '../test/hub-support.ts';
import { useListeningApp } from '../test/conversations-support.ts';
import type { HubConnection } from '@microsoft/signalr';
import { chooseLanguage } from '../test/accounts-support.ts';

const ctx = useListeningApp();
const open: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

it("sends AccountUpdated with the new language to every connection of the account, and to no one else's", async () => {
  const ana = await buildAccount(ctx.app);
  const other = await buildAccount(ctx.app);
  const phone = client(ctx.hubUrl, HttpTransportType.WebSockets, ana.accessToken);
  const stranger = client(ctx.hubUrl, HttpTransportType.WebSockets, other.accessToken);
  open.push(phone, stranger);
  await Promise.all([phone.start(), stranger.start()]);
  const strangerGot: unknown[] = [];
  stranger.on('AccountUpdated', (account: unknown) => strangerGot.push(account));
  const heard = nextCall(phone, 'AccountUpdated');

  const chosen = await chooseLanguage(ctx.app, ana, 'ar');
  const [account] = (await heard) as [TPersonalAccount];
  expect(account).toEqual(chosen);
  expect(account.language).toBe('ar');
  expect(strangerGot).toEqual([]);
});

// Seeds a database for the hub fan-out bench (hub-fan-out.ts), then exits: migrates it, makes one
// recipient and `senders` people who each started a conversation with the recipient (sends are
// limited per account, so the bench takes turns among them), and prints their tokens as JSON on
// a READY line. The product itself then serves them.
// With an audience file (announcement-fan-out.ts: `{subscriptions, signedIn}`), it also makes one
// account per web push subscription, written in bulk, the first `signedIn` of them signed in
// (their tokens are printed as `audienceTokens`).
import { readFileSync } from 'node:fs';
import { buildPerson, startConversation } from '../../packages/server/src/test/conversations-support.ts';
import { pushSubscriptions } from '../../packages/server/src/platform/db/schema/index.ts';
import { insertAccounts, signIn } from './seed-accounts.ts';
import { seedApp } from './seed-app.ts';

const [databaseUrl = '', senderCount = '40', audienceFile] = process.argv.slice(2);
const { app, close } = await seedApp(databaseUrl);
const recipient = await buildPerson(app, 'Recipient');
const senders: { token: string; conversationId: string }[] = [];
for (let i = 0; i < Number(senderCount); i++) {
  const sender = await buildPerson(app, `Sender ${i}`);
  const { personalConversationId } = await startConversation(app, sender, recipient, 'hello');
  senders.push({ token: sender.accessToken, conversationId: personalConversationId });
}
const audienceTokens: string[] = [];
if (audienceFile) {
  const audience = JSON.parse(readFileSync(audienceFile, 'utf8')) as {
    subscriptions: { endpoint: string; keyP256Dh: string; keyAuth: string }[];
    signedIn: number;
  };
  const ids = await insertAccounts(app, 'Audience', audience.subscriptions.length);
  for (let i = 0; i < ids.length; i += 1000) {
    await app.db
      .insert(pushSubscriptions)
      .values(ids.slice(i, i + 1000).map((accountId, j) => ({ accountId, ...audience.subscriptions[i + j]! })));
  }
  audienceTokens.push(...(await signIn(app, ids.slice(0, audience.signedIn))));
}
await close();
process.stdout.write(`READY ${JSON.stringify({ recipientToken: recipient.accessToken, senders, audienceTokens })}\n`);

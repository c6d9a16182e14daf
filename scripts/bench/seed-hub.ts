// Seeds a database for the hub fan-out bench (hub-fan-out.ts), then exits: migrates it, makes one
// recipient and `senders` people who each started a conversation with the recipient (sends are
// limited per account, so the bench takes turns among them), and prints their tokens as JSON on
// a READY line. The product itself then serves them.
// With an audience file (announcement-fan-out.ts: `{subscriptions, signedIn}`), it also makes one
// account per web push subscription, written in bulk, the first `signedIn` of them signed in
// (their tokens are printed as `audienceTokens`).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buildPerson, startConversation } from '../../packages/server/src/test/conversations-support.ts';
import { accounts, pushSubscriptions, sessions } from '../../packages/server/src/platform/db/schema/index.ts';
import { sha256, SESSION_IDLE_MS } from '../../packages/server/src/accounts/sessions.ts';
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
  const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
  for (let i = 0; i < audience.subscriptions.length; i += 1000) {
    const chunk = audience.subscriptions.slice(i, i + 1000);
    const rows = await app.db
      .insert(accounts)
      .values(chunk.map((_, j) => ({ name: `Audience ${i + j}`, email: `audience-${i + j}@bench.test` })))
      .returning({ id: accounts.id });
    await app.db.insert(pushSubscriptions).values(rows.map((r, j) => ({ accountId: r.id, ...chunk[j]! })));
    const signIn = rows
      .slice(0, Math.max(0, audience.signedIn - i))
      .map((r) => ({ accountId: r.id, token: randomBytes(32).toString('base64url') }));
    if (signIn.length === 0) continue;
    await app.db.insert(sessions).values(
      signIn.map((s) => ({
        accountId: s.accountId,
        tokenHash: sha256(s.token),
        sessionIdHash: sha256(randomBytes(16).toString('base64url')),
        expiresAt,
      })),
    );
    audienceTokens.push(...signIn.map((s) => s.token));
  }
}
await close();
process.stdout.write(`READY ${JSON.stringify({ recipientToken: recipient.accessToken, senders, audienceTokens })}\n`);

// Seeds a database for the signed-in reads bench (signed-in.ts), then exits: migrates it and makes
// the reader of issue 28's table (one account with one card, one conversation of a few messages,
// one recent, one announcement received, its "Saved" folder) and `senders` people who each started
// a conversation with the reader's counterpart (a send is limited per account, so the send's load
// takes turns among them, and the reader's own conversation list stays one). Prints what the
// load needs as JSON on a READY line; the product itself then serves it.
import pg from 'pg';
import { ZAdminAnnouncementInput } from '../../packages/shared/src/announcement.ts';
import { createAnnouncement } from '../../packages/server/src/announcements/write-announcement.ts';
import { buildPerson, send, startConversation } from '../../packages/server/src/test/conversations-support.ts';
import { seedApp } from './seed-app.ts';

/** Messages in the reader's conversation (the page read is the latest 50 or fewer). */
const MESSAGES = 20;

// `deployment`: the database holds deployment-sized data (deployment.ts), whose reader gets its
// announcements from the generated businesses: a product-wide one would go to all 100,000 accounts.
const [databaseUrl = '', senderCount = '1000', data = 'small'] = process.argv.slice(2);
const { app, close } = await seedApp(databaseUrl);
const reader = await buildPerson(app, 'Reader');
const counterpart = await buildPerson(app, 'Counterpart');
const { personalConversationId: conversationId } = await startConversation(app, counterpart, reader, 'hello');
for (let i = 1; i < MESSAGES; i++) {
  const from = i % 2 ? reader : counterpart;
  const sent = await send(app, from, conversationId, `message ${i}`);
  if (sent.statusCode !== 201) throw new Error(`seed send: ${sent.statusCode} ${sent.body}`);
}
const merged = await app.inject({
  method: 'POST',
  url: '/api/personalAccount/mergeRecentlyViewedVbc',
  headers: reader.headers,
  payload: { recents: [{ id: counterpart.card.id, time: Date.now() }] },
});
if (merged.statusCode !== 200) throw new Error(`seed recents: ${merged.statusCode} ${merged.body}`);
if (data !== 'deployment')
  await createAnnouncement(
    app.db,
    { kind: 'operator' },
    null,
    ZAdminAnnouncementInput.parse({ title: 'Product news', content: 'What changed this week.', corporateAccountId: null }),
  );
// The "Saved" folder every account gets on its first directories read.
await app.inject({ url: '/api/directories', headers: reader.headers });
const senders: { headers: Record<string, string>; conversationId: string }[] = [];
for (let i = 0; i < Number(senderCount); i++) {
  const sender = await buildPerson(app, `Sender ${i}`);
  const { personalConversationId } = await startConversation(app, sender, counterpart, 'hello');
  senders.push({ headers: sender.headers, conversationId: personalConversationId });
}
await close();
// Statistics as a running database has them (autovacuum would gather them within a minute or so).
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
await client.query('analyze');
await client.end();
process.stdout.write(
  `READY ${JSON.stringify({
    reader: reader.headers,
    readerAccountId: reader.account.id,
    counterpartAccountId: counterpart.account.id,
    conversationId,
    // The counterpart's own last name (random): one match, however many runs seeded the database before.
    searchTerm: counterpart.card.lastName.toLowerCase(),
    senders,
  })}\n`,
);

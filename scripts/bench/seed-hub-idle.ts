// Seeds a database for the idle-connections bench (hub-idle.ts), then exits: migrates it, makes
// `accounts` accounts in bulk, each signed in, and writes their access tokens (a JSON array) to
// `tokensFile`. Prints `READY <count>`. The product itself then serves them.
import { writeFileSync } from 'node:fs';
import { insertAccounts, signIn } from './seed-accounts.ts';
import { seedApp } from './seed-app.ts';

const [databaseUrl = '', accountCount = '1000', tokensFile = ''] = process.argv.slice(2);
const { app, close } = await seedApp(databaseUrl);
const tokens = await signIn(app, await insertAccounts(app, 'Idle', Number(accountCount)));
await close();
writeFileSync(tokensFile, JSON.stringify(tokens));
process.stdout.write(`READY ${tokens.length}\n`);

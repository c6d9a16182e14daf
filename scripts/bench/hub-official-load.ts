// The load process of the hub200 bench's official-client variant (hub-fan-out.ts): `count`
// connections of one account opened with the official SignalR client (`@microsoft/signalr`,
// negotiate then WebSockets, as the web app connects), in a process of its own. Prints `READY
// <count>` once all are connected; then, for each message, `ALL <clientMessageId> <ns>` when every
// connection has its MessageReceived and `SETTLED <clientMessageId> <ns>` when every one also has
// the ConversationUpdated that follows it. <ns> is `process.hrtime` (the machine's monotonic clock,
// the same in every process), so the bench can subtract its own send time.
//   args: hubUrl token count
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { TConversationMessage, TConversationSummary } from '../../packages/shared/src/conversation.ts';

const [hubUrl = '', token = '', countArg = '200'] = process.argv.slice(2);
const count = Number(countArg);

/** How many connections saw each clientMessageId so far; the line is printed when all have. */
function counter(word: 'ALL' | 'SETTLED') {
  const seen = new Map<string, number>();
  return (id: string | null | undefined) => {
    if (!id) return;
    const n = (seen.get(id) ?? 0) + 1;
    if (n < count) return void seen.set(id, n);
    seen.delete(id);
    process.stdout.write(`${word} ${id} ${process.hrtime.bigint()}\n`);
  };
}
const received = counter('ALL');
const settled = counter('SETTLED');

const connections: HubConnection[] = [];
// 25 at a time: each connection's sign-in check is a database read.
for (let start = 0; start < count; start += 25) {
  await Promise.all(
    Array.from({ length: Math.min(25, count - start) }, async () => {
      const connection = new HubConnectionBuilder()
        .withUrl(hubUrl, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
        .configureLogging(LogLevel.None)
        .build();
      connection.on('MessageReceived', (message: TConversationMessage) => received(message.clientMessageId));
      connection.on('ConversationUpdated', (summary: TConversationSummary) => settled(summary.lastMessage?.clientMessageId));
      connections.push(connection);
      await connection.start();
    }),
  );
}
process.stdout.write(`READY ${connections.length}\n`);

const stop = () => void Promise.all(connections.map((c) => c.stop())).finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// The baseline of the hub fan-out bench: a raw `ws` server (no SignalR, no app) on a plain Node
// HTTP server. `POST /send` with a clientMessageId sends the frame given on the command line
// (base64, its clientMessageIds replaced by the posted one) to every connected client, then
// answers 201: the least any server can do to fan one event out. Prints `READY <port> <pid>` (its
// pid: the bench reads its CPU time).
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const [frameBase64 = '', placeholder = ''] = process.argv.slice(2);
const frame = Buffer.from(frameBase64, 'base64').toString('utf8');
const clients = new Set<WebSocket>();
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const { clientMessageId } = JSON.parse(body) as { clientMessageId: string };
    const data = Buffer.from(frame.replaceAll(placeholder, clientMessageId), 'utf8');
    for (const ws of clients) ws.send(data, { binary: false });
    res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
  });
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (ws) => {
  clients.add(ws);
  ws.on('close', () => clients.delete(ws));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0} ${process.pid}\n`);
});
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

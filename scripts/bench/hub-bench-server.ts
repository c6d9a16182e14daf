/** Server side of hub-capacity.ts: the hub on Fastify, or a bare ws server; driven over IPC. */
import Fastify from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { createMemoryBackplane } from '../../packages/server/src/platform/backplane/index.ts';
import { createHub } from '../../packages/server/src/hub/index.ts';

const kind = process.argv[2];
const payload = {
  id: '6f9619ff-8b86-d011-b42d-00c04fc964ff',
  personalConversationId: 'c1',
  text: 'x'.repeat(120),
  sentAt: new Date().toISOString(),
};
const send = (m: object): void => void process.send?.(m);
const gc = (globalThis as { gc?: () => void }).gc;

let port = 0;
let fanout: (count: number) => Promise<void>;

if (kind === 'hub') {
  const app = Fastify({ logger: false });
  const hub = createHub({
    path: '/personalHub',
    backplane: createMemoryBackplane(),
    authenticate: async (token) => (token ? { userId: token } : null),
  });
  hub.attach(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  fanout = async (count) => {
    for (let i = 0; i < count; i++) await hub.sendToUser('user:fan', 'MessageReceived', payload);
  };
} else {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const address = wss.address();
  port = typeof address === 'object' && address ? address.port : 0;
  const clients = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
  });
  fanout = async (count) => {
    for (let i = 0; i < count; i++) {
      const text = JSON.stringify({ type: 1, target: 'MessageReceived', arguments: [payload] }) + '\x1e';
      for (const ws of clients) ws.send(text);
    }
  };
}

process.on('message', (message: { cmd: string; count?: number }) => {
  if (message.cmd === 'ready') send({ port });
  if (message.cmd === 'rss') {
    gc?.();
    send({ rss: process.memoryUsage().rss });
  }
  if (message.cmd === 'fanout') void fanout(message.count ?? 0).then(() => send({ done: 1 }));
});

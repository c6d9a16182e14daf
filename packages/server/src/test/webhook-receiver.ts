/** A real webhook receiver on 127.0.0.1 (node:http) that verifies signatures with the official `standardwebhooks` package. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface TReceivedWebhook {
  path: string;
  /** `webhook-id`. */
  id: string;
  /** The body as sent. */
  body: string;
  /** The parsed body, `{type, timestamp, data}`. */
  event: { type: string; timestamp: string; data: unknown };
  /** `Webhook.verify` accepted the signature with the secret set for this path (false: no secret, or refused). */
  verified: boolean;
  /** The status this receiver answered. */
  answered: number;
  headers: IncomingMessage['headers'];
}

export interface TWebhookReceiver {
  url(path: string): string;
  /** Every request received, in order (failed answers included), recorded when answered. */
  received: TReceivedWebhook[];
  /** Every request as it arrived, before any delay (one whose sender died while waiting too). */
  arrived: { path: string; id: string }[];
  /** The secret `Webhook.verify` uses for requests to `path`. */
  setSecret(path: string, secret: string): void;
  /** The statuses to answer, one per request to `path`, then 200. */
  answer(path: string, statuses: number[]): void;
  /** Milliseconds to wait before answering (every path). */
  delayMs: number;
  /** Waits until `check` holds for what was received (at most `ms`). */
  until(check: (received: TReceivedWebhook[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<TWebhookReceiver> {
  const secrets = new Map<string, Webhook>();
  const queued = new Map<string, number[]>();
  const received: TReceivedWebhook[] = [];
  const arrived: { path: string; id: string }[] = [];
  const state = { delayMs: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      arrived.push({ path, id: String(request.headers['webhook-id']) });
      let verified = false;
      try {
        secrets.get(path)?.verify(body, request.headers as Record<string, string>);
        verified = secrets.has(path);
      } catch {
        verified = false;
      }
      const status = queued.get(path)?.shift() ?? 200;
      let event: TReceivedWebhook['event'];
      try {
        event = JSON.parse(body) as TReceivedWebhook['event'];
      } catch {
        event = { type: '', timestamp: '', data: body };
      }
      const reply = () => {
        received.push({
          path,
          id: String(request.headers['webhook-id']),
          body,
          event,
          verified,
          answered: status,
          headers: request.headers,
        });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `refused with ${status}`);
      };
      if (state.delayMs > 0) setTimeout(reply, state.delayMs);
      else reply();
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    arrived,
    setSecret: (path, secret) => void secrets.set(path, new Webhook(secret)),
    answer: (path, statuses) => void queued.set(path, [...statuses]),
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    async until(check, ms = 15_000) {
      const deadline = Date.now() + ms;
      while (!check(received)) {
        if (Date.now() > deadline) throw new Error(`webhook receiver: not received in time (${received.length} so far)`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

export type TTransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** The server→client half of a transport, as the hub core sees it. */
export interface TTransport {
  readonly kind: TTransportKind;
  /**
   * Queues `data` (one or more whole records). `frame` is the same text as a whole WebSocket
   * text frame (`textFrame`), built once for a fan-out. Returns false, without queuing, when the
   * backlog is over the limit.
   */
  write(data: string, frame?: Buffer): boolean;
  /** Ends the transport once what is queued has gone out. */
  end(): void;
  /** Drops the transport at once. */
  abort(): void;
  /** Resolves once the transport is fully closed. */
  whenClosed(): Promise<void>;
}

const TEXT_FRAME = { binary: false } as const;

/**
 * `text` as one final, unmasked WebSocket text frame (RFC 6455 §5.2), header and payload in one
 * buffer. A server's frame is the same bytes for every socket, so a fan-out frames its records
 * once and writes that buffer to each socket, instead of `ws.send` making a header, options
 * objects and a two-buffer write for every socket (figures: docs/benchmarks.md).
 */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text, 'utf8');
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, headerLength, 'utf8');
  return frame;
}

/** WebSockets: every write is one text frame (the JSON protocol must never use binary frames). */
export class WebSocketTransport implements TTransport {
  readonly kind = 'WebSockets';

  /**
   * `socket` is the one `ws` took over at the upgrade: a frame built by `textFrame` is written to
   * it directly. That keeps the order of everything `ws` sends (pings, close) because its sender
   * writes synchronously too: it queues only while compressing or reading a Blob, and the hub
   * has compression off and sends no Blobs. `ws.bufferedAmount` counts the socket's backlog, so
   * the limit sees these writes.
   */
  constructor(
    private readonly ws: WebSocket,
    private readonly socket: Duplex,
    private readonly maxBufferedBytes: number,
  ) {}

  write(data: string, frame?: Buffer): boolean {
    if (this.ws.readyState !== 1) return true;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) return false;
    if (frame) this.socket.write(frame);
    else this.ws.send(data, TEXT_FRAME);
    return true;
  }

  end(): void {
    if (this.ws.readyState <= 1) this.ws.close(1000);
  }

  abort(): void {
    this.ws.terminate();
  }

  whenClosed(): Promise<void> {
    if (this.ws.readyState === 3) return Promise.resolve();
    return new Promise((resolve) => this.ws.once('close', () => resolve()));
  }
}

/** Frames a payload as one SSE event; lines after an LF become their own `data:` lines. */
function sseEvent(data: string): string {
  if (!data.includes('\n')) return `data: ${data}\r\n\r\n`;
  return `${data
    .split('\n')
    .map((line) => `data: ${line.endsWith('\r') ? line.slice(0, -1) : line}`)
    .join('\r\n')}\r\n\r\n`;
}

/** Server-Sent Events: a held-open `text/event-stream` response, one event per write. */
export class SseTransport implements TTransport {
  readonly kind = 'ServerSentEvents';

  constructor(
    private readonly res: ServerResponse,
    private readonly maxBufferedBytes: number,
  ) {}

  write(data: string): boolean {
    if (this.res.writableEnded || this.res.destroyed) return true;
    if (this.res.writableLength > this.maxBufferedBytes) return false;
    this.res.write(sseEvent(data));
    return true;
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }

  abort(): void {
    this.res.destroy();
  }

  whenClosed(): Promise<void> {
    if (this.res.closed) return Promise.resolve();
    return new Promise((resolve) => this.res.once('close', () => resolve()));
  }
}

const POLL_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-cache, no-store',
  pragma: 'no-cache',
  expires: '0',
} as const;

/**
 * Long polling: records wait in a bounded queue until a poll (GET) takes them. A poll with nothing
 * to take is held until data arrives or the poll timeout (then 200 empty). After `end()` the queue
 * is drained and the next poll gets 204, which tells the client the connection is over.
 */
export class LongPollingTransport implements TTransport {
  readonly kind = 'LongPolling';
  private queue: string[] = [];
  private queuedBytes = 0;
  private pending: ServerResponse | null = null;
  private flushScheduled = false;
  private ended = false;
  /** When the held poll arrived (0: none held). */
  pollStartedAt = 0;
  /** When the last poll was answered or aborted; the client is dead if no poll follows. */
  lastPollEndedAt = Date.now();

  constructor(
    private readonly maxBufferedBytes: number,
    /** Called once the client has been told (204) that the connection is over. */
    private readonly onFinished: () => void,
  ) {}

  get hasPendingPoll(): boolean {
    return this.pending !== null;
  }

  write(data: string): boolean {
    if (this.ended) return true;
    if (this.queuedBytes + data.length > this.maxBufferedBytes) return false;
    this.queue.push(data);
    this.queuedBytes += data.length;
    // Batch everything written in this turn of the event loop into one response.
    if (this.pending && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return true;
  }

  /** Handles a poll GET (after the first one, which the HTTP layer answers at once). */
  poll(res: ServerResponse): void {
    if (this.pending) this.respond(this.pending, 204);
    if (this.queue.length > 0) {
      this.respond(res, 200, this.take());
      return;
    }
    if (this.ended) {
      this.respond(res, 204);
      this.onFinished();
      return;
    }
    this.pending = res;
    this.pollStartedAt = Date.now();
    res.once('close', () => {
      if (this.pending !== res) return;
      this.pending = null;
      this.pollStartedAt = 0;
      this.lastPollEndedAt = Date.now();
    });
  }

  /** Answers a held poll that reached the poll timeout. */
  expirePoll(): void {
    if (this.pending) this.respond(this.pending, 200, '');
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.pending) return;
    if (this.queue.length > 0) {
      this.flush();
    } else {
      this.respond(this.pending, 204);
      this.onFinished();
    }
  }

  abort(): void {
    this.queue = [];
    this.queuedBytes = 0;
    this.ended = true;
    if (this.pending) {
      this.pending.destroy();
      this.pending = null;
    }
    this.onFinished();
  }

  whenClosed(): Promise<void> {
    const res = this.pending;
    if (!res) return Promise.resolve();
    return new Promise((resolve) => res.once('close', () => resolve()));
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pending && this.queue.length > 0) this.respond(this.pending, 200, this.take());
  }

  private take(): string {
    const body = this.queue.length === 1 ? (this.queue[0] ?? '') : this.queue.join('');
    this.queue = [];
    this.queuedBytes = 0;
    return body;
  }

  private respond(res: ServerResponse, status: 200 | 204, body = ''): void {
    if (this.pending === res) {
      this.pending = null;
      this.pollStartedAt = 0;
    }
    this.lastPollEndedAt = Date.now();
    if (res.writableEnded || res.destroyed) {
      // The client gave up on this poll: keep the data for its next one.
      if (body) {
        this.queue.unshift(body);
        this.queuedBytes += body.length;
      }
      return;
    }
    if (status === 204) {
      res.writeHead(204, POLL_HEADERS);
      res.end();
      return;
    }
    res.writeHead(200, { ...POLL_HEADERS, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }
}

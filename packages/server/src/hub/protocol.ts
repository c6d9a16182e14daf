/**
 * The JSON hub protocol of ASP.NET Core SignalR (ref/signalr/HubProtocol.md), independent of any
 * transport or product: record framing, the handshake, and the server's outgoing records.
 */

/** Record separator that ends every JSON record. */
export const RS = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** `{}` + RS: the handshake success reply (it must not carry a `type`). */
export const HANDSHAKE_OK = `{}${RS}`;
export const PING_RECORD = `{"type":6}${RS}`;

/** Highest JSON protocol version accepted (2 = stateful reconnect; ASP.NET accepts any ≤ 2). */
const MAX_JSON_VERSION = 2;

/** A record that parsed as a JSON object with a numeric `type`. */
export interface THubRecord {
  type: number;
  [key: string]: unknown;
}

/** Thrown for input that breaks the protocol; the connection is closed with this message. */
export class ProtocolError extends Error {}

/** UTF-8 size of `text`, computed only when it could exceed `limit`. */
function exceeds(text: string, limit: number): boolean {
  if (text.length * 3 <= limit) return false;
  if (text.length > limit) return true;
  return Buffer.byteLength(text, 'utf8') > limit;
}

/**
 * Splits transport payloads into records. A payload should hold whole records; a trailing
 * partial record is kept for the next payload, up to `maxRecordBytes`.
 */
export class RecordReader {
  private partial = '';

  constructor(private readonly maxRecordBytes: number) {}

  /** Returns the complete records in `chunk` (without RS), throwing ProtocolError when one is too big. */
  push(chunk: string): string[] {
    const text = this.partial ? this.partial + chunk : chunk;
    const parts = text.split(RS);
    this.partial = parts.pop() ?? '';
    if (exceeds(this.partial, this.maxRecordBytes)) {
      throw new ProtocolError(`Message exceeds the maximum size of ${this.maxRecordBytes} bytes.`);
    }
    for (const part of parts) {
      if (exceeds(part, this.maxRecordBytes)) {
        throw new ProtocolError(`Message exceeds the maximum size of ${this.maxRecordBytes} bytes.`);
      }
    }
    return parts;
  }
}

/**
 * Checks a handshake request record. Returns null when it is accepted, or the error text to send
 * back in `{"error":…}` before closing.
 */
export function checkHandshake(record: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return 'Handshake request is not valid JSON.';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'Handshake request must be a JSON object.';
  }
  const { protocol, version } = value as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number' || !Number.isInteger(version)) {
    return 'Handshake request must have a string "protocol" and an integer "version".';
  }
  if (protocol !== 'json') return `The protocol '${protocol}' is not supported.`;
  if (version < 0 || version > MAX_JSON_VERSION) {
    return `The server does not support version ${version} of the 'json' protocol.`;
  }
  return null;
}

/** Parses one record sent by a client after the handshake. */
export function parseRecord(record: string): THubRecord {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    throw new ProtocolError('Message is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('Message must be a JSON object.');
  }
  if (typeof (value as { type?: unknown }).type !== 'number') {
    throw new ProtocolError('Message must have a numeric "type".');
  }
  return value as THubRecord;
}

export function handshakeErrorRecord(error: string): string {
  return JSON.stringify({ error }) + RS;
}

/** Server→client Invocation. Never carries an `invocationId` (that would ask for a client result). */
export function invocationRecord(target: string, args: readonly unknown[]): string {
  return JSON.stringify({ type: MessageType.Invocation, target, arguments: args }) + RS;
}

/** Invocations one after another, in one string (one frame: the JSON protocol separates records by RS). */
export const invocationRecords = (invocations: readonly { target: string; args: readonly unknown[] }[]): string =>
  invocations.map((e) => invocationRecord(e.target, e.args)).join('');

/** Completion of a client invocation: `result` only when defined, never together with `error`. */
export function completionRecord(invocationId: string, outcome: { result?: unknown; error?: string }): string {
  if (outcome.error !== undefined) {
    return JSON.stringify({ type: MessageType.Completion, invocationId, error: outcome.error || 'Error.' }) + RS;
  }
  if (outcome.result === undefined) return JSON.stringify({ type: MessageType.Completion, invocationId }) + RS;
  return JSON.stringify({ type: MessageType.Completion, invocationId, result: outcome.result }) + RS;
}

export function closeRecord(error?: string, allowReconnect?: boolean): string {
  const message: { type: number; error?: string; allowReconnect?: boolean } = { type: MessageType.Close };
  if (error) message.error = error;
  if (allowReconnect) message.allowReconnect = true;
  return JSON.stringify(message) + RS;
}

import type { RecordReader } from './protocol.ts';
import type { TTransport } from './transports.ts';

/** Throw from a hub method to send its message to the caller; other errors are hidden. */
export class HubError extends Error {}

type TState = 'negotiated' | 'handshaking' | 'registering' | 'open' | 'closed';

/** One logical SignalR connection (negotiate → transport → handshake → messages → close). */
export class Connection {
  state: TState = 'negotiated';
  transport: TTransport | null = null;
  readonly createdAt = Date.now();
  attachedAt = 0;
  lastReceivedAt = 0;
  lastSentAt = 0;
  closedAt = 0;
  reader: RecordReader | null = null;
  /** Records received / to send while the user's backplane subscription is being set up. */
  held: { inbound: string[]; outbound: string[] } | null = null;

  constructor(
    readonly connectionId: string,
    /** Secret `id=` of transport requests. Never logged. */
    readonly token: string,
    readonly userId: string,
    /** The sign-in this connection was opened with, when the app names one. */
    readonly sessionKey?: string,
  ) {}
}

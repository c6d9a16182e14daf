import { HubError, type Connection } from './connection.ts';
import type { THubLogger, TResolvedHubOptions } from './options.ts';
import { MessageType, ProtocolError, completionRecord, type THubRecord } from './protocol.ts';

/**
 * What handling a record needs from the hub (HubCore is one): its methods, its log, and writing
 * to or closing a connection. Declared here so that invocation.ts does not depend on core.ts.
 */
export interface THubDispatcher {
  readonly opts: Pick<TResolvedHubOptions, 'methods'>;
  readonly log: THubLogger;
  write(conn: Connection, data: string): void;
  close(conn: Connection, how: { notify: boolean; error?: string; allowReconnect?: boolean }): void;
}

/**
 * Acts on one record of an open connection: invocations run the app's hub method and answer with
 * a Completion; streaming is refused; Close ends the connection; the rest only count as traffic.
 */
export function handleRecord(hub: THubDispatcher, conn: Connection, msg: THubRecord): void {
  switch (msg.type) {
    case MessageType.Invocation:
      invoke(hub, conn, msg);
      return;
    case MessageType.StreamInvocation:
      if (typeof msg.invocationId === 'string' && msg.invocationId) {
        hub.write(conn, completionRecord(msg.invocationId, { error: 'Streaming hub methods are not supported.' }));
      }
      return;
    case MessageType.Close:
      hub.close(conn, { notify: false });
      return;
    default:
      // Ping (only refreshes lastReceivedAt), CancelInvocation, StreamItem, Completion, Ack, Sequence.
      return;
  }
}

function invoke(hub: THubDispatcher, conn: Connection, msg: THubRecord): void {
  const { target, arguments: args, invocationId: id, streamIds } = msg;
  if (typeof target !== 'string' || !target) throw new ProtocolError('Invocation must have a non-empty "target".');
  if (!Array.isArray(args)) throw new ProtocolError('Invocation must have an "arguments" array.');
  if (id !== undefined && (typeof id !== 'string' || !id)) {
    throw new ProtocolError('Invocation "invocationId" must be a non-empty string.');
  }
  const reply = (outcome: { result?: unknown; error?: string }): void => {
    if (id === undefined || conn.state !== 'open') return;
    let record: string;
    try {
      record = completionRecord(id, outcome);
    } catch {
      record = completionRecord(id, { error: `An unexpected error occurred invoking '${target}' on the server.` });
    }
    hub.write(conn, record);
  };
  if (Array.isArray(streamIds) && streamIds.length > 0) {
    reply({ error: 'Client-to-server streaming is not supported.' });
    return;
  }
  const method = hub.opts.methods.get(target.toLowerCase());
  if (!method) {
    hub.log.warn({ connectionId: conn.connectionId, target }, 'hub: unknown method');
    reply({ error: `Unknown hub method '${target}'.` });
    return;
  }
  const ctx = { userId: conn.userId, connectionId: conn.connectionId };
  let pending: Promise<unknown>;
  try {
    pending = Promise.resolve(method(ctx, ...(args as unknown[])));
  } catch (error) {
    pending = Promise.reject(error);
  }
  pending.then(
    (result) => reply({ result }),
    (error: unknown) => {
      if (error instanceof HubError) {
        reply({ error: error.message });
        return;
      }
      hub.log.error({ err: error, target, connectionId: conn.connectionId }, 'hub: method failed');
      reply({ error: `An unexpected error occurred invoking '${target}' on the server.` });
    },
  );
}

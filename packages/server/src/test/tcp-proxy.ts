/**
 * A TCP proxy a test owns in front of a real service (PostgreSQL, Redis), to take it away and
 * bring it back without touching the shared server: `cut` is an outage that refuses and resets
 * (the server went down), `silence` one that answers nothing at all (a network cut).
 */
import net from 'node:net';

export interface TTcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Refuses new connections and drops every open one (the service "goes down"). */
  cut(): Promise<void>;
  /**
   * Stops carrying bytes either way without closing anything, as a network that drops packets
   * does: open connections stay open and hear nothing; new ones are accepted and hear nothing.
   */
  silence(): void;
  /** Accepts connections again, on the same port, and carries what a silence held back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Forwards 127.0.0.1:<port> to `target` (host:port) until cut or silenced. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TTcpProxy> {
  const sockets = new Set<net.Socket>();
  /** Each open client with its upstream (null while a silence holds the client back). */
  const pairs = new Map<net.Socket, net.Socket | null>();
  let port = 0;
  let server: net.Server | null = null;
  let silent = false;

  const track = (socket: net.Socket, partner: () => net.Socket | null | undefined): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {
      socket.destroy();
      partner()?.destroy();
    });
  };
  const carry = (client: net.Socket): void => {
    const upstream = net.connect(target);
    pairs.set(client, upstream);
    track(upstream, () => client);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const listen = async (): Promise<void> => {
    const s = net.createServer((client) => {
      track(client, () => pairs.get(client));
      client.on('close', () => pairs.delete(client));
      if (silent) {
        client.pause();
        pairs.set(client, null);
      } else {
        carry(client);
      }
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    port = (s.address() as net.AddressInfo).port;
    server = s;
  };
  const stop = async (): Promise<void> => {
    const s = server;
    server = null;
    silent = false;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    pairs.clear();
    if (s) await new Promise((resolve) => s.close(resolve));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    silence() {
      silent = true;
      for (const [client, upstream] of pairs) {
        if (!upstream) continue;
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      if (silent) {
        silent = false;
        for (const [client, upstream] of pairs) {
          if (!upstream) {
            carry(client);
            continue;
          }
          client.pipe(upstream);
          upstream.pipe(client);
        }
      }
      if (!server) await listen();
    },
    close: stop,
  };
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TTcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

/** host and port of a service URL (postgres://…, redis://…). */
export function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
}

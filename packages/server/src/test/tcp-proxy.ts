/** A TCP proxy a test owns in front of a real service (PostgreSQL, Redis), to cut it and restore it: an outage without touching the shared server. */
import net from 'node:net';

export interface TTcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Refuses new connections and drops every open one (the service "goes down"). */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Forwards 127.0.0.1:<port> to `target` (host:port) until cut. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TTcpProxy> {
  const sockets = new Set<net.Socket>();
  let port = 0;
  let server: net.Server | null = null;

  const listen = async (): Promise<void> => {
    const s = net.createServer((client) => {
      const upstream = net.connect(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
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
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise((resolve) => s.close(resolve));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    async restore() {
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

/**
 * A TCP proxy a test owns in front of a real service (PostgreSQL, Redis), to take it away and
 * bring it back without touching the shared server: `cut` is an outage that refuses and resets
 * (the server went down), `silence` one that answers nothing at all (a network cut).
 */
import net from 'node:net';

export interface TTcpProxy {
  /** The proxy's port (on 127.0.0.1 unless another address was given). */
  port: number;
  /** Refuses new connections and drops every open one (the service "goes down"). */
  cut(): Promise<void>;
  /**
   * Stops carrying bytes either way without closing anything, as a network that drops packets
   * does: open connections stay open and hear nothing; new ones are accepted and hear nothing.
   */
  silence(): void;
  /**
   * Silences (as `silence`) the moment a client sends bytes matching `pattern`, those bytes held
   * back too: an outage that strikes between a command's request and its answer. Resolves then.
   */
  silenceOn(pattern: RegExp): Promise<void>;
  /** Accepts connections again, on the same port, and carries what a silence held back. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** One client's connection through the proxy, and what a silence holds back each way. */
interface TPair {
  client: net.Socket;
  upstream: net.Socket | null;
  toUpstream: Buffer[];
  toClient: Buffer[];
}

/** Forwards <listenHost>:<port> to `target` (host:port) until cut or silenced. */
export async function startTcpProxy(target: { host: string; port: number }, listenHost = '127.0.0.1'): Promise<TTcpProxy> {
  const pairs = new Set<TPair>();
  let port = 0;
  let server: net.Server | null = null;
  let silent = false;
  let trap: { pattern: RegExp; sprung: () => void } | null = null;

  const connectUpstream = (pair: TPair): void => {
    const upstream = net.connect(target);
    pair.upstream = upstream;
    upstream.on('data', (chunk: Buffer) => (silent ? pair.toClient.push(chunk) : pair.client.write(chunk)));
    upstream.on('error', () => upstream.destroy());
    // A side that closes takes the other with it; what a silence held back for it is dropped.
    upstream.on('close', () => pair.client.destroy());
    for (const chunk of pair.toUpstream.splice(0)) upstream.write(chunk);
  };
  const listen = async (): Promise<void> => {
    const s = net.createServer((client) => {
      const pair: TPair = { client, upstream: null, toUpstream: [], toClient: [] };
      pairs.add(pair);
      client.on('data', (chunk: Buffer) => {
        if (trap?.pattern.test(chunk.toString('latin1'))) {
          silent = true;
          trap.sprung();
          trap = null;
        }
        if (silent || !pair.upstream) pair.toUpstream.push(chunk);
        else pair.upstream.write(chunk);
      });
      client.on('error', () => client.destroy());
      client.on('close', () => {
        pairs.delete(pair);
        pair.upstream?.destroy();
      });
      // Accepted during a silence: connected to the service only when it ends, as a SYN retried.
      if (!silent) connectUpstream(pair);
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, listenHost, () => resolve());
    });
    port = (s.address() as net.AddressInfo).port;
    server = s;
  };
  const stop = async (): Promise<void> => {
    const s = server;
    server = null;
    silent = false;
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
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
    },
    silenceOn(pattern) {
      return new Promise<void>((sprung) => (trap = { pattern, sprung }));
    },
    async restore() {
      if (silent) {
        silent = false;
        // What was held back arrives now, as TCP's retransmissions do once the network heals.
        for (const pair of pairs) {
          if (!pair.upstream) connectUpstream(pair);
          else for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
          for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
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

import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

/** A real HTTP server on 127.0.0.1 standing in for the API in component tests. */
export interface LocalApi {
  /** Stops the server and gives `fetch` back. */
  close(): Promise<void>;
}

/**
 * Starts `handler` on a free port of 127.0.0.1 and sends the app's relative calls there: in jsdom a
 * `fetch('/api/…')` has no page origin, so it goes to this server (absolute URLs are left alone).
 */
export async function startLocalApi(handler: RequestListener): Promise<LocalApi> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? `${base}${input}` : input, init),
  );
  return {
    close: () => {
      vi.unstubAllGlobals();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

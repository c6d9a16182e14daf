// What a SignalR client does to stay connected, for the hub benches' raw WebSocket clients: a
// Ping record from each socket every `everyMs` (the hub drops a client silent for its client
// timeout, 30 s), spread over time as separate devices would send them, not all at once.
import { WebSocket } from 'ws';

const PING = '{"type":6}\x1e';

/**
 * Pings every socket of `sockets` (which may still grow) once each `everyMs`, a few at a time
 * every 100 ms. Each tick pings as many as the time since the last one calls for, so on a busy
 * machine, where ticks come late, every socket is still pinged on time. Returns the stop.
 */
export function keepPinging(sockets: readonly WebSocket[], everyMs = 10_000): () => void {
  let next = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const due = Math.min(sockets.length, Math.ceil(((now - last) / everyMs) * sockets.length));
    last = now;
    for (let k = 0; k < due; k++) {
      const ws = sockets[next++ % sockets.length];
      if (ws?.readyState === WebSocket.OPEN) ws.send(PING);
    }
  }, 100);
  return () => clearInterval(timer);
}

/**
 * Per-stream ordering of backplane events on the receiving side. Instances publish their own
 * commits, so two events of one stream (a conversation) can cross on the way; each carries its
 * stream's sequence (gap-free, from the database) and is held until the ones before it have been
 * delivered. A gap that does not close within `waitMs` (the earlier event was lost: an instance
 * died between commit and publish, or Redis dropped it) is filled by `fillGap` from the database;
 * an event older than what was delivered (a replayed send) is dropped as already delivered.
 */
export interface TOrderingOptions {
  /** How long an event waits for the ones before it. */
  waitMs: number;
  /** Hands records (already encoded) to every connection of the user. */
  deliver: (records: string) => void;
  /** The records of sequences `from`..`to` of `stream` for this user, from the source of truth; '' when none. */
  fillGap?: (stream: string, from: number, to: number) => Promise<string>;
  onError?: (error: unknown) => void;
}

interface TStream {
  /** The next sequence to deliver; null until the first event shows where the stream stands. */
  next: number | null;
  held: Map<number, string>;
  timer: NodeJS.Timeout | null;
  filling: boolean;
}

/** Most events held for one stream before the wait is cut short. */
const MAX_HELD = 200;

export class OrderedStreams {
  private readonly streams = new Map<string, TStream>();
  private closed = false;

  constructor(private readonly options: TOrderingOptions) {}

  push(stream: string, seq: number, records: string): void {
    if (this.closed) return;
    let s = this.streams.get(stream);
    if (!s) {
      s = { next: seq === 1 ? 1 : null, held: new Map(), timer: null, filling: false };
      this.streams.set(stream, s);
    }
    if (s.next !== null && seq < s.next) return; // delivered already (a replayed send)
    s.held.set(seq, records);
    this.flush(stream, s);
  }

  /** Stops timers; nothing more is delivered. */
  close(): void {
    this.closed = true;
    for (const s of this.streams.values()) if (s.timer) clearTimeout(s.timer);
    this.streams.clear();
  }

  private flush(stream: string, s: TStream): void {
    if (s.filling) return;
    if (s.next !== null) {
      for (const seq of s.held.keys()) if (seq < s.next) s.held.delete(seq); // arrived late, after a fill
      let records = '';
      while (s.held.has(s.next)) {
        records += s.held.get(s.next)!;
        s.held.delete(s.next);
        s.next++;
      }
      if (records) this.options.deliver(records);
    }
    if (s.held.size === 0) {
      if (s.timer) clearTimeout(s.timer);
      s.timer = null;
      return;
    }
    if (s.held.size > MAX_HELD) return this.giveUpWaiting(stream, s);
    s.timer ??= setTimeout(() => this.giveUpWaiting(stream, s), this.options.waitMs);
  }

  /** The wait is over: start after an unknown position, or fill the gap from the database. */
  private giveUpWaiting(stream: string, s: TStream): void {
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
    if (this.closed || s.held.size === 0 || s.filling) return;
    const first = Math.min(...s.held.keys());
    const from = s.next;
    if (from === null || !this.options.fillGap) {
      s.next = first;
      return this.flush(stream, s);
    }
    s.filling = true;
    this.options.fillGap(stream, from, first - 1).then(
      (records) => {
        if (records && !this.closed) this.options.deliver(records);
      },
      (error: unknown) => this.options.onError?.(error),
    ).finally(() => {
      s.filling = false;
      s.next = Math.max(s.next ?? first, first);
      if (!this.closed) this.flush(stream, s);
    });
  }
}

const SEP = '\u001f';

/** Backplane payload of an ordered event: `o<stream>US<seq>US<records>`. */
export const encodeOrdered = (stream: string, seq: number, records: string): string => `o${stream}${SEP}${seq}${SEP}${records}`;

/** The parts of an `o…` payload, or null when malformed. */
export function decodeOrdered(payload: string): { stream: string; seq: number; records: string } | null {
  const a = payload.indexOf(SEP, 1);
  const b = a < 0 ? -1 : payload.indexOf(SEP, a + 1);
  if (b < 0) return null;
  const seq = Number(payload.slice(a + 1, b));
  return Number.isSafeInteger(seq) && seq > 0 ? { stream: payload.slice(1, a), seq, records: payload.slice(b + 1) } : null;
}

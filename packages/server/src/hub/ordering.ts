/**
 * Per-stream ordering of backplane events on the receiving side. Instances publish their own
 * commits, so two events of one stream (a conversation) can cross on the way; each carries its
 * stream's sequence (gap-free, from the database) and is held until the ones before it have been
 * delivered. A gap that does not close within `waitMs` (the earlier event was lost: an instance
 * died between commit and publish, or Redis dropped it) is filled by `fillGap` from the database;
 * an event older than what was delivered (a replayed send) is dropped as already delivered.
 *
 * A stream first seen mid-way (seq > 1) goes out at once when its event says the one before it was
 * sent before these streams were followed (with `waitMs` to spare for clocks): that one is not
 * on its way to us. Otherwise (sent since, or not said) the event waits as for a gap, lowest first.
 */
export interface TOrderingOptions {
  /** How long an event waits for the ones before it. */
  waitMs: number;
  /** Hands records (already encoded) to every connection of the user. */
  deliver: (records: string) => void;
  /** The records of sequences `from`..`to` of `stream` for this user, from the source of truth; '' when none. */
  fillGap?: (stream: string, from: number, to: number) => Promise<string>;
  onError?: (error: unknown) => void;
  /** The clock (ms since the epoch), for tests. */
  now?: () => number;
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
  /** When these streams started being followed: what was sent well before is not ours to wait for. */
  private readonly since: number;

  constructor(private readonly options: TOrderingOptions) {
    this.since = (options.now ?? Date.now)();
  }

  /** `previousAt`: when event `seq - 1` of the stream was sent (ms since the epoch), if known. */
  push(stream: string, seq: number, records: string, previousAt?: number): void {
    if (this.closed) return;
    let s = this.streams.get(stream);
    if (!s) {
      const startsHere = seq === 1 || (previousAt !== undefined && previousAt < this.since - this.options.waitMs);
      s = { next: startsHere ? seq : null, held: new Map(), timer: null, filling: false };
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
    this.options
      .fillGap(stream, from, first - 1)
      .then(
        (records) => {
          if (records && !this.closed) this.options.deliver(records);
        },
        (error: unknown) => this.options.onError?.(error),
      )
      .finally(() => {
        s.filling = false;
        s.next = Math.max(s.next ?? first, first);
        if (!this.closed) this.flush(stream, s);
      });
  }
}

const SEP = '\u001f';

/** An event's place in its stream, and when the one before it was sent (ms since the epoch; null: none before it). */
export interface TStreamPosition {
  stream: string;
  seq: number;
  previousAt?: number | null;
}

/** Backplane payload of an ordered event: `o<stream>US<seq>US<previousAt, empty when unknown>US<records>`. */
export const encodeOrdered = ({ stream, seq, previousAt }: TStreamPosition, records: string): string =>
  `o${stream}${SEP}${seq}${SEP}${previousAt ?? ''}${SEP}${records}`;

/** The parts of an `o…` payload, or null when malformed. */
export function decodeOrdered(payload: string): { stream: string; seq: number; previousAt?: number; records: string } | null {
  const a = payload.indexOf(SEP, 1);
  const b = a < 0 ? -1 : payload.indexOf(SEP, a + 1);
  const c = b < 0 ? -1 : payload.indexOf(SEP, b + 1);
  if (c < 0) return null;
  const seq = Number(payload.slice(a + 1, b));
  const at = payload.slice(b + 1, c);
  const previousAt = at === '' ? undefined : Number(at);
  if (!Number.isSafeInteger(seq) || seq <= 0 || (previousAt !== undefined && !Number.isSafeInteger(previousAt))) return null;
  return { stream: payload.slice(1, a), seq, previousAt, records: payload.slice(c + 1) };
}

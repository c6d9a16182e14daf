import { performance } from 'node:perf_hooks';

/** The event loop's utilization is sampled this often while bulk work waits for room. */
export const PACE_WINDOW_MS = 20;

/**
 * Paces bulk work (an announcement's hub events and pushes) to the event loop's spare time:
 * `room()` resolves on a later turn if, on that turn, the event loop was busy at most
 * `maxUtilization` (default 0.3) of the time since the start of the previous `PACE_WINDOW_MS`
 * window (20 to 40 ms back; performance.eventLoopUtilization), else at the first window boundary
 * where it was — or, if none is, one waiting slice per window (a floor: under steady request load
 * bulk work slows down, it does not stop).
 * Bulk work that awaits `room()` before each slice leaves the rest of the time to requests, so
 * their database answers do not wait behind a queue of slices. `maxUtilization` 1 turns pacing
 * off (every `room()` is the next turn).
 */
export class LoopPacer {
  private waiters: (() => void)[] = [];
  /** When the longest-waiting slice was held (for the floor of one slice per window). */
  private heldSince = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The start of the current window and of the one before. */
  private mark = performance.eventLoopUtilization();
  private previousMark = this.mark;
  /** `room()` was called since the last window boundary (sampling stops after a window without). */
  private asked = false;
  /** Window boundaries at which bulk work was still held. */
  heldWindows = 0;

  constructor(readonly maxUtilization = 0.3) {}

  /** Resolves when bulk work may run its next slice. */
  room(): Promise<void> {
    if (this.maxUtilization >= 1) return new Promise((resolve) => setImmediate(resolve));
    this.asked = true;
    this.sample();
    return new Promise((resolve) =>
      // Decided on the turn the slice would run: what ran since this call counts.
      setImmediate(() => {
        if (this.hasRoom() || !this.timer) return resolve();
        if (this.waiters.length === 0) this.heldSince = performance.now();
        this.waiters.push(resolve);
      }),
    );
  }

  /** Stops sampling; waiting work is released. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.release();
  }

  private hasRoom(): boolean {
    const { idle, active, utilization } = performance.eventLoopUtilization(performance.eventLoopUtilization(), this.previousMark);
    // Just after the pacer was made, the time measured is mostly the turn running now: no evidence yet.
    return idle + active < PACE_WINDOW_MS / 2 || utilization <= this.maxUtilization;
  }

  private sample(): void {
    if (this.timer) return;
    // The marks stay from the last sampling: after a pause, the window reaches back to it.
    this.previousMark = this.mark;
    this.mark = performance.eventLoopUtilization();
    this.timer = setInterval(() => {
      this.previousMark = this.mark;
      this.mark = performance.eventLoopUtilization();
      if (this.waiters.length > 0) {
        if (this.hasRoom()) this.release();
        else {
          this.heldWindows++;
          // One slice a window whatever the load: bulk work slows down under steady request load, never stops.
          if (performance.now() - this.heldSince >= PACE_WINDOW_MS) {
            this.heldSince = performance.now();
            this.asked = true;
            this.waiters.shift()!();
          }
        }
      }
      if (!this.asked && this.waiters.length === 0) this.close();
      this.asked = false;
    }, PACE_WINDOW_MS);
    this.timer.unref();
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

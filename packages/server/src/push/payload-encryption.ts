import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Web push payload encryption (RFC 8291 aes128gcm: a fresh ECDH key pair per message, the shared
 * secret with the subscription's key, HKDF, AES-128-GCM) on worker threads, with `web-push`'s own
 * `encrypt`. It is the main per-notification cost of a fan-out; on the event loop it ran between
 * every request's database round trips. The workers are started on first use and do not keep the
 * process alive.
 */
export interface TPayloadEncryptor {
  /** The aes128gcm body for one subscription; rejects with web-push's message for bad keys. */
  encrypt(p256dh: string, auth: string, payload: string): Promise<Buffer>;
  close(): Promise<void>;
}

// An eval'd worker (CommonJS) loads web-push's encryption by absolute path: the same code from the
// TypeScript sources (tests) and the bundled dist/main.js, without a second build entry.
const encryptionHelper = createRequire(import.meta.url).resolve('web-push/src/encryption-helper.js');
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Only on Linux, where the nice value is per thread: elsewhere this would lower the whole server's.
if (process.platform === 'linux') try { require('node:os').setPriority(workerData.nice); } catch {}
const { encrypt } = require(${JSON.stringify(encryptionHelper)});
parentPort.on('message', ({ id, p256dh, auth, payload }) => {
  try {
    // An exact-size copy, transferred (the cipher text may be a view into an 8 KB pool buffer).
    const body = new Uint8Array(encrypt(p256dh, auth, payload, 'aes128gcm').cipherText);
    parentPort.postMessage({ id, body }, [body.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error.message });
  }
});`;

/**
 * The workers' nice value, on Linux only (there it is per thread; elsewhere setting it would lower
 * the whole process's, so they run as the process does). A fan-out's encryption then takes only
 * CPU time the event loop, the database and the rest of the machine leave; at the process's
 * priority it delayed every step of a message send (figures: docs/benchmarks.md).
 */
const WORKER_NICE = 19;

interface TPending {
  resolve(body: Buffer): void;
  reject(error: Error): void;
}

/** `threads` workers (default: one fewer than the machine's cores, at least one, at most four). */
export function createPayloadEncryptor(threads = Math.min(4, Math.max(1, availableParallelism() - 1))): TPayloadEncryptor {
  const workers: { worker: Worker; pending: Map<number, TPending> }[] = [];
  let nextId = 0;
  let closed = false;

  function start() {
    const pending = new Map<number, TPending>();
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { nice: WORKER_NICE } });
    worker.unref();
    const entry = { worker, pending };
    worker.on('message', (m: { id: number; body?: Uint8Array; error?: string }) => {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.body) p?.resolve(Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength));
      else p?.reject(new Error(m.error ?? 'encryption failed'));
    });
    // A worker that dies fails what it held; the next call starts another.
    const fail = (error: Error) => {
      workers.splice(workers.indexOf(entry), 1);
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => workers.includes(entry) && fail(new Error(`encryption worker exited with ${code}`)));
    workers.push(entry);
    return entry;
  }

  return {
    encrypt(p256dh, auth, payload) {
      if (closed) return Promise.reject(new Error('push encryption is closed'));
      // The least busy worker; another one while fewer than `threads` run.
      let entry = workers.reduce<(typeof workers)[number] | undefined>(
        (a, b) => (a && a.pending.size <= b.pending.size ? a : b),
        undefined,
      );
      if (!entry || (entry.pending.size > 0 && workers.length < threads)) entry = start();
      const id = nextId++;
      const target = entry;
      return new Promise<Buffer>((resolve, reject) => {
        target.pending.set(id, { resolve, reject });
        target.worker.postMessage({ id, p256dh, auth, payload });
      });
    },
    async close() {
      closed = true;
      const all = workers.splice(0);
      for (const { pending } of all) for (const p of pending.values()) p.reject(new Error('push encryption is closed'));
      await Promise.all(all.map(({ worker }) => worker.terminate()));
    },
  };
}

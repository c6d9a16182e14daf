import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

/** A port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The server's entry (`main.ts`) in its own process, its stdout and stderr collected as text. */
export class ServerProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(env: Record<string, string>) {
    // The environment of a real start: this process's, less the test runner's LOG_LEVEL and NODE_ENV.
    const base: NodeJS.ProcessEnv = { ...process.env };
    delete base.LOG_LEVEL;
    delete base.NODE_ENV;
    this.child = spawn(tsx, [main], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** Resolves once `pattern` appears in stdout; rejects if the process exits first or after `timeoutMs`. */
  async waitForStdout(pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
    const started = Date.now();
    for (;;) {
      const match = pattern.exec(this.stdout);
      if (match) return match;
      if (this.child.exitCode !== null) throw new Error(`server exited (${this.child.exitCode}): ${this.stderr}`);
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${pattern}: ${this.stdout}${this.stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** SIGINT, then waits for the exit. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null) this.child.kill('SIGINT');
    await this.exited;
  }
}

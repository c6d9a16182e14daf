import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded bytes live: a local folder (`LocalFileStorage`) or an S3-compatible bucket (`S3FileStorage`). */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | null>;
  /** A stream and its size, for large files; null when absent. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/i;

/** Returns `key` when it is a storage key the app makes (no `..`, no odd characters); throws otherwise. */
export function checkStorageKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
  return key;
}

/** Files under one folder; keys are checked so none can escape it. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkStorageKey(key));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, data);
    await rename(temp, file);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const info = await stat(this.file(key));
      return { stream: createReadStream(this.file(key)), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

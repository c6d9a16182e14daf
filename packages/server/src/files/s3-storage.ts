import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ConfigError, type Config } from '../platform/config/config.ts';
import { unavailable } from '../platform/errors/app-error.ts';
import { NETWORK_ERROR_CODES } from '../platform/errors/network-codes.ts';
import { checkStorageKey, type FileStorage } from './storage.ts';

/** Settings of an S3-compatible bucket (the S3_* variables). */
export type TS3Settings = Pick<
  Config,
  'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
> & {
  S3_BUCKET: string;
  /** Longest wait for one request (S3_TIMEOUT_MS); default 10 s. */
  S3_TIMEOUT_MS?: number;
};

/** Socket errors and timeouts: the bucket cannot be reached (rather than refusing the request). */
const UNREACHABLE = new Set(['TimeoutError', 'RequestTimeout', ...NETWORK_ERROR_CODES]);
const isUnreachable = (error: unknown): boolean => {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  return UNREACHABLE.has(name ?? '') || UNREACHABLE.has(code ?? '');
};

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files as objects of one S3-compatible bucket (AWS S3, MinIO, R2, Ceph…): what several instances
 * need, since a local disk is not shared. Keys are the same as on disk. Checksums are sent only
 * where the protocol requires them, which every S3-compatible server accepts.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: TS3Settings) {
    this.bucket = settings.S3_BUCKET;
    this.client = new S3Client({
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
      credentials:
        settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Bounded: a bucket cut off silently fails the request (503) instead of holding it; one retry at most.
      requestHandler: {
        connectionTimeout: Math.min(2000, settings.S3_TIMEOUT_MS ?? 10_000),
        requestTimeout: settings.S3_TIMEOUT_MS ?? 10_000,
        throwOnRequestTimeout: true,
      },
      maxAttempts: 2,
    });
  }

  /** Runs a request to the bucket; an unreachable bucket becomes a 503 with Retry-After. */
  private async reach<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (isUnreachable(error)) throw unavailable('The file storage is not reachable right now. Try again in a moment.');
      throw error;
    }
  }

  /** Checks at start that the bucket exists and the credentials reach it: a ConfigError naming S3_BUCKET otherwise. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const reason =
        error instanceof S3ServiceException
          ? `${error.$metadata.httpStatusCode ?? ''} ${error.name}`.trim()
          : ((error as NodeJS.ErrnoException).code ?? String(error));
      throw new ConfigError(`S3_BUCKET: cannot use bucket "${this.bucket}" (${reason})`);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.reach(() =>
      this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key), Body: data, ContentLength: data.length })),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    return object ? Buffer.from(await object.Body!.transformToByteArray()) : null;
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const object = await this.get(key);
    return object ? { stream: object.Body as Readable, size: object.ContentLength ?? 0 } : null;
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of an absent key with success, as the local store does.
    await this.reach(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) })));
  }

  close(): void {
    this.client.destroy();
  }

  private async get(key: string) {
    try {
      return await this.reach(() => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkStorageKey(key) })));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets the server must read back (a webhook's signing secret): AES-256-GCM with a key
 * derived (HKDF-SHA256) from `app.signingKey` for one purpose, so the database alone never
 * yields them. Stored as `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
export class SecretBox {
  readonly #key: Buffer;

  /** `purpose` separates keys: a box for webhooks cannot open another purpose's secrets. */
  constructor(signingKey: Buffer, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', signingKey, Buffer.alloc(0), `vbc:${purpose}`, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The plain text; throws when the text was not sealed by this box's key (or was changed). */
  open(stored: string): string {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || sealed === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  }
}

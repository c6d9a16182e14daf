import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { serverSecrets } from '../platform/db/schema/index.ts';

export interface TVapidKeys {
  /** base64url uncompressed P-256 point (the browser's applicationServerKey). */
  publicKey: string;
  /** base64url 32-byte private scalar. */
  privateKey: string;
  /** `mailto:` or `https:` contact for push services. */
  subject: string;
}

const SECRET_NAME = 'vapid-keys';

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once and kept in
 * `server_secrets`, so every instance signs with the same pair (a subscription made against one
 * instance's key is only accepted by its push service for that key).
 */
export async function loadVapidKeys(
  db: Db,
  config: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string },
): Promise<TVapidKeys> {
  let pair: { publicKey: string; privateKey: string };
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    pair = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  } else {
    await db
      .insert(serverSecrets)
      .values({ name: SECRET_NAME, value: JSON.stringify(webpush.generateVAPIDKeys()) })
      .onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
    pair = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  }
  // Throws a message naming the bad key (length, encoding) at start rather than at the first push.
  // (Not webpush.setVapidDetails: the sender signs its own cached JWTs, and a library-wide default
  // would make web-push sign every request again.)
  webpush.getVapidHeaders('https://push.invalid', config.VAPID_SUBJECT, pair.publicKey, pair.privateKey, 'aes128gcm');
  return { ...pair, subject: config.VAPID_SUBJECT };
}

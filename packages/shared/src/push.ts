import { z } from 'zod';

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
/** Bytes an unpadded base64url text decodes to (its characters checked by `base64url`). */
const decodedLength = (v: string): number => Math.floor((v.replace(/=+$/, '').length * 3) / 4);

/** A browser's web push subscription as `PushSubscription.toJSON()` gives it, flattened (docs/contracts.md §3, §7). */
export const ZWebPushSubscription = z.object({
  /** The push service URL (https; the server also refuses private and loopback hosts). */
  endpoint: z
    .string({ error: 'Required.' })
    .max(2048, 'Max 2048 characters')
    .regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+\S*$/i, 'must be a URL'),
  /** Milliseconds since 1970 when the subscription expires, or null. */
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  /** The browser's P-256 public key, base64url (65 bytes). */
  keyP256Dh: z
    .string({ error: 'Required.' })
    .max(200)
    .refine((v) => base64url.test(v) && decodedLength(v) === 65, 'must be the base64url P-256 public key (65 bytes)'),
  /** The 16-byte auth secret, base64url. */
  keyAuth: z
    .string({ error: 'Required.' })
    .max(100)
    .refine((v) => base64url.test(v) && decodedLength(v) === 16, 'must be the base64url auth secret (16 bytes)'),
});

/** The iOS wrapper's APNs device token (hex), docs/contracts.md §7 `apnDeviceToken`. */
export const ZApnDeviceToken = z
  .string()
  .transform((v) =>
    v
      .trim()
      .replace(/[<>\s]/g, '')
      .toLowerCase(),
  )
  .refine((v) => /^[0-9a-f]{64,200}$/.test(v), 'must be the hexadecimal device token (64 or more hex digits)');

/** POST /api/personalAccount/registerPushSubscription: a web push subscription, or an APNs device token. */
export const ZRegisterPushSubscription = z.union([z.object({ apnDeviceToken: ZApnDeviceToken }).strict(), ZWebPushSubscription], {
  error: 'Send endpoint, keyP256Dh and keyAuth (web push), or apnDeviceToken (iOS).',
});
export type TRegisterPushSubscription = z.input<typeof ZRegisterPushSubscription>;

/** POST /api/personalAccount/unRegisterForPushSubscription: empty (this device's), or the one subscription to remove. */
export const ZUnregisterPushSubscription = z
  .object({ endpoint: z.string().max(2048).optional(), apnDeviceToken: ZApnDeviceToken.optional() })
  .nullish();

/** docs/contracts.md §7 GET /api/personalAccount/checkForPushSubscription. */
export interface TCheckForPushSubscription {
  /** True when this device (this sign-in) has a registered subscription or token. */
  result: boolean;
}

/** GET /api/push/vapidPublicKey: the application server key for `pushManager.subscribe`. */
export interface TVapidPublicKey {
  /** base64url, uncompressed P-256 point. */
  publicKey: string;
}

/** What a notification carries (the service worker and the iOS wrapper show it). */
export interface TPushPayload {
  kind: 'message' | 'announcement' | 'lead';
  title: string;
  body: string;
  /** Where a click goes, inside /vbc/ (`/vbc/#/messages/{personalConversationId}` …). */
  url: string;
  /** Replaces an earlier notification with the same tag (one per conversation). */
  tag: string;
  personalConversationId?: string;
  announcementId?: string;
  leadId?: string;
}

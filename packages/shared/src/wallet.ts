import { z } from 'zod';

/** MIME type of an Apple Wallet pass (docs/contracts.md §7), and the file name it is downloaded as. */
export const PKPASS_MIME_TYPE = 'application/vnd.apple.pkpass';
export const PKPASS_FILE_NAME = 'pass.pkpass';

/** Google Wallet's "save to wallet" link: this prefix, then the signed JWT (docs/contracts.md §7). */
export const GOOGLE_WALLET_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** docs/contracts.md §3 "Google wallet response": GET /api/personalAccount/generateGoogleWalletPass/{id}. */
export const ZGoogleWalletPass = z.object({
  /** RS256 JWT (`typ: savetowallet`) to append to GOOGLE_WALLET_SAVE_URL. */
  jwt: z.string(),
});
export type TGoogleWalletPass = z.infer<typeof ZGoogleWalletPass>;

/**
 * GET /api/wallet/availability (issue 30): whether this server can make passes for each wallet,
 * so the app offers "Add to Apple Wallet" / "Add to Google Wallet" only where it can.
 */
export const ZWalletAvailability = z.object({
  /** Apple Wallet is configured (APPLE_* settings). */
  apple: z.boolean(),
  /** Google Wallet is configured (GOOGLE_WALLET_* settings). */
  google: z.boolean(),
});
export type TWalletAvailability = z.infer<typeof ZWalletAvailability>;

/** The save link of a Google Wallet JWT. */
export const googleWalletSaveUrl = (jwt: string): string => `${GOOGLE_WALLET_SAVE_URL}${jwt}`;

/** Apple's PassKit web service: POST …/registrations/{passTypeId}/{serial} body. */
export const ZPassKitRegistration = z.object({
  /** The device's APNs push token for pass updates (hex). */
  pushToken: z
    .string({ error: 'Required.' })
    .trim()
    .regex(/^[0-9a-fA-F]{16,200}$/, 'must be the hexadecimal APNs push token'),
});

/** Apple's PassKit web service: POST /v1/log body (messages from devices about problems with our passes). */
export const ZPassKitLog = z.object({ logs: z.array(z.string().max(4000)).max(100) });

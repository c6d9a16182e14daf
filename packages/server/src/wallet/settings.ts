import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { ConfigError, type Config } from '../platform/config/config.ts';
import { pemSetting, settingText } from '../platform/config/setting-text.ts';

/** Apple Wallet: what signs a pass (and authenticates its update pushes). */
export interface AppleWalletSettings {
  passTypeId: string;
  teamId: string;
  /** The pass type certificate, its key (PEM text) and the key's passphrase. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  /** Apple's WWDR intermediate certificate (PEM). */
  wwdr: string;
}

/** Google Wallet: the issuer and the service account that signs the save JWT. */
export interface GoogleWalletSettings {
  issuerId: string;
  clientEmail: string;
  privateKey: KeyObject;
  /** The key's id (the JWT header's `kid`). */
  privateKeyId?: string;
}

const ZServiceAccount = z.object({
  client_email: z.string().min(3),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
});

function certificate(name: string, text: string): X509Certificate {
  try {
    return new X509Certificate(text);
  } catch {
    throw new ConfigError(`${name}: not a PEM certificate`);
  }
}

/** Apple Wallet settings from APPLE_*, checked at start (readable, the key matches the certificate); null when unset. */
export function appleWalletSettings(config: Config): AppleWalletSettings | null {
  const { APPLE_PASS_TYPE_ID: passTypeId, APPLE_TEAM_ID: teamId, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT } = config;
  if (!passTypeId || !teamId || !APPLE_PASS_CERT || !APPLE_PASS_KEY || !APPLE_WWDR_CERT) return null;
  const signerCert = pemSetting('APPLE_PASS_CERT', APPLE_PASS_CERT);
  const signerKey = pemSetting('APPLE_PASS_KEY', APPLE_PASS_KEY);
  const wwdr = pemSetting('APPLE_WWDR_CERT', APPLE_WWDR_CERT);
  const passphrase = config.APPLE_PASS_KEY_PASSPHRASE;
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: signerKey, ...(passphrase ? { passphrase } : {}) });
  } catch {
    throw new ConfigError('APPLE_PASS_KEY: not a PEM private key (or APPLE_PASS_KEY_PASSPHRASE is wrong)');
  }
  if (!certificate('APPLE_PASS_CERT', signerCert).checkPrivateKey(key)) {
    throw new ConfigError('APPLE_PASS_KEY: is not the key of APPLE_PASS_CERT');
  }
  certificate('APPLE_WWDR_CERT', wwdr);
  return { passTypeId, teamId, signerCert, signerKey, wwdr, ...(passphrase ? { signerKeyPassphrase: passphrase } : {}) };
}

/** Google Wallet settings from GOOGLE_WALLET_*, checked at start; null when unset. */
export function googleWalletSettings(config: Config): GoogleWalletSettings | null {
  const { GOOGLE_WALLET_ISSUER_ID: issuerId, GOOGLE_WALLET_SERVICE_ACCOUNT: account } = config;
  if (!issuerId || !account) return null;
  const text = settingText('GOOGLE_WALLET_SERVICE_ACCOUNT', account, (v) => v.startsWith('{'));
  let parsed: z.infer<typeof ZServiceAccount>;
  try {
    parsed = ZServiceAccount.parse(JSON.parse(text));
  } catch {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT: not a service account key (JSON with client_email and private_key)');
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(parsed.private_key);
  } catch {
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT: private_key is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa')
    throw new ConfigError('GOOGLE_WALLET_SERVICE_ACCOUNT: private_key must be an RSA key (RS256)');
  return {
    issuerId,
    clientEmail: parsed.client_email,
    privateKey,
    ...(parsed.private_key_id ? { privateKeyId: parsed.private_key_id } : {}),
  };
}

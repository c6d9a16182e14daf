import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/** A throwaway Apple-like chain made by the test: root → WWDR intermediate → pass type certificate. */
export interface TestPassCerts {
  passTypeId: string;
  teamId: string;
  root: string;
  wwdr: string;
  signerCert: string;
  /** The signer's key, encrypted with `passphrase`. */
  signerKey: string;
  passphrase: string;
}

/** Makes the chain with the system's openssl (test only, about a second). The signer's UID is the pass type id, as Apple's are. */
export function makePassCerts(passTypeId = 'pass.app.vbc.test', teamId = 'TEAMVBC123'): TestPassCerts {
  const dir = mkdtempSync(join(tmpdir(), 'vbc-pass-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const passphrase = 'pass-key-secret';
  try {
    writeFileSync(join(dir, 'ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n');
    writeFileSync(
      join(dir, 'signer.ext'),
      'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth,emailProtection\n',
    );
    run(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'root.key',
      '-out',
      'root.pem',
      '-days',
      '2',
      '-subj',
      '/CN=VBC Test Root CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
    run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'wwdr.key', '-out', 'wwdr.csr', '-subj', '/CN=VBC Test WWDR/OU=G4');
    run(
      'x509',
      '-req',
      '-in',
      'wwdr.csr',
      '-CA',
      'root.pem',
      '-CAkey',
      'root.key',
      '-CAcreateserial',
      '-out',
      'wwdr.pem',
      '-days',
      '2',
      '-extfile',
      'ca.ext',
    );
    run(
      'req',
      '-newkey',
      'rsa:2048',
      '-passout',
      `pass:${passphrase}`,
      '-keyout',
      'signer.key',
      '-out',
      'signer.csr',
      '-subj',
      `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=${teamId}/O=VBC Test`,
    );
    run(
      'x509',
      '-req',
      '-in',
      'signer.csr',
      '-CA',
      'wwdr.pem',
      '-CAkey',
      'wwdr.key',
      '-CAcreateserial',
      '-out',
      'signer.pem',
      '-days',
      '2',
      '-extfile',
      'signer.ext',
    );
    const read = (name: string) => readFileSync(join(dir, name), 'utf8');
    return {
      passTypeId,
      teamId,
      root: read('root.pem'),
      wwdr: read('wwdr.pem'),
      signerCert: read('signer.pem'),
      signerKey: read('signer.key'),
      passphrase,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A Google service account key file's JSON (an RSA key made now) and the public key to check its JWTs. */
export function makeServiceAccount() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const json = JSON.stringify({
    type: 'service_account',
    client_email: 'wallet@vbc-test.iam.gserviceaccount.com',
    private_key_id: 'key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  return { json, publicKey, clientEmail: 'wallet@vbc-test.iam.gserviceaccount.com' };
}

/** Whether openssl verifies `signature` (DER PKCS #7, detached) over `content` against the root CA; openssl's message when not. */
export function verifyDetachedSignature(signature: Buffer, content: Buffer, rootPem: string): true | string {
  const dir = mkdtempSync(join(tmpdir(), 'vbc-pass-verify-'));
  try {
    writeFileSync(join(dir, 'signature'), signature);
    writeFileSync(join(dir, 'manifest.json'), content);
    writeFileSync(join(dir, 'root.pem'), rootPem);
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-CAfile',
        'root.pem',
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return true;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file of a ZIP archive (stored or deflated), read from its central directory. */
export function unzip(bytes: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let eocd = bytes.length - 22;
  while (eocd >= 0 && bytes.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a ZIP archive');
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    files.set(name, method === 0 ? Buffer.from(data) : inflateRawSync(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** The APPLE_* settings for these certificates; `signerKey` may be a path to the key instead of its PEM text. */
export function applePassEnv(certs: TestPassCerts, signerKey = certs.signerKey): Record<string, string> {
  return {
    APPLE_PASS_TYPE_ID: certs.passTypeId,
    APPLE_TEAM_ID: certs.teamId,
    APPLE_PASS_CERT: certs.signerCert,
    APPLE_PASS_KEY: signerKey,
    APPLE_PASS_KEY_PASSPHRASE: certs.passphrase,
    APPLE_WWDR_CERT: certs.wwdr,
  };
}

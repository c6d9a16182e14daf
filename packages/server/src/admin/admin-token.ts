import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../platform/config/config.ts';
import { tokensMatch } from '../platform/crypto/tokens-match.ts';
import { toTerminal } from '../platform/logging/logger.ts';

/** Where the generated admin token lives: DATA_DIR/admin-token (mode 0600). */
export const adminTokenPath = (dataDir: string): string => path.join(dataDir, 'admin-token');

/**
 * The operators' token: ADMIN_TOKEN, else the one in DATA_DIR/admin-token,
 * made on first start (mode 0600) and printed once to the terminal (stderr), never to
 * the log stream. Null when neither can exist (an in-memory DATA_DIR): the admin API is off.
 */
export function resolveAdminToken(
  config: Pick<Config, 'ADMIN_TOKEN' | 'DATA_DIR'>,
  print: (line: string) => void = toTerminal,
): string | null {
  if (config.ADMIN_TOKEN) return config.ADMIN_TOKEN;
  if (config.DATA_DIR.startsWith('memory://')) return null;
  const file = adminTokenPath(config.DATA_DIR);
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another instance on the same DATA_DIR made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  print(`\nAdmin token (shown once; also in ${file}): ${token}\n\n`);
  return token;
}

/** Constant-time comparison of a presented token with the real one. */
export const adminTokenMatches = tokensMatch;

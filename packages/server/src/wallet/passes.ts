import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { walletDevices, walletPasses, walletRegistrations } from '../platform/db/schema/index.ts';
import type { TPassSubject } from './pass-subject.ts';

export type PassRow = typeof walletPasses.$inferSelect;

/** Now, at millisecond precision (what a JS Date and the serials tag hold). */
const nowMs = sql`date_trunc('milliseconds', now())`;

/**
 * A pass's authenticationToken: derived from the server's signing key and the serial, so
 * generating the pass again gives the same token (a device's earlier copy keeps working); only
 * its SHA-256 is stored.
 */
export function passToken(signingKey: Buffer, serial: string): string {
  return createHmac('sha256', signingKey).update(`apple-wallet-pass:${serial}`).digest('base64url');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether `presented` is the pass's token (constant time). */
export function tokenMatches(row: Pick<PassRow, 'authTokenHash'>, presented: string | undefined): boolean {
  if (!presented) return false;
  const stored = Buffer.from(row.authTokenHash, 'hex');
  const given = sha256(presented);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

const subjectColumn = (subject: Pick<TPassSubject, 'kind'>) => (subject.kind === 'card' ? walletPasses.contactId : walletPasses.petId);

/** The pass of this card or pet, made on first use (one per card or pet), with its token. */
export async function ensurePass(
  db: Db,
  signingKey: Buffer,
  subject: Pick<TPassSubject, 'kind' | 'id'>,
): Promise<{ row: PassRow; token: string }> {
  const [existing] = await db
    .select()
    .from(walletPasses)
    .where(eq(subjectColumn(subject), subject.id))
    .limit(1);
  if (existing) return { row: existing, token: passToken(signingKey, existing.id) };
  const id = crypto.randomUUID();
  const token = passToken(signingKey, id);
  await db
    .insert(walletPasses)
    .values({
      id,
      ...(subject.kind === 'card' ? { contactId: subject.id } : { petId: subject.id }),
      authTokenHash: sha256(token).toString('hex'),
      createdAt: nowMs,
      updatedAt: nowMs,
    })
    .onConflictDoNothing();
  // A concurrent first generation may have won: read whichever row stands.
  const [row] = await db
    .select()
    .from(walletPasses)
    .where(eq(subjectColumn(subject), subject.id))
    .limit(1);
  return { row: row!, token: passToken(signingKey, row!.id) };
}

/** The pass with this serial number, if any. */
export async function findPass(db: Db, serial: string): Promise<PassRow | undefined> {
  const [row] = await db.select().from(walletPasses).where(eq(walletPasses.id, serial)).limit(1);
  return row;
}

/**
 * The card or pet changed: its pass moves to a later second (Last-Modified has whole seconds, so a
 * device's If-Modified-Since never hides the change). Returns the passes' ids.
 */
export async function touchPasses(db: Db, subject: Pick<TPassSubject, 'kind' | 'id'>): Promise<string[]> {
  const rows = await db
    .update(walletPasses)
    .set({ updatedAt: sql`greatest(${nowMs}, date_trunc('second', ${walletPasses.updatedAt}) + interval '1 second')` })
    .where(eq(subjectColumn(subject), subject.id))
    .returning({ id: walletPasses.id });
  return rows.map((r) => r.id);
}

/** Registers a device for a pass's updates (and keeps its newest push token): true when the registration is new. */
export async function registerDevice(db: Db, deviceLibraryId: string, pushToken: string, passId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .insert(walletDevices)
      .values({ deviceLibraryId, pushToken })
      .onConflictDoUpdate({ target: walletDevices.deviceLibraryId, set: { pushToken, updatedAt: sql`now()` } });
    const inserted = await tx
      .insert(walletRegistrations)
      .values({ deviceLibraryId, passId })
      .onConflictDoNothing()
      .returning({ passId: walletRegistrations.passId });
    return inserted.length > 0;
  });
}

/** Removes a device's registration for a pass; a device left with none is forgotten. */
export async function unregisterDevice(db: Db, deviceLibraryId: string, passId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(walletRegistrations)
      .where(and(eq(walletRegistrations.deviceLibraryId, deviceLibraryId), eq(walletRegistrations.passId, passId)));
    await tx.execute(sql`delete from wallet_devices d where d.device_library_id = ${deviceLibraryId}
      and not exists (select 1 from wallet_registrations r where r.device_library_id = d.device_library_id)`);
  });
}

/** Serial numbers of the device's passes changed after `since` (a tag from an earlier answer), and the new tag. */
export async function updatedSerials(
  db: Db,
  deviceLibraryId: string,
  since: Date | null,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  const rows = await db
    .select({ id: walletPasses.id, updatedAt: walletPasses.updatedAt })
    .from(walletRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.id, walletRegistrations.passId))
    .where(and(eq(walletRegistrations.deviceLibraryId, deviceLibraryId), since ? gt(walletPasses.updatedAt, since) : undefined));
  if (rows.length === 0) return null;
  const last = Math.max(...rows.map((r) => r.updatedAt.getTime()));
  return { serialNumbers: rows.map((r) => r.id), lastUpdated: String(last) };
}

/** The push tokens of the devices holding these passes. */
export async function pushTokensOf(db: Db, passIds: readonly string[]): Promise<string[]> {
  if (passIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ pushToken: walletDevices.pushToken })
    .from(walletRegistrations)
    .innerJoin(walletDevices, eq(walletDevices.deviceLibraryId, walletRegistrations.deviceLibraryId))
    .where(inArray(walletRegistrations.passId, [...passIds]));
  return rows.map((r) => r.pushToken);
}

/** An APNs token Apple says is gone (410): forget the devices using it. */
export async function forgetPushToken(db: Db, pushToken: string): Promise<void> {
  await db.delete(walletDevices).where(eq(walletDevices.pushToken, pushToken));
}

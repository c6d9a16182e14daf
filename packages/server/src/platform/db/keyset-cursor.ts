import { isUuid } from '@vbc/shared';
import { badRequest } from '../errors/app-error.ts';

/**
 * A list page's last row as an opaque cursor: its time (milliseconds, as stored: the row's time
 * must come from a JS Date, not the database's microsecond `now()`) and its id.
 */
export const encodeCursor = (at: Date, id: string): string => Buffer.from(`${at.getTime()}.${id}`).toString('base64url');

/** The time and id a cursor of `encodeCursor` holds; 400 `cursor: …` for anything else. */
export function decodeCursor(cursor: string): { at: Date; id: string } {
  const [ms, id] = Buffer.from(cursor, 'base64url').toString().split('.');
  const at = new Date(Number(ms));
  if (!id || !isUuid(id) || !/^\d+$/.test(ms ?? '') || Number.isNaN(at.getTime())) throw badRequest('cursor: Not a cursor of this list.');
  return { at, id };
}

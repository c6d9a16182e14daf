import { isUuid } from '@vbc/shared';
import type { TLocale } from '@vbc/shared/i18n/locales';
import { notConfigured, notFound, unauthorized } from '../platform/errors/app-error.ts';
import type { WalletDeps } from './deps.ts';
import { passLocale, renderApplePass, APPLE_NOT_CONFIGURED } from './generate-pass.ts';
import { findPass, registerDevice, tokenMatches, unregisterDevice, updatedSerials, type PassRow } from './passes.ts';

/** The path's pass type and serial, and the device's `ApplePass` token: the pass, or 404 / 401. */
async function authorizedPass(deps: WalletDeps, passTypeId: string, serial: string, token: string | undefined): Promise<PassRow> {
  if (!deps.apple) throw notConfigured(APPLE_NOT_CONFIGURED);
  const pass = passTypeId === deps.apple.passTypeId && isUuid(serial) ? await findPass(deps.db, serial.toLowerCase()) : undefined;
  if (!pass) throw notFound('pass');
  if (!tokenMatches(pass, token)) throw unauthorized("The pass's authentication token is missing or wrong.");
  return pass;
}

/** POST …/v1/devices/{device}/registrations/{passType}/{serial}: 'created' (201) or 'exists' (200). */
export async function registerPassDevice(
  deps: WalletDeps,
  input: { deviceLibraryId: string; passTypeId: string; serial: string; token: string | undefined; pushToken: string },
): Promise<'created' | 'exists'> {
  const pass = await authorizedPass(deps, input.passTypeId, input.serial, input.token);
  return (await registerDevice(deps.db, input.deviceLibraryId, input.pushToken.toLowerCase(), pass.id)) ? 'created' : 'exists';
}

/** DELETE …/v1/devices/{device}/registrations/{passType}/{serial}. */
export async function unregisterPassDevice(
  deps: WalletDeps,
  input: { deviceLibraryId: string; passTypeId: string; serial: string; token: string | undefined },
): Promise<void> {
  const pass = await authorizedPass(deps, input.passTypeId, input.serial, input.token);
  await unregisterDevice(deps.db, input.deviceLibraryId, pass.id);
}

/** GET …/v1/devices/{device}/registrations/{passType}?passesUpdatedSince=tag: the changed serials, or null (204). */
export async function listUpdatedSerials(deps: WalletDeps, deviceLibraryId: string, passTypeId: string, since: string | undefined) {
  if (!deps.apple) throw notConfigured(APPLE_NOT_CONFIGURED);
  if (passTypeId !== deps.apple.passTypeId) return null;
  return updatedSerials(deps.db, deviceLibraryId, since ? new Date(Number(since)) : null);
}

/**
 * GET …/v1/passes/{passType}/{serial}: the pass as it is now, or `null` (304) when it has not
 * changed since `ifModifiedSince` (whole seconds, as HTTP dates are). Labelled in its owner's
 * language, else `locale` (the device's Accept-Language).
 */
export async function latestPass(
  deps: WalletDeps,
  input: { passTypeId: string; serial: string; token: string | undefined; ifModifiedSince: Date | null; locale: TLocale },
): Promise<{ bytes: Buffer | null; lastModified: Date }> {
  const pass = await authorizedPass(deps, input.passTypeId, input.serial, input.token);
  const lastModified = pass.updatedAt;
  if (input.ifModifiedSince && Math.floor(lastModified.getTime() / 1000) <= Math.floor(input.ifModifiedSince.getTime() / 1000)) {
    return { bytes: null, lastModified };
  }
  const subject = await deps.findSubject((pass.contactId ?? pass.petId)!);
  if (!subject) throw notFound('pass');
  const locale = await passLocale(deps.db, subject, input.locale);
  return { bytes: await renderApplePass(deps, subject, { row: pass, token: input.token! }, locale), lastModified };
}

import { afterEach, describe, expect, it } from 'vitest';
import esCommon from '../../../shared/src/i18n/locales/es/common.json';
import arCommon from '../../../shared/src/i18n/locales/ar/common.json';
import i18next from 'i18next';
import { errorText } from './error-text.ts';
import { HttpError } from './http.ts';

/** The app's instance (src/test/i18n-setup.ts) speaking `locale`, with its common catalogue. */
async function speak(locale: 'es' | 'ar') {
  i18next.addResourceBundle(locale, 'common', locale === 'es' ? esCommon : arCommon, true, true);
  await i18next.changeLanguage(locale);
}

describe('errorText', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it("is the server's own message in English (SPEC §8), and any other rejection's message as it is", () => {
    expect(errorText(new HttpError('The card was not found.', 404, 'not_found'))).toBe('The card was not found.');
    expect(errorText(new HttpError('418', 418))).toBe('418');
    expect(errorText(new Error('Failed to inject SignalR'))).toBe('Failed to inject SignalR');
    expect(errorText('plain')).toBe('plain');
  });

  it('says a refusal in the active language by its code, and by its status when it has none', async () => {
    await speak('es');
    expect(errorText(new HttpError('The card was not found.', 404, 'not_found'))).toBe(esCommon.apiErrors.notFound);
    expect(errorText(new HttpError('Too many codes. Try again in 60 s.', 429, 'too_many_requests'))).toBe(esCommon.apiErrors.tooMany);
    expect(errorText(new HttpError('Network error: the server could not be reached.', 0))).toBe(esCommon.apiErrors.network);
    expect(errorText(new HttpError('502', 502))).toBe(esCommon.apiErrors.unavailable);
    expect(errorText(new HttpError('nope', 418))).toBe(esCommon.apiErrors.other);
    // Not a call's refusal: its own words.
    expect(errorText(new Error('The canvas is too small.'))).toBe('The canvas is too small.');
  });

  it('says a known form message (SPEC §5) by its catalogue entry, without the field name; several problems by the code', async () => {
    await speak('ar');
    expect(errorText(new HttpError('email: Invalid email format', 400, 'bad_request'))).toBe(arCommon.problems.email);
    expect(errorText(new HttpError('firstName: Required.', 400, 'bad_request'))).toBe(arCommon.problems.required);
    expect(errorText(new HttpError('firstName: Required.; email: Invalid email format', 400, 'bad_request'))).toBe(
      arCommon.apiErrors.badRequest,
    );
    expect(errorText(new HttpError('name: something the app does not know', 400, 'bad_request'))).toBe(arCommon.apiErrors.badRequest);
  });
});

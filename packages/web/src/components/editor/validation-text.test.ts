import { beforeAll, describe, expect, it } from 'vitest';
import { PIN_CODE_MESSAGE } from '@vbc/shared/contact';
import { i18n, loadCatalogue } from '../../i18n/i18n.ts';
import { validationText } from './validation-text.ts';

describe('validation messages in the active language (issue 31)', () => {
  beforeAll(async () => {
    for (const locale of ['es', 'ar'] as const)
      for (const ns of ['editor', 'common'] as const) i18n.addResourceBundle(locale, ns, await loadCatalogue(locale, ns), true, true);
  });
  const inLocale = (locale: string) => i18n.getFixedT(locale, 'editor');

  it("keeps SPEC's English words in English", () => {
    const t = inLocale('en');
    expect(validationText(t, 'Required.')).toBe('Required.');
    expect(validationText(t, 'Invalid email format')).toBe('Invalid email format');
    expect(validationText(t, 'Must be numbers.')).toBe('Must be numbers.');
    expect(validationText(t, 'At most 100 characters.')).toBe('At most 100 characters.');
  });

  it('says them in Spanish and Arabic, with the number in its plural form', () => {
    const es = inLocale('es');
    expect(validationText(es, 'Required.')).toBe('Obligatorio.');
    expect(validationText(es, PIN_CODE_MESSAGE)).toBe('El PIN debe tener de 4 a 8 cifras.');
    expect(validationText(es, 'must be a colour like #282832')).toBe('Debe ser un color como #282832');
    expect(validationText(es, 'At most 100 characters.')).toBe('Como máximo 100 caracteres.');
    const ar = inLocale('ar');
    expect(validationText(ar, 'Invalid email format')).toBe('صيغة البريد الإلكتروني غير صالحة');
    expect(validationText(ar, 'At least 2 characters.')).toBe('حرفان على الأقل.');
  });

  it("shows a message it does not know (the server's own words) as it came", () => {
    expect(validationText(inLocale('es'), 'Not a mailbox we can reach')).toBe('Not a mailbox we can reach');
  });
});

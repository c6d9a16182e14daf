import { describe, expect, it } from 'vitest';
import { i18n, instanceForRendering } from '../../i18n/i18n.ts';
import { petAge } from './pet-age.ts';

describe('petAge', () => {
  const now = new Date(2026, 10, 22);
  it('says years, months or weeks as a person would', () => {
    expect(petAge(i18n.t, '2020-01-10', now)).toBe('6 years');
    expect(petAge(i18n.t, '2025-07-01', now)).toBe('1 year 4 months');
    expect(petAge(i18n.t, '2026-06-30', now)).toBe('4 months');
    expect(petAge(i18n.t, '2026-11-01', now)).toBe('3 weeks');
    expect(petAge(i18n.t, '2026-11-21', now)).toBe('Newborn');
  });
  it('says it in the language of the page', async () => {
    const { instance } = await instanceForRendering('es', ['card']);
    expect(petAge(instance.t, '2025-07-01', now)).toBe('1 año y 4 meses');
    expect(petAge(instance.t, '2026-10-01', now)).toBe('1 mes');
  });
  it('has no age for no date, a bad date or a future date', () => {
    expect(petAge(i18n.t, null, now)).toBeNull();
    expect(petAge(i18n.t, 'yesterday', now)).toBeNull();
    expect(petAge(i18n.t, '2027-01-01', now)).toBeNull();
  });
});

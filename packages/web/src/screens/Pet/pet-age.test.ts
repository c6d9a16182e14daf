import { describe, expect, it } from 'vitest';
import { petAge } from './pet-age.ts';

describe('petAge', () => {
  const now = new Date(2026, 10, 22);
  it('says years, months or weeks as a person would', () => {
    expect(petAge('2020-01-10', now)).toBe('6 years');
    expect(petAge('2025-07-01', now)).toBe('1 year 4 months');
    expect(petAge('2026-06-30', now)).toBe('4 months');
    expect(petAge('2026-11-01', now)).toBe('3 weeks');
    expect(petAge('2026-11-21', now)).toBe('Newborn');
  });
  it('has no age for no date, a bad date or a future date', () => {
    expect(petAge(null, now)).toBeNull();
    expect(petAge('yesterday', now)).toBeNull();
    expect(petAge('2027-01-01', now)).toBeNull();
  });
});

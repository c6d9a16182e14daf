import { describe, expect, it } from 'vitest';
import { cleanAdoptionCode, isCompleteCode, printedAdoptionCode } from './adoption-code.ts';

describe('adoption code field', () => {
  it('upper-cases what is typed', () => {
    expect(cleanAdoptionCode('ab3k')).toBe('AB3K');
  });

  it('takes a pasted printed code with spaces or dashes as its 8 characters', () => {
    expect(cleanAdoptionCode(' abcd-ef9h ')).toBe('ABCDEF9H');
    expect(cleanAdoptionCode('ABCD EF9H\n')).toBe('ABCDEF9H');
    expect(isCompleteCode(cleanAdoptionCode('abcd-ef9h'))).toBe(true);
  });

  it('shows a typed code as printed, in two groups of four', () => {
    expect(printedAdoptionCode('ABCDEF9H')).toBe('ABCD-EF9H');
    expect(printedAdoptionCode('ABC')).toBe('ABC');
  });

  it('never holds more than 8 characters, and fewer is not complete', () => {
    expect(cleanAdoptionCode('ABCDEFGHJK')).toBe('ABCDEFGH');
    expect(isCompleteCode('ABCDEFG')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { fitSize, IMAGE_VIEWER, stepZoom } from './viewer-config.ts';

describe('image viewer (docs/contracts.md §9 defaults)', () => {
  it('opens an image covering 90 % of the screen on its limiting side', () => {
    expect(fitSize({ width: 2000, height: 1000 }, { width: 1000, height: 800 })).toEqual({ width: 900, height: 450 });
    expect(fitSize({ width: 100, height: 400 }, { width: 1000, height: 800 })).toEqual({ width: 200, height: 720 });
  });

  it('never opens smaller than 200 × 100', () => {
    expect(fitSize({ width: 5000, height: 10 }, { width: 300, height: 300 })).toEqual({ width: 270, height: 100 });
  });

  it('zooms in 10 % steps within 0.01 … 100', () => {
    expect(stepZoom(1, 1)).toBeCloseTo(1.1);
    expect(stepZoom(1, -1)).toBeCloseTo(0.9);
    expect(stepZoom(99, 1)).toBe(IMAGE_VIEWER.maxZoom);
    expect(stepZoom(0.0105, -1)).toBe(IMAGE_VIEWER.minZoom);
  });
});

import { describe, expect, it } from 'vitest';
import { BRAND_ACCENT, contrastRatio, fillForWhiteText, PRIMARY_FILL, textOnDark, theme } from './theme.ts';

/** WCAG 2.1 AA for normal-size text. */
const AA = 4.5;

describe('colours that carry white text (WCAG 2.1 AA)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#9a7dff')).toBeCloseTo(3.11, 2); // issue 13's figure for the old button fill
  });

  it('fills primary, error and success buttons and the brand accent with colours that hold white text', () => {
    const p = theme.palette;
    for (const fill of [PRIMARY_FILL, BRAND_ACCENT, p.primary.dark, p.error.dark, p.success.dark]) {
      expect(contrastRatio(fill, '#ffffff'), fill).toBeGreaterThanOrEqual(AA);
    }
    // The light `main` of primary stays readable as text on the page.
    expect(contrastRatio(p.primary.main, p.background.default)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(p.primary.main, p.background.paper)).toBeGreaterThanOrEqual(AA);
  });

  it('gives palette colours without their own contrast text the one of white or black that reaches AA', () => {
    /** The text colour as painted on `fill` (MUI's dark text is rgba(0, 0, 0, 0.87)). */
    const painted = (text: string, fill: string) => {
      if (text === '#fff') return '#ffffff';
      const alpha = Number(/^rgba\(0, 0, 0, ([\d.]+)\)$/.exec(text)?.[1]);
      const hex = (i: number) =>
        Math.round(parseInt(fill.slice(i, i + 2), 16) * (1 - alpha))
          .toString(16)
          .padStart(2, '0');
      return `#${hex(1)}${hex(3)}${hex(5)}`;
    };
    for (const c of [theme.palette.secondary, theme.palette.info, theme.palette.warning]) {
      expect(contrastRatio(c.main, painted(c.contrastText, c.main)), `${c.contrastText} on ${c.main}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('darkens a card accent just enough for white text, keeping its hue', () => {
    for (const accent of ['#ff512f', '#11998e', '#38ef7d', '#ffff00', '#7c5cff', '#1877f2']) {
      const fill = fillForWhiteText(accent);
      expect(contrastRatio(fill, '#ffffff'), `${accent} → ${fill}`).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(fill, '#ffffff'), `${accent} → ${fill}`).toBeLessThan(5.2);
      // Same hue: the channels keep their order.
      const ch = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
      const order = (c: string) =>
        ch(c)
          .map((v, i) => [v, i])
          .sort((a, b) => a[0]! - b[0]!)
          .map(([, i]) => i)
          .join('');
      expect(order(fill)).toBe(order(accent));
    }
    expect(fillForWhiteText('#282832')).toBe('#282832');
    expect(fillForWhiteText('primary.dark')).toBe('primary.dark');
  });

  it('lifts a card accent just enough to read as text on the dark paper and page, keeping its hue', () => {
    const { paper, default: page } = theme.palette.background;
    for (const accent of ['#7152f0', '#282832', '#1877f2', '#ff512f', '#000000']) {
      const text = textOnDark(accent);
      expect(contrastRatio(text, paper), `${accent} → ${text}`).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(text, page), `${accent} → ${text}`).toBeGreaterThanOrEqual(AA);
      // Lifted only as far as needed; a colour that already reads is kept.
      if (contrastRatio(accent, paper) >= AA) expect(text).toBe(accent);
      else expect(contrastRatio(text, paper), `${accent} → ${text}`).toBeLessThan(4.7);
    }
    expect(textOnDark('#f5a623')).toBe('#f5a623');
    expect(textOnDark('primary.main')).toBe('primary.main');
  });
});

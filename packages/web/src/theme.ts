import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { BREAKPOINTS, DEFAULT_ACCENT_COLOR } from '@vbc/shared/constants';

declare module '@mui/material/styles' {
  interface Palette {
    /** Verified-business colour: the corporate badge and dialog. */
    corporate: Palette['primary'];
  }
  interface PaletteOptions {
    corporate?: PaletteOptions['primary'];
  }
}

/** The system font stack: no web-font request (the CSP allows none from third parties). */
export const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * Fills that carry white text. WCAG 2.1 AA asks 4.5:1 for text, and one colour
 * cannot be both light enough to read on the dark page and dark enough to hold
 * white text, so each palette colour keeps its light `main` for text, rings and
 * icons on the page, and a `dark` fill for buttons and badges with white text.
 */
export const PRIMARY_FILL = '#7152f0';
const ERROR_FILL = '#c9364f';
const SUCCESS_FILL = '#237a46';
const fill = (color: string) => ({ backgroundColor: color, '&:hover': { backgroundColor: color, filter: 'brightness(.88)' } });

/** docs/contracts.md §9: a dark theme with primary, secondary, corporate, error, info, success and warning colours. */
const THEME_OPTIONS: ThemeOptions = {
  // No cssVariables / colorSchemes: the build leaves MUI's CSS-variables code out (vite.config.ts).
  breakpoints: { values: { ...BREAKPOINTS } },
  palette: {
    mode: 'dark',
    primary: { main: '#9a7dff', dark: PRIMARY_FILL, contrastText: '#fff' },
    secondary: { main: '#26c6da' },
    corporate: { main: '#3d8bfd', light: '#74aaff', dark: '#1f5fc4', contrastText: '#fff' },
    error: { main: '#f4516c', dark: ERROR_FILL, contrastText: '#fff' },
    info: { main: '#4fc3f7' },
    success: { main: '#2e9d5b', dark: SUCCESS_FILL, contrastText: '#fff' },
    warning: { main: '#f5a623' },
    background: { default: '#121218', paper: '#1c1c25' },
    divider: 'rgba(255,255,255,0.10)',
    // Colours without a contrastText of their own get the one of white or black that reaches AA.
    contrastThreshold: 4.5,
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: FONT_STACK,
    button: { textTransform: 'none', fontWeight: 600 },
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
  },
  components: {
    // No ink ripples (flat, calm press states); the production build leaves their code out (vite.config.ts).
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: {
        root: {
          transition: 'transform .08s ease',
          '&:active': { transform: 'scale(0.97)' },
          '&.Mui-focusVisible': { outline: '2px solid #9a7dff', outlineOffset: 2 },
        },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: {
          borderRadius: 999,
          // Contained buttons fill with the palette's `dark`, which holds white text at AA (see PRIMARY_FILL).
          variants: [
            { props: { variant: 'contained', color: 'primary' }, style: fill(PRIMARY_FILL) },
            { props: { variant: 'contained', color: 'error' }, style: fill(ERROR_FILL) },
            { props: { variant: 'contained', color: 'success' }, style: fill(SUCCESS_FILL) },
          ],
        },
      },
    },
    MuiChip: {
      styleOverrides: {
        root: {
          // Filled chips take the same AA fills as contained buttons (white on success.main is 3.4:1).
          variants: [
            { props: { variant: 'filled', color: 'primary' }, style: { backgroundColor: PRIMARY_FILL } },
            { props: { variant: 'filled', color: 'error' }, style: { backgroundColor: ERROR_FILL } },
            { props: { variant: 'filled', color: 'success' }, style: { backgroundColor: SUCCESS_FILL } },
          ],
        },
      },
    },
    MuiDialog: { styleOverrides: { paper: { backgroundImage: 'none' } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  },
};

/** The app's theme, left to right. */
export const theme = createTheme(THEME_OPTIONS);

let rtlTheme: Theme | null = null;

/**
 * The theme for a writing direction (issue 31): right to left, MUI mirrors its components (with
 * the emotion cache's mirrored CSS, emotion-cache.ts). Made the first time Arabic is shown.
 */
export function themeFor(direction: 'ltr' | 'rtl'): Theme {
  if (direction === 'ltr') return theme;
  rtlTheme ??= createTheme({ ...THEME_OPTIONS, direction: 'rtl' });
  return rtlTheme;
}

/** A card's accent colour (docs/contracts.md §9 default #282832). */
export const accentOf = (color: string | null | undefined): string =>
  color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_ACCENT_COLOR;

/** WCAG relative luminance of a #rrggbb colour (0 black … 1 white). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Fill for buttons and icon discs: the accent, unless it would vanish into the dark page (the #282832 default does). */
export const visibleAccent = (accent: string): string => (luminance(accent) < 0.045 ? BRAND_ACCENT : accent);

/** The product's own accent, for cards whose accent is too dark to see. */
export const BRAND_ACCENT = PRIMARY_FILL;

/** WCAG contrast ratio of two #rrggbb colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * A fill that holds white text at WCAG AA (4.5:1): the colour itself when it
 * does, else the same hue darkened just enough (a card's orange #ff512f becomes
 * #d0422a). Anything that is not a #rrggbb colour (a theme path) is returned as is.
 */
export function fillForWhiteText(color: string): string {
  let fill = color;
  for (let f = 1; /^#[0-9a-f]{6}$/i.test(color) && luminance(fill) > 0.178; f -= 0.01) {
    fill = color.replace(/\w\w/g, (c) =>
      Math.round(parseInt(c, 16) * f)
        .toString(16)
        .padStart(2, '0'),
    );
  }
  return fill;
}

/**
 * The colour as text on the app's dark surfaces at WCAG AA (4.5:1 on the paper, the lighter of them):
 * the colour itself when it does, else the same hue mixed with white just enough (the artist layout's
 * outlined name in a card's violet #7152f0). Anything that is not a #rrggbb colour is returned as is.
 */
export function textOnDark(color: string, background = theme.palette.background.paper): string {
  let text = color;
  for (let f = 0.01; /^#[0-9a-f]{6}$/i.test(color) && contrastRatio(text, background) < 4.5 && f <= 1; f += 0.01) {
    text = color.replace(/\w\w/g, (c) => {
      const v = parseInt(c, 16);
      return Math.round(v + (255 - v) * f)
        .toString(16)
        .padStart(2, '0');
    });
  }
  return text;
}

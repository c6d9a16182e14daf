/**
 * Production stand-in for MUI's CSS-variables theme code (`createThemeWithVars`
 * and `ThemeProviderWithVars`). This app's theme has no `cssVariables` and no
 * `colorSchemes` (src/theme.ts), so MUI never reaches that code; leaving it
 * out takes about 7 KB gzip off the first load (see vite.config.ts). Reaching
 * a stub means someone turned CSS variables on: it says so.
 */
const missing = (): never => {
  throw new Error('MUI CSS-variables themes are left out of this build: remove the alias in packages/web/vite.config.ts to use them.');
};

export default missing;
export const createGetCssVar = missing;
export const CssVarsProvider = missing;
export const Experimental_CssVarsProvider = missing;
export const useColorScheme = missing;
export const getInitColorSchemeScript = missing;

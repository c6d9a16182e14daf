/**
 * Production stand-in for MUI's TouchRipple. The theme turns ripples off for
 * every ButtonBase (src/theme.ts: pressed and focused states are drawn with
 * CSS instead), so MUI never mounts it; leaving its code out keeps the card's
 * first load under budget (see vite.config.ts).
 */
export default function TouchRipple(): null {
  return null;
}

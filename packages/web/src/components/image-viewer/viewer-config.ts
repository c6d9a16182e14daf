/** docs/contracts.md §9 image viewer defaults. */
export const IMAGE_VIEWER = {
  /** Slideshow interval. */
  intervalMs: 5000,
  /** Share of the viewport the image first covers. */
  initialCoverage: 0.9,
  minWidth: 200,
  minHeight: 100,
  zoomStep: 0.1,
  minZoom: 0.01,
  maxZoom: 100,
  zIndex: 2015,
  tooltipDelayMs: 1000,
} as const;

/** The zoom after one step in (`+1`) or out (`-1`), kept within the SPEC range. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = zoom * (1 + direction * IMAGE_VIEWER.zoomStep);
  return Math.min(IMAGE_VIEWER.maxZoom, Math.max(IMAGE_VIEWER.minZoom, next));
}

/**
 * The first display size of an image: scaled (up or down) so it covers
 * `initialCoverage` of the viewport on its limiting side, never smaller than
 * the minimum width/height.
 */
export function fitSize(natural: { width: number; height: number }, viewport: { width: number; height: number }) {
  const w = natural.width || 1;
  const h = natural.height || 1;
  const scale = Math.min((viewport.width * IMAGE_VIEWER.initialCoverage) / w, (viewport.height * IMAGE_VIEWER.initialCoverage) / h);
  return { width: Math.max(IMAGE_VIEWER.minWidth, Math.round(w * scale)), height: Math.max(IMAGE_VIEWER.minHeight, Math.round(h * scale)) };
}

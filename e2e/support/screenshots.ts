import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Where journeys keep their screenshots: a CI artifact (`e2e/artifacts/`, ignored by git). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

/** The two widths every touched screen is shown at (issue 30): a phone and a desktop. */
export const SCREENSHOT_WIDTHS = [390, 1280] as const;

/**
 * Saves what `page` shows at each of SCREENSHOT_WIDTHS as `<name>-<width>.png` (full page), then puts
 * the viewport back. Returns the files written.
 */
export async function screenshotAtWidths(page: Page, name: string): Promise<string[]> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new Error(`screenshot name "${name}": lowercase letters, digits and dashes only`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize();
  const files: string[] = [];
  for (const width of SCREENSHOT_WIDTHS) {
    await page.setViewportSize({ width, height: before?.height ?? 844 });
    const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  if (before) await page.setViewportSize(before);
  return files;
}

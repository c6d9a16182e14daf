import type { Locator } from 'playwright-core';

/** A box on the screen, named for the failure message. */
export interface TNamedBox {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The boxes of the named elements that are shown (a hidden or absent one is left out), in the
 * order given. Each locator must match at most one element.
 */
export async function boxesOf(named: Record<string, Locator>): Promise<TNamedBox[]> {
  const boxes: TNamedBox[] = [];
  for (const [name, locator] of Object.entries(named)) {
    if ((await locator.count()) === 0 || !(await locator.isVisible())) continue;
    const box = await locator.boundingBox();
    if (box && box.width > 0 && box.height > 0) {
      boxes.push({ name, left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height });
    }
  }
  return boxes;
}

/** "a × b" for every two boxes that share some area (touching edges do not count). */
export function overlapping(boxes: TNamedBox[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (width > 0.5 && height > 0.5) found.push(`${a.name} × ${b.name}`);
    }
  });
  return found;
}

/**
 * Why the text of each element `locator` matches is not wholly shown, if it is not: wider than
 * its own box (`scrollWidth > clientWidth`, an ellipsis or a line running out of it), cut by an
 * ancestor that clips (any `overflow` but visible), or past the window's edges. Empty when every
 * label reads whole.
 */
export async function cutText(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const label = (el: Element) => `"${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const el of elements as HTMLElement[]) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (el.scrollWidth > el.clientWidth + 0.5) found.push(`${label(el)} is wider than its box (${el.scrollWidth} > ${el.clientWidth})`);
      if (r.left < -0.5 || r.right > window.innerWidth + 0.5) found.push(`${label(el)} runs past the window`);
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const clip = a.getBoundingClientRect();
        if (r.left < clip.left - 0.5 || r.right > clip.right + 0.5) {
          found.push(`${label(el)} is cut by <${a.tagName.toLowerCase()}${a.dataset.testid ? ` data-testid=${a.dataset.testid}` : ''}>`);
          break;
        }
      }
    }
    return found;
  });
}

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The rule sets of WCAG 2.1 A and AA (issue 13: "every screen meets WCAG 2.1 AA"), plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Impacts that fail a journey; "moderate" and "minor" findings are reported by axe but do not fail it. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe-core over what the page shows now (the screen, and any dialog open
 * on it) and fails with a readable list when it finds a serious or critical
 * violation. `where` names the screen in the failure message.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  let failing = await violations(page);
  // A colour read while something was still fading in (a snackbar that appeared just as axe ran)
  // is half-blended: a finding must still be there once the page has settled again.
  if (failing.length > 0) {
    const first = new Set(failing.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`)));
    failing = (await violations(page))
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => first.has(`${v.id} ${n.target.join(' ')}`)) }))
      .filter((v) => v.nodes.length > 0);
  }
  if (failing.length === 0) return;
  const lines = failing.flatMap((v) => [
    `${v.impact} ${v.id}: ${v.help}`,
    ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`),
  ]);
  throw new Error(`Accessibility violations on ${where}:\n${lines.join('\n')}`);
}

/** Serious and critical findings of axe over the page once no transition has run for 150 ms. */
async function violations(page: Page) {
  // Transitions still running (a dialog fading in, a snackbar growing) make colours half-blended:
  // wait until none has run for 150 ms, since one can start just after another ends (an action's
  // snackbar appears as its list redraws).
  await page.evaluate(async () => {
    const running = () =>
      document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity && a.playState !== 'finished');
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(running().map((a) => a.finished.catch(() => undefined)));
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (running().length === 0) return;
    }
  });
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.filter((v) => FAILING.has(v.impact ?? ''));
}

/**
 * The page's heading outline is in order: exactly one h1, and no heading
 * deeper than one level below the heading before it (h1 → h3 skips a level).
 * Returns the outline ("1 Maria Santos", "2 What I do", …) for further checks.
 */
export async function expectHeadingOrder(page: Page, where: string): Promise<string[]> {
  const outline = await page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((hs) =>
      hs
        .filter((h) => h.getClientRects().length > 0 && !h.closest('[aria-hidden="true"]'))
        .map((h) => `${h.tagName[1]} ${h.textContent?.trim() ?? ''}`),
    );
  const levels = outline.map((h) => Number(h[0]));
  const problems: string[] = [];
  if (levels.filter((l) => l === 1).length !== 1) problems.push(`${levels.filter((l) => l === 1).length} h1 headings`);
  if (levels[0] !== 1) problems.push('the first heading is not the h1');
  levels.forEach((l, i) => {
    if (i > 0 && l > levels[i - 1]! + 1) problems.push(`"${outline[i]}" follows "${outline[i - 1]}"`);
  });
  if (problems.length) throw new Error(`Heading order on ${where}: ${problems.join('; ')}\n${outline.join('\n')}`);
  return outline;
}

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright';

/**
 * The serious and critical violations axe-core finds on the page as it stands (or in the parts
 * `include` selects), one line each.
 */
export async function violations(page: Page, include?: string | string[]): Promise<string[]> {
  // Colours are read as drawn: a button mid-way through its fade (a ripple, a page just shown)
  // has a colour it never rests at. The scan waits for what is moving to settle (finite ones only).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const r = await [include ?? []]
    .flat()
    .reduce((a, part) => a.include(part), axe)
    .analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

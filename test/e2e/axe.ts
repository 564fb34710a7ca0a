import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright';

/**
 * The serious and critical violations axe-core finds on the page as it stands (or in the part
 * `include` selects), one line each.
 */
export async function violations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const r = await (include ? axe.include(include) : axe).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

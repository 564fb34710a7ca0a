import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { billMarch } from '../pool/world.js';

// The Traffic page marks the requests a worker thread of the pool computed.
const s = browserSuite({ now: '2026-03-01T12:00:00Z', demo: false, appPort: 0 });

describe('the Traffic page shows which requests ran in a worker', () => {
  it('a month of quarter hours billed in a worker carries the mark; a small request does not', async () => {
    const { api } = s.env;
    const loc = await billMarch(api);
    const { page, errors } = await openApp(s, 'traffic', VIEWPORTS.large);
    try {
      const rows = page.locator('[data-journal]');
      const billed = rows.filter({ hasText: `POST /bills/${loc}` });
      await see(billed).toHaveCount(1);
      await see(billed.getByText('worker', { exact: true })).toBeVisible();
      const listed = rows.filter({ hasText: 'POST /tariffs' });
      await see(listed.getByText('worker', { exact: true })).toHaveCount(0);
      await billed.click();
      await see(billed).toContainText('computed on a worker thread');
      await shot(page, 'traffic-worker');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

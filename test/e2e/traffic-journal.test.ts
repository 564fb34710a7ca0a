import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Browser, Page } from 'playwright';
import { launch, shot, settled } from './browser.js';
import { liveHost } from './host.js';

let browser: Browser;
let env: Awaited<ReturnType<typeof liveHost>>;

beforeAll(async () => {
  browser = await launch();
  env = await liveHost({ demo: false });
});
afterAll(async () => {
  await browser?.close();
  await env?.host.stop();
});

/** Errors the page reports: uncaught exceptions and console errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

const rows = (page: Page) => page.locator('[data-journal]');
const journal = (page: Page) => page.getByLabel('Request journal');
const filters = (page: Page) => page.getByRole('search', { name: 'Journal filters' });

describe('the Traffic page journal as a tool', () => {
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    it(`hides the app's polling, searches, pauses, pages, clears; fault delete asks and undoes (${width}×${height})`, async () => {
      expect((await env.api('DELETE', '/journal')).status).toBe(200);
      const page = await browser.newPage({ viewport: { width, height } });
      const errors = watchErrors(page);
      try {
        await page.goto(`${env.info.app_url}/#/traffic`);
        await see(page.getByRole('heading', { name: 'Request journal' })).toBeVisible();

        // The app polls (its fault rules every 2 s, among others) and marks those requests.
        await see
          .poll(async () =>
            (await env.api('GET', '/journal?limit=500')).body.data.filter((e: any) => e.client === 'app'),
          )
          .not.toHaveLength(0);

        // Requests from another client appear; the app's own do not, by default.
        const mine = `/locations?limit=${width % 97}`;
        await env.api('GET', mine);
        await env.api('GET', '/locations/loc_nope');
        await env.api('GET', '/webhooks');
        await see(rows(page).filter({ hasText: `GET ${mine}` })).toHaveCount(1);
        await see(rows(page)).toHaveCount(3);
        await see(journal(page)).not.toContainText('GET /faults');
        await shot(page, `traffic-journal-${width}`);

        // Switched off, the app's polling shows, marked as the app's.
        // Clicked by its label, as a person would (checking the hidden input scrolls the switch's box).
        const hide = page.getByLabel("Hide the app's own requests");
        await page.getByText("Hide the app's own requests").click();
        await see(hide).not.toBeChecked();
        await see(rows(page).filter({ hasText: 'GET /faults' }).first()).toBeVisible({ timeout: 30_000 });
        await see(rows(page).filter({ hasText: 'GET /faults' }).first()).toContainText('app');
        await page.getByText("Hide the app's own requests").click();
        await see(hide).toBeChecked();
        await see(rows(page)).toHaveCount(3);

        // Search narrows to what matches, bodies included.
        await page.getByLabel('Search').fill('loc_nope');
        await see(rows(page)).toHaveCount(1);
        await see(rows(page).first()).toContainText('404');
        await rows(page).first().click();
        const response = rows(page).first().getByLabel('Response body', { exact: true });
        await see(response).toContainText('"code": "location_not_found"');
        await see(rows(page).first()).toContainText(/request id req_\w+/);
        await response.scrollIntoViewIfNeeded();
        await shot(page, `traffic-journal-search-${width}`);
        await page.getByLabel('Search').fill('');
        await filters(page).getByLabel('Status').click();
        await page.getByRole('option', { name: '2xx' }).click();
        await see(rows(page)).toHaveCount(2);
        await filters(page).getByLabel('Status').click();
        await page.getByRole('option', { name: 'Any' }).click();
        await see(rows(page)).toHaveCount(3);

        // Paused, nothing new comes in; resumed, it catches up.
        await page.getByRole('button', { name: 'Pause' }).click();
        await see(page.getByText('Paused', { exact: true })).toBeVisible();
        await env.api('GET', '/webhooks?limit=2');
        await page.waitForTimeout(2500);
        await see(rows(page).filter({ hasText: 'GET /webhooks?limit=2' })).toHaveCount(0);
        await page.getByRole('button', { name: 'Resume' }).click();
        await see(rows(page).filter({ hasText: 'GET /webhooks?limit=2' })).toHaveCount(1);

        // More than a page at once: the newest page shows, older ones on request. Sent while paused,
        // so that they reach the tail in one answer however slowly they go out.
        await page.getByRole('button', { name: 'Pause' }).click();
        for (let i = 1; i <= 60; i++) await env.api('GET', `/webhooks?limit=${i}`);
        await page.getByRole('button', { name: 'Resume' }).click();
        await see(rows(page).first()).toContainText('GET /webhooks?limit=60');
        await see(rows(page)).toHaveCount(50);
        await page.getByRole('button', { name: 'Load older' }).click();
        await see(rows(page)).toHaveCount(64);
        await see(page.getByRole('button', { name: 'Load older' })).toHaveCount(0);

        // Clear asks first, then empties the journal of this account and mode.
        await page.getByRole('button', { name: 'Clear', exact: true }).click();
        const ask = page.getByRole('dialog');
        await see(ask).toContainText('Clear the request journal?');
        await ask.getByRole('button', { name: 'Clear', exact: true }).click();
        await see(rows(page)).toHaveCount(0);
        await see(page.getByText('No requests yet')).toBeVisible();
        expect((await env.api('GET', '/journal?exclude_app=true')).body.data).toEqual([]);

        // The fault form starts empty: nothing to add until a pattern (and a status) is given.
        await see(page.getByRole('button', { name: 'Add fault' })).toBeDisabled();
        await page.getByLabel('Route pattern').fill('POST /prices/*');
        await page.getByLabel('Fault injection').getByLabel('Status').fill('422');
        await page.getByLabel('Fault injection').getByLabel('Code').fill('pending_connect');
        // Deleting a fault rule names it, asks, and can be undone.
        await page.getByRole('button', { name: 'Add fault' }).click();
        const rules = page.getByRole('table', { name: 'Fault rules' });
        await see(rules).toContainText('422 pending_connect');
        await page.getByRole('button', { name: 'Delete fault rule POST /prices/* → 422 pending_connect' }).click();
        await see(ask).toContainText('Delete fault rule “POST /prices/* → 422 pending_connect”?');
        await settled(page); // the dialog's fade-in, for the picture
        await shot(page, `traffic-fault-confirm-${width}`);
        await ask.getByRole('button', { name: 'Delete', exact: true }).click();
        await see(rules).not.toContainText('pending_connect');
        expect((await env.api('GET', '/faults')).body.data).toEqual([]);
        await page.getByRole('button', { name: 'Undo' }).click();
        await see(rules).toContainText('422 pending_connect');
        const back = (await env.api('GET', '/faults')).body.data;
        expect(back).toHaveLength(1);
        expect(back[0]).toMatchObject({
          pattern: 'POST /prices/*',
          kind: 'error',
          status: 422,
          code: 'pending_connect',
        });
        await see(page.getByRole('status').filter({ hasText: 'Undone' })).toBeVisible();
        await settled(page); // the snackbar's slide-in, for the picture
        await shot(page, `traffic-fault-undo-${width}`);
        await env.api('DELETE', `/faults/${back[0].id}`);

        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});

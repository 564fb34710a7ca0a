import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Browser, Page } from 'playwright';
import { launch, shot } from './browser.js';
import { pageErrors, VIEWPORTS } from './suite.js';
import { startTariffDesk, type TariffDesk } from '../../core/index.js';
import { berlinAddress } from '../helpers.js';

const ZERO = '2024-08-24';
const ANODE = '2025-09-14.anode';

let browser: Browser;
let td: TariffDesk;
beforeAll(async () => {
  browser = await launch();
  td = await startTariffDesk({ app: true, demo: true });
});
afterAll(async () => {
  await browser?.close();
  await td?.stop();
});

const versionGroup = (page: Page) => page.getByTestId('api-version');

describe("the account's default API version, chosen on the Settings page", () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`${size}: Zero is saved through the API, and the app, which speaks Anode, keeps working`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = pageErrors(page);
      try {
        await page.goto(`${td.appUrl}/#/settings`);
        const group = versionGroup(page);
        await see(group.getByRole('heading', { name: 'API version' })).toBeVisible();
        const anode = group.getByRole('button', { name: /^Anode/ });
        const zero = group.getByRole('button', { name: /^Zero/ });
        await see(anode).toHaveAttribute('aria-pressed', 'true');
        await zero.click();
        await see(zero).toHaveAttribute('aria-pressed', 'true');
        await see(anode).toHaveAttribute('aria-pressed', 'false');
        expect((await td.client.call('settings.retrieve')).api_version).toBe(ZERO);
        await group.scrollIntoViewIfNeeded();
        await page.mouse.move(0, 0);
        await shot(page, `settings-api-version-${viewport.width}x${viewport.height}`);

        // The app names Anode on every request, so its pages read as before with the default at Zero.
        const loc = await td.client.call('locations.create', {
          body: { postal_address: { ...berlinAddress, address_line1: `Versionsweg ${size}` } },
        });
        await page.goto(`${td.appUrl}/#/locations`);
        await see(page.getByText(`Versionsweg ${size}`).first()).toBeVisible();
        await page.goto(`${td.appUrl}/#/tariffs`);
        await see(page.getByRole('heading', { name: 'Tariffs' }).first()).toBeVisible();
        await page.goto(`${td.appUrl}/#/prices`);
        await see(page.getByRole('heading', { name: 'Prices' }).first()).toBeVisible();
        await td.client.call('locations.delete', { params: { id: loc.id } });

        // And back: the choice is the account's, the app stays on Anode either way.
        await page.goto(`${td.appUrl}/#/settings`);
        await versionGroup(page)
          .getByRole('button', { name: /^Anode/ })
          .click();
        await see(versionGroup(page).getByRole('button', { name: /^Anode/ })).toHaveAttribute('aria-pressed', 'true');
        expect((await td.client.call('settings.retrieve')).api_version).toBe(ANODE);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 480_000);
  }
});

describe('the Traffic page shows the version of every request', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`${size}: a chip per request, its version in the details, and a filter`, async () => {
      await td.client.call('journal.clear');
      const page = await browser.newPage({ viewport });
      const errors = pageErrors(page);
      try {
        await page.goto(`${td.appUrl}/#/traffic`);
        await see(page.getByRole('heading', { name: 'Request journal' })).toBeVisible();
        const rows = page.locator('[data-journal]');
        // One request in each generation through the kit's two typed clients.
        await td.zero.call('zero.locations.list', { query: { limit: 1 } });
        await td.client.call('customers.list', { query: { limit: 1 } });
        const zeroRow = rows.filter({ hasText: 'GET /locations' });
        const anodeRow = rows.filter({ hasText: 'GET /customers' });
        await see(zeroRow).toHaveCount(1);
        await see(anodeRow).toHaveCount(1);
        await see(zeroRow.locator(`[data-version="${ZERO}"]`)).toHaveText('Zero');
        await see(anodeRow.locator(`[data-version="${ANODE}"]`)).toHaveText('Anode');
        await zeroRow.click();
        await see(zeroRow).toContainText(`answered in API version ${ZERO} (Zero)`);
        await page.mouse.move(0, 0);
        await shot(page, `traffic-api-version-${viewport.width}x${viewport.height}`);

        const filters = page.getByRole('search', { name: 'Journal filters' });
        await filters.getByLabel('API version').click();
        await page.getByRole('option', { name: 'Zero' }).click();
        await see(anodeRow).toHaveCount(0);
        await see(zeroRow).toHaveCount(1);
        // Every row left is Zero's (the Zero client's own login included, on its first call).
        await see(rows.locator(`[data-version="${ANODE}"]`)).toHaveCount(0);
        expect(await rows.count()).toBe(await rows.locator(`[data-version="${ZERO}"]`).count());
        await shot(page, `traffic-api-version-filter-${viewport.width}x${viewport.height}`);
        await filters.getByLabel('API version').click();
        await page.getByRole('option', { name: 'Any' }).click();
        await see(anodeRow).toHaveCount(1);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 480_000);
  }
});

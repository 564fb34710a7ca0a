import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Locator, Page } from 'playwright';
import { shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';

/**
 * The frame around every page at a small laptop's width: the top bar stays one line with a moved
 * clock, locations at one city are told apart, "today" comes from the service clock in the
 * location's zone, and codes, dates and addresses never break in the middle.
 */
const s = browserSuite({ demo: true });

// The typed client logs in again after a clock move outlives its bearer.
const newLocation = (body: Record<string, unknown>) => s.env.client.call('locations.create', { body } as never);

/** How many lines an element's text takes (its boxes' distinct tops). */
const lines = (l: Locator) =>
  l.evaluate((e) => {
    const tops = [...e.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    // Boxes more than half a line apart sit on different lines.
    return tops.filter((t, i) => i === 0 || t - tops[i - 1]! > 8).length;
  });

/** Whether the element is what the user sees at its centre (not covered by the bar or anything else). */
const onTop = (l: Locator) =>
  l.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (e === hit || e.contains(hit));
  });

const bannerHeight = async (page: Page) => (await page.getByRole('banner').boundingBox())!.height;

describe('layout and labels, in Chromium', () => {
  it('keeps the top bar one line at 1024 px with a frozen, moved clock; the popover shows the zone', async () => {
    const { page, errors } = await openApp(s, 'overview', VIEWPORTS.small);
    const heading = page.getByRole('heading', { level: 1, name: 'Overview' });
    await see(heading).toBeVisible();
    await page.getByRole('button', { name: 'Service clock: real time' }).click();
    const popover = page.getByRole('presentation').getByRole('group', { name: 'Service clock' });
    // The time with its zone, and the instant as the service states it.
    await see(popover.getByTestId('clock-popover-now')).toHaveText(
      /\d{1,2}:\d{2}(\s?[AP]M)?\s+(UTC|GMT[+-]?[\d:]*|[A-Z]{3,5})$/,
    );
    await see(popover).toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/);
    await popover.getByRole('button', { name: 'Freeze' }).click();

    const bar = page.getByRole('banner').getByRole('group', { name: 'Service clock' });
    await see(bar).toHaveAttribute('data-clock-mode', 'frozen');
    // Below 1200 px the bar keeps the mode and the time; its buttons live in the popover.
    await see(bar.getByRole('button', { name: /^\+1 day/ })).toHaveCount(0);
    await bar.getByRole('button', { name: 'Move the service clock' }).click();
    await popover.getByRole('button', { name: /^\+1 day/ }).click();
    await see(bar.getByTestId('clock-words')).toHaveText('Frozen, 1 day ahead of real time');
    // Closed and gone, not fading out over the page.
    await see(page.locator('.MuiPopover-root')).toHaveCount(0);

    await shot(page, 'layout-clock-frozen-1024x700');
    expect(await bannerHeight(page)).toBeLessThanOrEqual(64);
    await see(heading).toBeVisible();
    expect(await onTop(heading), 'heading on top').toBe(true);
    expect(await onTop(page.getByRole('navigation', { name: 'Pages' }).getByText('Overview')), 'menu on top').toBe(
      true,
    );

    // At a large window the buttons stay in the bar, and it is still one line.
    await page.setViewportSize(VIEWPORTS.large);
    await see(bar.getByRole('button', { name: /^\+1 day/ })).toBeVisible();
    expect(await bannerHeight(page)).toBeLessThanOrEqual(64);
    await shot(page, 'layout-clock-frozen-1440x900');

    await bar.getByRole('button', { name: 'Real time' }).click();
    await see(page.getByRole('button', { name: 'Service clock: real time' })).toBeVisible();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells locations in one city apart by their street, in the list and in the pickers', async () => {
    const tor = { address_line1: 'Torstraße 1', city: 'Berlin', post_code: '10119', country_code: 'DE' };
    await newLocation({ postal_address: tor, reference_id: 'tor-a' });
    await newLocation({ postal_address: tor, reference_id: 'tor-b' });
    await newLocation({
      postal_address: { address_line1: 'Schönhauser Allee 10', city: 'Berlin', post_code: '10119', country_code: 'DE' },
    });
    const { page, errors } = await openApp(s, 'locations', VIEWPORTS.small);
    const list = page.getByRole('navigation', { name: 'Locations' });
    await see(list).toContainText('Schönhauser Allee 10, Berlin');
    const items = await list.getByRole('button').allInnerTexts();
    expect(items.filter((t) => t.startsWith('Torstraße 1, Berlin'))).toHaveLength(2);
    expect(items.filter((t) => t.startsWith('Schönhauser Allee 10, Berlin'))).toHaveLength(1);
    // City, country and zone on the second line; the twins differ by their reference.
    expect(items.find((t) => t.startsWith('Schönhauser'))).toMatch(/10119 · DE · Europe\/Berlin/);
    expect(new Set(items).size).toBe(items.length);
    expect(items.filter((t) => t.includes('tor-a') || t.includes('tor-b'))).toHaveLength(2);
    await shot(page, 'layout-locations-labels-1024x700');

    // The Tariffs picker names them the same way.
    await page.goto(`${s.env.info.app_url}/#/tariffs`);
    await page.getByRole('combobox', { name: 'Location' }).click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options.filter((t) => t.startsWith('Torstraße 1, Berlin'))).toHaveLength(2);
    expect(options.some((t) => t.startsWith('Schönhauser Allee 10, Berlin'))).toBe(true);
    expect(new Set(options).size).toBe(options.length);
    await shot(page, 'layout-tariffs-location-picker-1024x700');
    await page.keyboard.press('Escape');

    // And the Prices picker, where "see prices" after a connect session lands.
    for (const route of ['prices', 'schedules', 'compare']) {
      await page.goto(`${s.env.info.app_url}/#/${route}`);
      await page.getByRole('combobox', { name: 'Location' }).click();
      const named = await page.getByRole('option').allInnerTexts();
      expect([route, named.filter((t) => t.startsWith('Torstraße 1, Berlin')).length]).toEqual([route, 2]);
      expect([route, new Set(named).size]).toEqual([route, named.length]);
      await page.keyboard.press('Escape');
    }
    await shot(page, 'layout-compare-location-picker-1024x700');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("starts a new tariff's contract on the service clock's date at the location, not the browser's", async () => {
    // 03:00 UTC on 10 March 2025 is still the evening of the 9th in Chicago.
    const chicago = await newLocation({
      postal_address: { address_line1: '600 Congress Ave', city: 'Austin', post_code: '78701', country_code: 'US' },
      timezone: 'America/Chicago',
    });
    await s.env.client.call('clock.set', { body: { mode: 'frozen', now: '2025-03-10T03:00:00Z' } });
    try {
      const { page, errors } = await openApp(s, `tariffs?location=${chicago.id}`, VIEWPORTS.small);
      await page.getByRole('button', { name: 'New tariff' }).click();
      const dialog = page.getByRole('dialog', { name: 'New tariff' });
      await see(dialog.getByLabel('Contract start')).toHaveValue('2025-03-09');
      await see(dialog.getByLabel('Contract end')).toHaveValue('2026-03-09');
      await shot(page, 'layout-new-tariff-frozen-date-1024x700');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await s.env.client.call('clock.set', { body: { mode: 'real' } });
    }
  });

  describe.each(Object.entries(VIEWPORTS))('at the %s window', (_name, viewport) => {
    const size = `${viewport.width}x${viewport.height}`;

    it('Overview: service addresses stay on one line, each with its copy button', async () => {
      const { page, errors } = await openApp(s, 'overview', viewport);
      const table = page.getByRole('table', { name: 'Service addresses' });
      await see(table).toContainText('REST API');
      for (const code of await table.locator('code').all()) expect(await lines(code)).toBe(1);
      await see(table.getByRole('button', { name: 'Copy REST API' })).toBeVisible();
      await shot(page, `layout-overview-${size}`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('Locations: codes and dates never break in the middle', async () => {
      const { page, errors } = await openApp(s, 'locations', viewport);
      await page.getByRole('navigation', { name: 'Locations' }).getByText('Sydney').first().click();
      const status = page.getByLabel('Location status');
      await see(status.locator('[data-slot]').first()).toBeVisible();
      const codes = status.locator('[data-code]');
      expect(await codes.count()).toBeGreaterThan(0);
      for (const c of await codes.all()) expect(await lines(c)).toBe(1);
      await shot(page, `layout-locations-${size}`);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('Tariffs: the location picker clears the tariff card; the header actions share one line', async () => {
      const berlin = (await s.env.client.call('locations.list', { query: { limit: 100 } })).data.find(
        (l) => l.reference_id === 'demo-berlin',
      )!;
      const { page, errors } = await openApp(s, `tariffs?location=${berlin.id}`, viewport);
      const card = page.getByLabel('Tariff', { exact: true });
      await see(card).toBeVisible();
      const picker = (await page.getByRole('combobox', { name: 'Location' }).boundingBox())!;
      const box = (await card.boundingBox())!;
      const apart =
        picker.x + picker.width <= box.x || picker.y + picker.height <= box.y || box.y + box.height <= picker.y;
      expect(apart, `picker ${JSON.stringify(picker)} card ${JSON.stringify(box)}`).toBe(true);
      const tops = await Promise.all(
        ['Rename', 'Contract dates', 'Delete'].map(
          async (n) => (await card.getByRole('button', { name: n, exact: true }).boundingBox())!.y,
        ),
      );
      expect(new Set(tops).size, `button tops ${tops}`).toBe(1);
      await shot(page, `layout-tariffs-${size}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  });
});

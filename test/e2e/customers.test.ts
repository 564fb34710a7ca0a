import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page } from 'playwright';
import { topShot as shot, settled } from './browser.js';
import { browserSuite, openApp } from './suite.js';

/**
 * The Customers page on a real host: search, create, edit, delete with a confirmation naming the
 * locations that go; the customer's locations; the account's devices with last seen in words
 * and as a time. The clock is frozen, so "ago" is exact.
 */
const NOW = '2026-11-20T10:00:00Z';
const s = browserSuite({ demo: true, now: NOW });
const SIZES = [
  ['1280x800', { width: 1280, height: 800 }],
  ['800', { width: 800, height: 900 }],
] as const;

const customerByRef = async (ref: string) =>
  (await s.env.client.call('customers.list', { query: { reference_id: ref } })).data[0];
const listItem = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Customers' }).getByRole('button', { name: new RegExp(`^${name}`) });

describe('the Customers page, in Chromium', () => {
  it('lists the demo customer with its two locations, linked to the Locations page', async () => {
    const demo = (await customerByRef('demo-household'))!;
    expect(demo.locations).toHaveLength(2);
    for (const [size, viewport] of SIZES) {
      const { page, errors } = await openApp(s, 'customers', viewport);
      await see(listItem(page, 'demo-household')).toContainText('2 locations');
      const view = page.getByLabel('Customer', { exact: true });
      await see(view.getByRole('heading', { name: 'demo-household' })).toBeVisible();
      const places = view.getByRole('list', { name: 'Locations of the customer' });
      await see(places.getByRole('listitem')).toHaveCount(2);
      await see(places).toContainText('Invalidenstraße 44, Berlin');
      await see(places).toContainText('10 Lambeth Road, London');
      await see(page.getByTestId('devices')).toContainText('demo-ev-charger');
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      await shot(page, `customers-${size}`);
      if (size === '800') {
        await places.getByRole('button', { name: 'Invalidenstraße 44, Berlin' }).click();
        await see(page).toHaveURL(new RegExp(`#/locations\\?id=${demo.locations[0]}$`));
        await see(page.getByRole('heading', { level: 2, name: /Invalidenstraße 44/ })).toBeVisible();
        // The location names its customer and leads back.
        await page.getByRole('button', { name: 'demo-household' }).click();
        await see(page).toHaveURL(new RegExp(`#/customers\\?id=${demo.id}$`));
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('creates, finds, edits and deletes a customer; the confirmation names the locations that go', async () => {
    const { page, errors } = await openApp(s, 'customers', { width: 1280, height: 800 });
    await page.getByRole('button', { name: 'New customer' }).click();
    const create = page.getByRole('dialog', { name: 'New customer' });
    await create.getByLabel('Reference').fill('acme-42');
    await create.getByRole('button', { name: 'Create' }).click();
    await see(create).toBeHidden();
    const acme = (await customerByRef('acme-42'))!;
    expect(acme.locations).toEqual([]);
    await see(page).toHaveURL(new RegExp(`#/customers\\?id=${acme.id}$`));
    const view = page.getByLabel('Customer', { exact: true });
    await see(view.getByRole('heading', { name: 'acme-42' })).toBeVisible();
    await see(view).toContainText('None yet');

    // Search by reference: a part of it is enough; nothing found is said.
    const search = page.getByLabel('Search by reference');
    await search.fill('acme');
    await see(page.getByRole('navigation', { name: 'Customers' }).getByRole('button')).toHaveCount(1);
    await see(listItem(page, 'acme-42')).toBeVisible();
    await search.fill('nobody');
    await see(page.getByText('No customer’s reference contains “nobody”.')).toBeVisible();
    await search.fill('');

    await view.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit customer “acme-42”' });
    await edit.getByLabel('Reference').fill('acme-43');
    await edit.getByRole('button', { name: 'Save' }).click();
    await see(view.getByRole('heading', { name: 'acme-43' })).toBeVisible();
    expect((await s.env.client.call('customers.retrieve', { params: { id: acme.id } })).reference_id).toBe('acme-43');

    // A location joins the customer from the Locations page's form.
    await page.goto(`${s.env.info.app_url}/#/locations`);
    await page.getByRole('button', { name: 'New location' }).first().click();
    const form = page.getByRole('dialog', { name: 'New location' });
    await form.getByLabel('Street and number').fill('Kastanienallee 7');
    await form.getByLabel('Post code').fill('10435');
    await form.getByLabel('City').fill('Berlin');
    await form.getByLabel('Customer').click();
    await page.getByRole('option', { name: 'acme-43' }).click();
    await form.getByRole('button', { name: 'Create' }).click();
    await see(form).toBeHidden();
    const owned = (await s.env.client.call('customers.retrieve', { params: { id: acme.id } })).locations;
    expect(owned).toHaveLength(1);
    const place = await s.env.client.call('locations.retrieve', { params: { id: owned[0]! } });
    expect(place.customer_id).toBe(acme.id);

    await page.goto(`${s.env.info.app_url}/#/customers?id=${acme.id}`);
    await see(view.getByRole('list', { name: 'Locations of the customer' })).toContainText('Kastanienallee 7, Berlin');
    await view.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete customer “acme-43”?' });
    await see(confirm).toContainText(
      'Its location goes with it, with their tariffs and meter records: Kastanienallee 7, Berlin. This cannot be undone.',
    );
    await settled(page); // the dialog's fade-in, for the screenshot
    await shot(page, 'customers-delete-confirm-1280x800');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Deleted' })).toHaveText(
      'Deleted “acme-43” and its location.',
    );
    await see(listItem(page, 'acme-43')).toHaveCount(0);
    const gone = await s.env.api('GET', `/customers/${acme.id}`);
    expect(gone.status).toBe(404);
    expect((await s.env.api('GET', `/locations/${place.id}`)).status).toBe(404);

    // The demo customer's confirmation names both of its locations; Cancel keeps everything.
    await listItem(page, 'demo-household').click();
    await view.getByRole('button', { name: 'Delete' }).click();
    const both = page.getByRole('dialog', { name: 'Delete customer “demo-household”?' });
    await see(both.getByTestId('locations-going')).toHaveText('Invalidenstraße 44, Berlin and 10 Lambeth Road, London');
    await page.setViewportSize({ width: 800, height: 900 });
    await settled(page); // the dialog's fade-in, for the screenshot
    await shot(page, 'customers-delete-confirm-800');
    await both.getByRole('button', { name: 'Cancel' }).click();
    expect((await customerByRef('demo-household'))!.locations).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('devices: last seen in words and as a time, following meter records; create, edit, delete', async () => {
    const charger = (await s.env.client.call('devices.list', { query: { reference_id: 'demo-ev-charger' } })).data[0]!;
    // Seeded at the host's now; with the clock three hours on (frozen there), it was last seen three hours ago.
    expect(charger.last_seen).toBe(NOW);
    await s.env.client.call('clock.set', { body: { mode: 'frozen', now: '2026-11-20T13:00:00Z' } });
    const { page, errors } = await openApp(s, 'customers', { width: 1280, height: 800 });
    const row = (id: string) => page.getByRole('table', { name: 'Devices' }).locator(`[data-device="${id}"]`);
    const seen = row(charger.id).getByTestId('last-seen');
    await see(seen.locator('strong')).toHaveText('3 hours ago');
    await see(seen.locator('time')).toHaveAttribute('datetime', charger.last_seen!);
    await see(seen.locator('time')).toContainText('Fri 20 Nov 2026,');

    await page.getByRole('button', { name: 'New device' }).click();
    const create = page.getByRole('dialog', { name: 'New device' });
    await create.getByLabel('Reference').fill('heat-pump-1');
    await create.getByRole('button', { name: 'Create' }).click();
    await see(create).toBeHidden();
    const pump = (await s.env.client.call('devices.list', { query: { reference_id: 'heat-pump-1' } })).data[0]!;
    await see(row(pump.id).getByTestId('last-seen')).toHaveText('Never: no meter record has named it yet');
    await shot(page, 'customers-devices-1280x800');

    // A record naming it: last seen is the service clock's now, "just now".
    const berlin = (await s.env.client.call('locations.list', { query: { reference_id: 'demo-berlin' } })).data[0]!;
    const batch = await s.env.client.call('meters.interval', {
      body: [
        {
          location_id: berlin.id,
          device_id: pump.id,
          units: 'KWH',
          value: 1.5,
          start_time: '2026-11-20T08:00:00Z',
          end_time: '2026-11-20T09:00:00Z',
        },
      ],
    });
    expect(batch.records_accepted).toBe(1);
    const touched = await s.env.client.call('devices.retrieve', { params: { id: pump.id } });
    expect(touched.last_seen).toBe('2026-11-20T13:00:00Z');
    await page.reload();
    await see(row(pump.id).getByTestId('last-seen').locator('strong')).toHaveText('just now');
    await see(row(pump.id).locator('time')).toHaveAttribute('datetime', touched.last_seen!);

    await row(pump.id).getByRole('button', { name: 'Edit heat-pump-1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit device “heat-pump-1”' });
    await edit.getByLabel('Reference').fill('heat-pump-2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await see(row(pump.id)).toContainText('heat-pump-2');
    expect((await s.env.client.call('devices.retrieve', { params: { id: pump.id } })).reference_id).toBe('heat-pump-2');

    await page.setViewportSize({ width: 800, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shot(page, 'customers-devices-800');
    await row(pump.id).getByRole('button', { name: 'Delete heat-pump-2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete device “heat-pump-2”?' });
    await see(confirm).toContainText('Its meter records stay');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await see(row(pump.id)).toHaveCount(0);
    await expect(s.env.client.call('devices.retrieve', { params: { id: pump.id } })).rejects.toMatchObject({
      status: 404,
      code: 'device_not_found',
    });
    // Its record stays at the location.
    const kept = await s.env.client.call('meter_records.list', { query: { device_id: pump.id } });
    expect(kept.data).toHaveLength(1);

    expect(errors).toEqual([]);
    await page.close();
  });
});

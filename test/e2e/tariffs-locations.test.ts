import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Browser, Page } from 'playwright';
import { launch, shot } from './browser.js';
import { liveHost, type LiveHost } from './host.js';

/**
 * Tariffs and locations as a daily tool: rename, contract dates, delete with a named confirmation
 * and undo; the New tariff dialog's defaults; location edit and delete; disconnect asks first;
 * codes shown in words; the connect frame fits the window. At a large and a small window.
 */
describe.each([
  [1440, 900],
  [1024, 700],
])('tariffs and locations at %i×%i', (width, height) => {
  const size = `${width}x${height}`;
  let browser: Browser;
  let env: LiveHost;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    env = await liveHost({ demo: true });
    page = await browser.newPage({ viewport: { width, height } });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    // A failed request is logged as a console error too; those are checked by URL below.
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        problems.push(`console: ${m.text()}`);
    });
    page.on('response', (r) => {
      const what = `${r.request().method()} ${new URL(r.url()).pathname}`;
      // The one refusal the dates test provokes on purpose.
      if (r.status() >= 400 && !(r.status() === 422 && what.startsWith('PATCH /tariffs/')))
        problems.push(`${r.status()} ${what} (${expect.getState().currentTestName})`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await env?.host.stop();
  });

  const go = (hash: string) => page.goto(`${env.info.app_url}/#/${hash}`);
  const locationId = async (ref: string): Promise<string> =>
    (await env.api('GET', '/locations?limit=100')).body.data.find((l: any) => l.reference_id === ref).id;
  const tariffsOf = async (loc: string): Promise<any[]> =>
    (await env.api('GET', `/tariffs?location_id=${loc}`)).body.data;
  const snackbar = () => page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Undo' }) });

  it('renames a tariff', async () => {
    const sydney = await locationId('demo-sydney');
    const [t] = await tariffsOf(sydney);
    await go(`tariffs?location=${sydney}&id=${t.id}`);
    const card = page.getByLabel('Tariff', { exact: true });
    await see(card.getByRole('heading', { name: 'Home three-rate' })).toBeVisible();
    await card.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename “Home three-rate”' });
    await dialog.getByLabel('Name').fill('Sydney three-rate');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await see(dialog).toBeHidden();
    await see(card.getByRole('heading', { name: 'Sydney three-rate' })).toBeVisible();
    await see(page.getByRole('navigation', { name: 'Tariffs' })).toContainText('Sydney three-rate');
    expect((await env.api('GET', `/tariffs/${t.id}`)).body.display_name).toBe('Sydney three-rate');
  });

  it('changes contract dates: checked before sending, and the service’s refusal shown in words', async () => {
    const sydney = await locationId('demo-sydney');
    const [t] = await tariffsOf(sydney);
    // A later supply contract at the same location, so an overlapping window is refused.
    const later = await env.api('POST', '/tariffs', {
      location_id: sydney,
      type: 'COMMODITY',
      display_name: 'Next contract',
      contract_start_date: '2031-01-01',
      contract_end_date: '2032-01-01',
      schedule: t.schedule,
    });
    expect(later.status).toBe(200);
    await go(`tariffs?location=${sydney}&id=${t.id}`);
    await page.getByRole('button', { name: 'Contract dates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contract dates of “Sydney three-rate”' });
    await dialog.getByLabel('Contract start').fill('2026-02-01');
    await dialog.getByLabel('Contract end').fill('2026-01-01');
    await see(dialog.getByText('The end must be after the start.')).toBeVisible();
    await see(dialog.getByRole('button', { name: 'Save dates' })).toBeDisabled();

    await dialog.getByLabel('Contract end').fill('2031-06-30');
    await dialog.getByRole('button', { name: 'Save dates' }).click();
    await see(dialog.getByRole('alert')).toContainText('already has COMMODITY IMPORT tariff ‘Next contract’');
    await see(dialog.getByRole('alert')).toContainText(later.body.id);
    await see(dialog.getByRole('alert')).toContainText('commodity_overlap');
    await shot(page, `tariffs-dates-refused-${size}`);

    await dialog.getByLabel('Contract end').fill('2030-06-30');
    await dialog.getByRole('button', { name: 'Save dates' }).click();
    await see(dialog).toBeHidden();
    await see(page.getByText('contract 2026-02-01 → 2030-06-30')).toBeVisible();
    const after = (await env.api('GET', `/tariffs/${t.id}`)).body;
    // Dates the app sends are stored as local midnight in Sydney, as date-times.
    expect([after.contract_start_date, after.contract_end_date]).toEqual([
      '2026-02-01T00:00:00+11:00',
      '2030-06-30T00:00:00+10:00',
    ]);
    // Gone behind the app's back: load the app afresh so its lists do not offer it.
    await env.api('DELETE', `/tariffs/${later.body.id}`);
    await page.reload();
  });

  it('deletes a tariff after a confirmation that names it; undo re-creates it with a new id', async () => {
    const sydney = await locationId('demo-sydney');
    const [t] = await tariffsOf(sydney);
    await go(`tariffs?location=${sydney}&id=${t.id}`);
    const remove = page.getByLabel('Tariff', { exact: true }).getByRole('button', { name: 'Delete', exact: true });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete tariff “Sydney three-rate”?' });
    await see(dialog).toContainText('Supply (import)');
    await see(dialog).toContainText('a typed-in copy with a new id');
    await shot(page, `tariffs-delete-confirm-${size}`);
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await tariffsOf(sydney)).map((x) => x.id)).toEqual([t.id]);

    await remove.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await see(snackbar()).toContainText('Deleted “Sydney three-rate”. Undo brings it back with a new id.');
    expect(await tariffsOf(sydney)).toEqual([]);
    await see(page.getByText('No tariffs: create one, or connect one.')).toBeVisible();
    await shot(page, `tariffs-deleted-undo-${size}`);
    await snackbar().getByRole('button', { name: 'Undo' }).click();
    await see(page.getByRole('navigation', { name: 'Tariffs' })).toContainText('Sydney three-rate');
    const back = await tariffsOf(sydney);
    expect(back).toHaveLength(1);
    expect(back[0].id).not.toBe(t.id);
    expect(back[0]).toMatchObject({
      display_name: 'Sydney three-rate',
      contract_start_date: '2026-02-01T00:00:00+11:00',
      contract_end_date: '2030-06-30T00:00:00+10:00',
      schedule: t.schedule,
    });
    await see(page).toHaveURL(new RegExp(`id=${back[0].id}`));
  });

  it('New tariff: starts as a supply tariff, says when supply is taken, and fresh fields on reopening', async () => {
    const berlin = await locationId('demo-berlin');
    await go(`tariffs?location=${berlin}`);
    await page.getByRole('button', { name: 'New tariff' }).click();
    let dialog = page.getByRole('dialog', { name: 'New tariff' });
    // A new tariff is what a location buys, even where its supply is taken for these dates.
    await see(dialog.getByRole('combobox', { name: 'Kind' })).toContainText('Supply (import)');
    await see(dialog.getByRole('alert')).toContainText('Supply (import) is taken for these dates by “Nordlicht Nacht”');
    await see(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await see(page.getByRole('option', { name: /Supply \(import\).*taken by “Nordlicht Nacht”/ })).toBeVisible();
    await page.getByRole('option', { name: /Local generation/ }).click();
    await see(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByLabel('Name').fill('Scratch');
    await shot(page, `tariffs-new-taken-${size}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await see(dialog).toBeHidden();

    await page.getByRole('button', { name: 'New tariff' }).click();
    dialog = page.getByRole('dialog', { name: 'New tariff' });
    await see(dialog.getByLabel('Name')).toHaveValue('New tariff');
    await see(dialog.getByRole('combobox', { name: 'Kind' })).toContainText('Supply (import)');
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: /Local generation/ }).click();
    await see(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await see(dialog).toBeHidden();
    const made = (await tariffsOf(berlin)).find((t) => t.display_name === 'New tariff');
    expect(made).toMatchObject({ type: 'COMMODITY', direction: 'LOCAL', connection_type: 'MANUAL' });
    await see(page).toHaveURL(new RegExp(`id=${made.id}`));
  });

  it('an export tariff offers no charges: they belong on the supply tariff', async () => {
    const berlin = await locationId('demo-berlin');
    const feedIn = (await tariffsOf(berlin)).find((t) => t.direction === 'EXPORT');
    expect(feedIn).toBeDefined();
    expect(feedIn.charges).toBeUndefined();
    await go(`tariffs?location=${berlin}&id=${feedIn.id}`);
    const charges = page.getByLabel('Charges', { exact: true });
    await see(charges).toContainText('An export tariff takes no charges');
    await see(page.getByRole('button', { name: 'Add a daily charge' })).toHaveCount(0);
    await charges.scrollIntoViewIfNeeded();
    await shot(page, `tariffs-export-no-charges-${size}`);
    // The service refuses them too, naming the field.
    const r = await env.api('PATCH', `/tariffs/${feedIn.id}`, { charges: { fixed: [{ amount: 0.5, per: 'DAY' }] } });
    expect([r.status, r.body.code]).toEqual([400, 'charges_export']);
    expect(r.body.message).toContain('charges.fixed');
  });

  it('edits a location’s address', async () => {
    const london = await locationId('demo-london');
    await go(`locations?id=${london}`);
    const status = page.getByLabel('Location status');
    await see(status.getByRole('heading', { name: '10 Lambeth Road, SE1 7PB London' })).toBeVisible();
    await status.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit “10 Lambeth Road, SE1 7PB London”' });
    await see(dialog.getByLabel('Time zone')).toHaveValue('Europe/London');
    await dialog.getByLabel('Street and number').fill('12 Lambeth Road');
    await shot(page, `locations-edit-${size}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await see(dialog).toBeHidden();
    await see(status.getByRole('heading', { name: '12 Lambeth Road, SE1 7PB London' })).toBeVisible();
    const loc = (await env.api('GET', `/locations/${london}`)).body;
    expect(loc.postal_address).toMatchObject({ address_line1: '12 Lambeth Road', city: 'London', country_code: 'GB' });
    expect(loc.timezone).toBe('Europe/London');
  });

  it('disconnect asks first, naming the tariff; undo connects a copy again', async () => {
    const berlin = await locationId('demo-berlin');
    await go(`locations?id=${berlin}`);
    const grid = page.locator('[data-slot="non_commodity_import"]');
    const name = (await tariffsOf(berlin)).find((t) => t.type === 'NON_COMMODITY').display_name as string;
    await grid.getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: `Disconnect “${name}”?` });
    await see(dialog).toContainText('Invalidenstraße 44');
    await shot(page, `locations-disconnect-confirm-${size}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await see(grid).toContainText('Connected');

    await grid.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await see(grid.locator('[data-status="NOT_CONNECTED"]')).toContainText('Not connected');
    await see(grid).toContainText('NOT_CONNECTED');
    expect((await tariffsOf(berlin)).filter((t) => t.type === 'NON_COMMODITY')).toEqual([]);
    await snackbar().getByRole('button', { name: 'Undo' }).click();
    await see(grid.locator('[data-status="CONNECTED"]')).toBeVisible();
    expect((await tariffsOf(berlin)).filter((t) => t.type === 'NON_COMMODITY').map((t) => t.display_name)).toEqual([
      name,
    ]);
  });

  it('deletes a location after a confirmation naming it and its tariffs; undo brings both back', async () => {
    const austin = await locationId('demo-austin');
    await go(`locations?id=${austin}`);
    await page.getByLabel('Location status').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete location “500 Congress Ave, 78701 Austin”?' });
    await see(dialog).toContainText('Its tariff goes with it: “Time of Use 4-9 pm”.');
    await shot(page, `locations-delete-confirm-${size}`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await see(snackbar()).toContainText('Deleted “500 Congress Ave, 78701 Austin” and its tariff.');
    expect((await env.api('GET', `/locations/${austin}`)).status).toBe(404);
    await see(page.getByRole('navigation', { name: 'Locations' })).not.toContainText('Austin');
    await snackbar().getByRole('button', { name: 'Undo' }).click();
    await see(page.getByRole('navigation', { name: 'Locations' })).toContainText('500 Congress Ave, Austin');
    const copy = await locationId('demo-austin');
    expect(copy).not.toBe(austin);
    expect((await tariffsOf(copy)).map((t) => t.display_name)).toEqual(['Time of Use 4-9 pm']);
    await see(page.getByLabel('Location status').getByRole('heading', { level: 2 })).toHaveText(
      '500 Congress Ave, 78701 Austin',
    );
  });

  it('shows codes in words, with the code beside them and the meaning on hover', async () => {
    const berlin = await locationId('demo-berlin');
    await go(`locations?id=${berlin}`);
    const status = page.getByLabel('Location status');
    // Each pair: the words, then the code still shown beside them.
    const supply = page.locator('[data-slot="commodity_import"]');
    for (const [where, words, code] of [
      [status, 'Day-ahead market, Germany–Luxembourg', 'DE-LU'],
      [supply, 'From the library', 'LIBRARY'],
      [supply, 'Time of day', 'TIME_OF_DAY'],
      [supply, 'Connected', 'CONNECTED'],
    ] as const) {
      await see(where).toContainText(words);
      await see(where.locator(`[data-code="${code}"]`).first()).toBeVisible();
    }
    await see(supply).toContainText('Supply (import)');
    await supply.getByText('From the library').hover();
    await see(page.getByRole('tooltip')).toContainText("A provider's published tariff");
    await shot(page, `locations-words-${size}`);

    await go('library');
    await see(page.getByRole('table', { name: 'Providers' })).toContainText('Provider login');
    await see(page.getByRole('table', { name: 'Providers' })).toContainText('DIRECT');

    await go(`tariffs?location=${berlin}`);
    await see(page.getByRole('navigation', { name: 'Tariffs' })).toContainText('Feed-in (export)');
    await see(page.getByLabel('Tariff', { exact: true })).toContainText('COMMODITY+');
  });

  it('the connect frame fits the window; Done on an existing tariff completes the session in words', async () => {
    const berlin = await locationId('demo-berlin');
    await go(`connect?location=${berlin}&type=COMMODITY&direction=IMPORT`);
    // Words in the field; the code stands beside them, quietly, in the list.
    const kind = page.getByRole('combobox', { name: 'Tariff to connect' });
    await see(kind).toHaveText('Supply (import)');
    await kind.click();
    await see(
      page.getByRole('option', { name: /^Supply \(import\)/ }).locator('[data-code="COMMODITY+IMPORT"]'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Start connect session' }).click();
    const box = (await page.locator('iframe[title="Connect session"]').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(box.height).toBeGreaterThanOrEqual(440);
    const frame = page.frameLocator('iframe[title="Connect session"]');
    await see(frame.getByRole('heading', { name: 'Nordlicht Nacht' })).toBeVisible();
    await see(page.getByText('Waiting for the customer to finish in the sheet…')).toBeVisible();
    await shot(page, `connect-frame-${size}`);
    await frame.getByRole('button', { name: 'Done' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Session completed for' });
    await see(done).toContainText('Session completed for Invalidenstraße 44, 10115 Berlin — price available');
    await see(done).toContainText(/evt_/);
    await see(page.getByText('Waiting for the customer to finish in the sheet…')).toHaveCount(0);
    // Done closes the sheet: the result stays.
    await see(page.locator('iframe[title="Connect session"]')).toHaveCount(0);
    await shot(page, `connect-done-${size}`);
    await done.getByRole('button', { name: 'see prices' }).click();
    await see(page).toHaveURL(new RegExp(`#/prices\\?location=${berlin}`));

    await go('overview');
    await see(page.getByLabel('Recent connect sessions')).toContainText(
      'Session completed for Invalidenstraße 44, 10115 Berlin',
    );
    await shot(page, `overview-sessions-${size}`);
  });

  it('no console errors or page exceptions', () => {
    expect(problems).toEqual([]);
  });
});

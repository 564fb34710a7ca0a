import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Browser, Page } from 'playwright';
import { launch, shot } from './browser.js';
import { liveHost } from './host.js';

let browser: Browser;
let env: Awaited<ReturnType<typeof liveHost>>;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  env = await liveHost({ demo: true });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await env?.host.stop();
});

const go = async (hash: string) => {
  await page.goto(`${env.info.app_url}/#/${hash}`);
};

async function locationId(ref: string): Promise<string> {
  const all = (await env.api('GET', '/locations?limit=100')).body.data;
  return all.find((l: any) => l.reference_id === ref).id;
}

describe('the admin app in Chromium, served by the headless host', () => {
  it('overview: addresses and credentials', async () => {
    await go('overview');
    await see(page.getByRole('table', { name: 'Service addresses' })).toContainText(env.info.api_url);
    const creds = page.getByRole('table', { name: 'Credentials' });
    // Keys are masked until Show: the last four characters only, then the whole key.
    await see(creds).toContainText(env.info.test_key.slice(-4));
    await see(creds).not.toContainText(env.info.test_key);
    await creds.getByRole('button', { name: 'Show Test key' }).click();
    await see(creds).toContainText(env.info.test_key);
    await see(page.getByText('Locations').first()).toBeVisible();
    await shot(page, 'admin-overview');
  });

  it('the status viewer shows a connected tariff and the grid-fee offer', async () => {
    // The demo Berlin location has its grid fee connected; take it away to see the offer.
    const berlin = await locationId('demo-berlin');
    await env.api('POST', '/connect/token', {
      callback_url: `${env.info.connect_web_url}/complete`,
      location_id: berlin,
      tariff_type: 'NON_COMMODITY',
      tariff_direction: 'IMPORT',
      actions: { disconnect_tariff: true },
    });
    await go(`locations?id=${berlin}`);
    const supply = page.locator('[data-slot="commodity_import"]');
    await see(supply).toContainText('CONNECTED');
    await see(supply).toContainText('Nordlicht Energie');
    await see(supply).toContainText('Nordlicht Nacht');
    await see(supply).toContainText('Time of day');
    await see(supply).toContainText('TIME_OF_DAY');
    const grid = page.locator('[data-slot="non_commodity_import"]');
    await see(grid.getByRole('note', { name: 'Grid-fee offer' })).toContainText('Spreenetz Berlin');
    await see(grid.getByRole('button', { name: 'Connect grid fee' })).toBeVisible();
    await shot(page, 'admin-locations');
  });

  it('a schedule edited with the mouse changes the price chart', async () => {
    const sydney = await locationId('demo-sydney');
    const tariff = (await env.api('GET', `/tariffs?location_id=${sydney}`)).body.data[0];
    await go(`tariffs?location=${sydney}&id=${tariff.id}`);
    const chart = page.getByRole('img', { name: 'Price preview' });
    await see(chart).toBeVisible();
    const before = await chart.getAttribute('data-average');
    // Remove the 15:00–21:00 peak band, then draw a new one from 17:00 to 19:00 with the mouse.
    const peak = page.getByRole('button', { name: /Band 15:00 to 21:00/ });
    await peak.click();
    await peak.press('Delete');
    await see(page.getByText(/Gap [^:]*: 15:00–21:00 has no band/)).toBeVisible();
    const track = page.getByRole('group', { name: 'All track' });
    const box = (await track.boundingBox())!;
    const x = (h: number) => box.x + (box.width * h) / 24;
    await page.mouse.move(x(17), box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(x(18), box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(x(19), box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await see(page.getByRole('button', { name: /Band 17:00 to 19:00/ })).toBeVisible();
    // Its rate comes from the panel: make it dear.
    await page.getByRole('group', { name: 'Tier 1' }).getByLabel('Price AUD/kWh').fill('0.95');
    await see(chart).not.toHaveAttribute('data-average', before!);
    const after = await chart.getAttribute('data-average');
    // Keyboard: grow the band by a quarter hour.
    await page.getByRole('button', { name: /Band 17:00 to 19:00/ }).press('ArrowRight');
    await see(page.getByRole('button', { name: /Band 17:00 to 19:15/ })).toBeVisible();
    // The preview is the service's answer: it follows once the edit is priced.
    await see(chart).not.toHaveAttribute('data-average', after!);
    // Mouse: drag the band's right edge to 20:00.
    const band = (await page.getByRole('button', { name: /Band 17:00 to 19:15/ }).boundingBox())!;
    await page.mouse.move(band.x + band.width - 2, band.y + band.height / 2);
    await page.mouse.down();
    await page.mouse.move(x(19.6), band.y + band.height / 2, { steps: 3 });
    await page.mouse.move(x(20), band.y + band.height / 2, { steps: 3 });
    await page.mouse.up();
    await see(page.getByRole('button', { name: /Band 17:00 to 20:00/ })).toBeVisible();
    await shot(page, 'admin-tariffs-editor');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await see(page.getByText('Saved.')).toBeVisible();
    const saved = (await env.api('GET', `/tariffs/${tariff.id}`)).body.schedule[0].days_and_hours[0].hours;
    expect(saved.find((h: any) => h.valid_from === '17:00:00')).toMatchObject({
      valid_to: '20:00:00',
      rate: [{ fixed: 0.95 }],
    });
  });

  it('prices: chart, table and CSV export', async () => {
    const london = await locationId('demo-london');
    await go(`prices?location=${london}`);
    await see(page.getByRole('img', { name: 'Price chart' })).toBeVisible();
    // Times are the location's wall time, its offset as a hint.
    await see(page.getByRole('table', { name: 'Price table' })).toContainText(/\w{3} \d{1,2} \w{3} \d{4} \d\d:\d\d/);
    await see(page.getByRole('table', { name: 'Price table' })).toContainText(/[+-]\d\d:\d\d/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^prices-loc_.*\.csv$/);
    await shot(page, 'admin-prices');
  });

  it('a connect session started from the UI completes in the frame', async () => {
    await go('connect');
    await page.getByRole('button', { name: 'Start connect session' }).click();
    const frame = page.frameLocator('iframe[title="Connect session"]');
    await frame.getByLabel('Street and number').fill('Hauptstraße 5');
    await frame.getByLabel('Post code').fill('10117');
    await frame.getByLabel('City').fill('Berlin');
    await frame.getByRole('button', { name: 'Continue' }).click();
    await frame.getByRole('button', { name: 'Nordlicht Energie' }).click();
    await frame.getByRole('button', { name: /Nordlicht Fix 24/ }).click();
    await frame.getByRole('button', { name: 'No end date' }).click();
    await see(frame.getByRole('heading', { name: 'Nordlicht Fix 24' })).toBeVisible();
    // Completed (the tariff is stored), the customer still on its summary: the pane says so, the sheet stays.
    await see(page.getByRole('status').filter({ hasText: 'Session completed for' })).toContainText(
      'The customer sees the tariff’s summary; Done closes the sheet.',
    );
    await frame.getByRole('button', { name: 'Done' }).click();
    // Done: the sheet closes, the result stays in words.
    await see(page.locator('iframe[title="Connect session"]')).toHaveCount(0);
    await see(page.getByRole('region', { name: 'Sheet' })).toContainText('The sheet closed when the session ended');
    const result = page.locator('[data-outcome="connected"]');
    await see(result).toContainText('Session completed for Hauptstraße 5, 10117 Berlin — price available');
    await see(result).not.toContainText('Done closes the sheet');
    await shot(page, 'admin-connect');
  });

  it('a session closed without connecting says so, and the pane stops waiting', async () => {
    // A fresh Connect page (the last test left one with its finished session).
    await go('overview');
    await go('connect');
    await page.getByRole('button', { name: 'Start connect session' }).click();
    const frame = page.frameLocator('iframe[title="Connect session"]');
    await see(frame.getByLabel('Street and number')).toBeVisible();
    await see(page.getByText('Waiting for the customer to finish in the sheet…')).toBeVisible();
    const cot = (await page.locator('[data-code^="cot_"]').getAttribute('data-code'))!;
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/events?')) polls.push(r.url());
    });
    await frame.getByRole('button', { name: 'Close' }).click();
    await see(page.locator('iframe[title="Connect session"]')).toHaveCount(0);
    const closed = page.locator('[data-outcome="closed"]');
    await see(closed).toContainText('Closed without connecting');
    await see(closed).toHaveClass(/MuiAlert-colorWarning/);
    await see(page.getByText('Waiting for the customer')).toHaveCount(0);
    await see(page.locator('[data-outcome="connected"]')).toHaveCount(0);
    // What the pane says is the token's own outcome: nothing was saved.
    const t = await env.api('GET', `/connect/token?connect_token=${cot}`);
    expect(t.body).toMatchObject({ complete_action: '', location_id: null, tariff_id: null });
    // It stopped waiting: no more polling for the session's event.
    const seen = polls.length;
    await page.waitForTimeout(2500);
    expect(polls.length).toBe(seen);
    await shot(page, 'admin-connect-closed');
    await page.setViewportSize({ width: 1024, height: 700 });
    await see(closed).toBeVisible();
    await shot(page, 'admin-connect-closed-1024x700');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a webhook delivery appears in the console, with the catcher inbox', async () => {
    await go('webhooks');
    await see(page.getByRole('navigation', { name: 'Endpoints' })).toContainText('Built-in catcher (demo)');
    await page.getByRole('button', { name: 'Trigger event' }).click();
    await see(page.getByRole('region', { name: 'Deliveries' }).or(page.getByLabel('Deliveries')).first()).toContainText(
      'delivered',
    );
    await see(page.getByLabel('Catcher inbox')).toContainText('signature verifies');
    await shot(page, 'admin-webhooks');
  });

  it('library and settings pages', async () => {
    await go('library');
    await see(page.getByRole('table', { name: 'Providers' })).toContainText('Harbour Light Energy');
    await shot(page, 'admin-library');
    await page.getByRole('tab', { name: 'Market data' }).click();
    await see(page.getByRole('table', { name: 'Market regions' })).toContainText('DE-LU');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('timestamp,price\n2027-01-01T00:00:00Z,0.1\n2027-01-01T01:00:00Z,0.2\n'),
    });
    await see(page.getByText('1 of 1 parts · 2 prices imported')).toBeVisible();
    await shot(page, 'admin-library-market');
    await page.getByRole('tab', { name: 'Grid fees' }).click();
    await see(page.getByRole('table', { name: 'Grid fees' })).toContainText('Spreenetz Berlin');
    await shot(page, 'admin-library-gridfees');
    await go('settings');
    const keys = page.getByRole('table', { name: 'Keys' });
    await see(keys).not.toContainText(env.info.live_key);
    await keys.getByRole('button', { name: 'Show Live key' }).click();
    await see(keys).toContainText(env.info.live_key);
    await shot(page, 'admin-settings');
    await go('tariffs');
    await shot(page, 'admin-tariffs');
  });

  it('traffic: a fault switched on in the app shows in the live journal', async () => {
    await go('traffic');
    await page.getByLabel('Route pattern').fill('GET /locations');
    await page.getByLabel('Fault injection').getByLabel('Status').fill('422');
    await page.getByLabel('Fault injection').getByLabel('Code').fill('pending_connect');
    await page.getByRole('button', { name: 'Add fault' }).click();
    await see(page.getByRole('table', { name: 'Fault rules' })).toContainText('422 pending_connect');
    const r = await env.api('GET', '/locations');
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('pending_connect');
    await see(page.getByLabel('Request journal')).toContainText('GET /locations');
    await see(
      page
        .getByLabel('Request journal')
        .getByText(/^fault flt_/)
        .first(),
    ).toBeVisible();
    await shot(page, 'admin-traffic');
    await page.getByRole('button', { name: /^Delete fault rule GET \/locations/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await see(page.getByRole('table', { name: 'Fault rules' })).not.toContainText('pending_connect');
    expect((await env.api('GET', '/locations')).status).toBe(200);
  });

  it('errors from the service are shown with their message', async () => {
    await go('locations');
    await page.getByRole('button', { name: 'New location' }).first().click();
    await page.getByRole('dialog').getByLabel('Time zone (optional: derived from the address)').fill('Mars/Olympus');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await see(page.getByRole('dialog').getByRole('alert')).toContainText('timezone');
    await shot(page, 'admin-locations-error');
  });
});

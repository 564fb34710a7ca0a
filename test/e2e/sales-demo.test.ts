import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { newInstallContext, topShot } from './browser.js';
import { browserSuite, openApp, pageErrors, VIEWPORTS } from './suite.js';

/**
 * A sales engineer's demo on the demo data, the service clock at noon in Sydney: the Overview's
 * five steps, the API's codes hidden by one switch, a tiered tariff's prices, and a connect sheet
 * closed before anything was saved.
 */
const s = browserSuite({ demo: true, now: '2026-05-19T02:00:00Z' });

const SIZES = [
  [VIEWPORTS.large, '1440x900'],
  [VIEWPORTS.small, '1024x700'],
] as const;

const locationOf = async (ref: string): Promise<string> =>
  (await s.env.api('GET', '/locations?limit=100')).body.data.find((l: any) => l.reference_id === ref).id;

/** A Potsdam location whose supply is tiered: night and day prices, each dearer above 350 kWh in a month. */
async function tieredLocation(): Promise<string> {
  const loc = await s.env.api('POST', '/locations', {
    postal_address: { address_line1: 'Am Kanal 7', city: 'Potsdam', post_code: '14467', country_code: 'DE' },
  });
  expect(loc.status).toBe(200);
  const tier = (first: number, above: number) => [{ fixed: first, to_kwh: 350 }, { fixed: above }];
  const t = await s.env.api('POST', '/tariffs', {
    location_id: loc.body.id,
    type: 'COMMODITY',
    direction: 'IMPORT',
    display_name: 'Stufentarif',
    contract_start_date: '2026-01-01',
    contract_end_date: '2028-01-01',
    schedule: [
      {
        days_and_hours: [
          {
            days: ['All'],
            hours: [
              { valid_from: '00:00:00', valid_to: '07:00:00', rate: tier(0.25, 0.35) },
              { valid_from: '07:00:00', valid_to: '00:00:00', rate: tier(0.4, 0.52) },
            ],
          },
        ],
      },
    ],
  });
  expect(t.status).toBe(200);
  return loc.body.id;
}

describe('a sales demo, in Chromium', () => {
  it('a tiered tariff: the first tier is the answer, the price above 350 kWh/month a dashed line, both in words', async () => {
    const loc = await tieredLocation();
    // The API's answer is the first tier, at a confidence below 1.
    const answer = await s.env.api('POST', `/prices/${loc}`, {
      start_time: '2026-05-19T00:00:00+02:00',
      end_time: '2026-05-20T00:00:00+02:00',
    });
    expect(answer.body.data.map((d: any) => [d.valid_from.slice(11, 16), d.price.value, d.price.confidence])).toEqual([
      ['00:00', 0.25, 0.8],
      ['07:00', 0.4, 0.8],
    ]);
    for (const [size, name] of SIZES) {
      const { page, errors } = await openApp(s, `prices?location=${loc}`, size);
      const chart = page.getByRole('img', { name: 'Price chart' });
      await see(chart).toHaveAttribute('data-lines', 'above 350 kWh/month');
      // Drawn dashed, beside the total.
      await see(chart.locator('.recharts-line path[stroke-dasharray="6 4"]')).toHaveCount(1);
      await see(chart.locator('.recharts-legend-item', { hasText: 'above 350 kWh/month' })).toBeVisible();
      const note = page.getByTestId('tier-note');
      await see(note).toContainText('Stufentarif is tiered by the energy used in the month.');
      await see(note).toContainText('POST /prices answers its first tier (up to 350 kWh a month)');
      const tiers = page.getByRole('list', { name: 'Tiers of Stufentarif' }).getByRole('listitem');
      await see(tiers).toHaveText([
        '00:00–07:00: 0.2500 up to 350 kWh, then 0.3500 above',
        '07:00–00:00: 0.4000 up to 350 kWh, then 0.5200 above',
      ]);
      await topShot(page, `prices-tiered-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    }
    // The service clock answering after the tariffs (a busy machine): the tiers wait for the
    // window it gives, and no request goes without dates.
    const context = await s.browser.newContext({ viewport: SIZES[0][0] });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const asked: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/prices\/loc_/.test(r.url())) asked.push(r.postDataJSON().start_time);
    });
    const tariffsSeen = page.waitForResponse((r) => /\/tariffs\?/.test(r.url()));
    await page.route(/\/clock$/, async (route) => {
      await tariffsSeen;
      await route.continue();
    });
    await page.goto(`${s.env.info.app_url}/#/prices?location=${loc}`);
    await see(page.getByRole('img', { name: 'Price chart' })).toHaveAttribute('data-lines', 'above 350 kWh/month');
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.every((t) => typeof t === 'string')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 480_000);

  it('closing the connect sheet on the tariff a location already has: "Closed without connecting", nothing stored', async () => {
    const berlin = await locationOf('demo-berlin');
    const before = (await s.env.api('GET', `/tariffs?location_id=${berlin}`)).body.data.map((t: any) => t.id);
    for (const [size, name] of SIZES) {
      const { page, errors } = await openApp(s, `connect?location=${berlin}&type=COMMODITY&direction=IMPORT`, size);
      await page.getByRole('button', { name: 'Start connect session' }).click();
      const frame = page.frameLocator('iframe[title="Connect session"]');
      // The session opens on the location's tariff ("Your tariff").
      await see(frame.getByRole('heading', { name: 'Your tariff' })).toBeVisible();
      await frame.getByRole('button', { name: 'Close' }).click();
      const outcome = page.locator('[data-outcome]');
      await see(outcome).toHaveAttribute('data-outcome', 'closed');
      await see(outcome).toContainText('Closed without connecting');
      await see(page.getByText('Session completed for')).toHaveCount(0);
      await topShot(page, `connect-closed-existing-${name}`);
      // The service agrees: the token is not spent on a save, and no completion event names it.
      const cot = (await page.locator('[data-code^="cot_"]').first().getAttribute('data-code'))!;
      const t = await s.env.api('GET', `/connect/token?connect_token=${cot}`);
      expect(t.body.complete_action).toBe('');
      const events = await s.env.api('GET', '/events?type=connect.session.complete&limit=100');
      expect(events.body.data.filter((e: any) => e.data.id === cot)).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    }
    const after = (await s.env.api('GET', `/tariffs?location_id=${berlin}`)).body.data.map((t: any) => t.id);
    expect(after).toEqual(before);
  }, 480_000);

  it('the Overview leads the demo: five steps, each one click from it, the service’s keys below', async () => {
    const showcase = await locationOf('demo-berlin');
    const listed = (await s.env.api('GET', '/locations?limit=100')).body.data;
    // The list is newest first: the showcase is not simply the first location with a tariff.
    expect(listed.find((l: any) => l.tariff_elements.length > 0).id).not.toBe(showcase);
    for (const [size, name] of SIZES) {
      const { page, errors } = await openApp(s, 'overview', size);
      const demo = page.getByRole('region', { name: 'Demo' });
      const steps = demo.getByRole('heading', { level: 3 });
      await see(steps).toHaveText([
        'Today’s prices at a location',
        'Connect a new customer',
        'The cheapest hours tonight',
        'A webhook arriving',
        'A battery on two tariffs',
      ]);
      // The demo comes first; addresses and keys wait below it.
      const devs = page.getByRole('region', { name: 'The service, for developers' });
      const demoBox = (await demo.boundingBox())!;
      expect((await devs.boundingBox())!.y).toBeGreaterThan(demoBox.y + demoBox.height);
      await see(devs).toContainText('Credentials');
      await see(demo.getByRole('button', { name: 'Send a webhook' })).toBeInViewport();
      await topShot(page, `overview-demo-${name}`);

      // 1. Today's prices at the demo's showcase location (Berlin), not the newest one with a tariff.
      await demo.getByRole('button', { name: 'Show today’s prices' }).click();
      await see(page).toHaveURL(new RegExp(`#/prices\\?location=${showcase}$`));
      await see(page.getByRole('img', { name: 'Price chart' })).toBeVisible();
      // 2. A new customer's connect session: a new location.
      await page.goBack();
      await demo.getByRole('button', { name: 'Connect a customer' }).click();
      await see(page.getByRole('heading', { level: 1, name: 'Connect' })).toBeVisible();
      await see(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveText('A new location');
      // 3. The cheapest hours tonight, at the location whose price moves.
      await page.goBack();
      const [asked] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/schedules/duration/')),
        demo.getByRole('button', { name: 'Find the cheapest hours' }).click(),
      ]);
      // Three hours of tonight (until 07:00 at the location); the sentence is the API's answer.
      const body = asked.request().postDataJSON();
      expect(body).toMatchObject({ segment: 'LOW', duration: 180 });
      expect(body.end_time.slice(11, 16)).toBe('07:00');
      const period = (await asked.json()).data[0];
      const clock = (iso: string) => iso.slice(11, 16);
      await see(page.getByTestId('schedule-sentence')).toHaveText(
        `The cheapest 180 minutes: ${clock(period.start_time)} to ${clock(period.end_time)}.`,
      );
      await see(page.getByRole('button', { name: /^Cheapest hours/ })).toHaveAttribute('aria-pressed', 'true');
      // 4. A webhook arriving at the built-in catcher, its signature checked.
      await page.goBack();
      await demo.getByRole('button', { name: 'Send a webhook' }).click();
      await see(page).toHaveURL(/#\/webhooks\?id=whe_\w+&event=evt_\w+$/);
      const sent = new URL(page.url().replace('#/', '')).searchParams.get('event')!;
      const inbox = page.getByLabel('Catcher inbox');
      await see(inbox.getByText('signature verifies').first()).toBeVisible({ timeout: 15_000 });
      await see(inbox).toContainText('tariff.created');
      // The message carrying the event it sent is open, its body in view: no click needed.
      const open = inbox.getByRole('button', { expanded: true });
      await see(open).toHaveCount(1);
      await see(open).toContainText('tariff.created');
      await see(inbox.locator('.MuiAccordion-root.Mui-expanded')).toContainText(sent);
      // Brought into view, below the fold or not.
      await see(open).toBeInViewport();
      await topShot(page, `overview-demo-webhook-${name}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 480_000);

  it('in live mode, step 4 says what it will create before it creates a live catcher endpoint', async () => {
    const { account_id, live_key, api_url } = s.env.info;
    const bearer = (
      await (
        await fetch(`${api_url}/login`, {
          headers: { authorization: 'Basic ' + Buffer.from(`${account_id}:${live_key}`).toString('base64') },
        })
      ).json()
    ).bearer_token;
    const liveEndpoints = async () =>
      (await (await fetch(`${api_url}/webhooks?limit=100`, { headers: { authorization: `Bearer ${bearer}` } })).json())
        .data as { id: string; catcher: boolean }[];
    // Live mode without a catcher, as a live account may be.
    for (const e of (await liveEndpoints()).filter((e) => e.catcher))
      await fetch(`${api_url}/webhooks/${e.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${bearer}` } });
    expect((await liveEndpoints()).filter((e) => e.catcher)).toEqual([]);
    for (const [size, name] of SIZES) {
      const { page, errors } = await openApp(s, 'overview', size);
      await page.getByRole('switch', { name: 'Live mode' }).click();
      await see(page.getByRole('switch', { name: 'Live mode' })).toBeChecked();
      const demo = page.getByRole('region', { name: 'Demo' });
      await demo.getByRole('button', { name: 'Send a webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a live catcher endpoint?' });
      await see(dialog).toContainText('creates a live-mode endpoint');
      await topShot(page, `overview-demo-live-webhook-${name}`);
      if (name === '1440x900') {
        // Cancelled: nothing made, the Overview stays.
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await see(dialog).toBeHidden();
        expect(page.url()).toMatch(/#\/overview$/);
        expect((await liveEndpoints()).filter((e) => e.catcher)).toEqual([]);
      } else {
        await dialog.getByRole('button', { name: 'Create and send' }).click();
        await see(page).toHaveURL(/#\/webhooks\?id=whe_\w+&event=evt_\w+$/);
        await see(page.getByLabel('Catcher inbox').getByRole('button', { expanded: true })).toContainText(
          'tariff.created',
          { timeout: 15_000 },
        );
        expect((await liveEndpoints()).filter((e) => e.catcher)).toHaveLength(1);
      }
      // Back to test mode for the files' other tests (the switch is kept by the app).
      await page.getByRole('switch', { name: 'Live mode' }).click();
      await see(page.getByRole('switch', { name: 'Live mode' })).not.toBeChecked();
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 480_000);

  it('"API names" off hides every code and keeps the words; on, codes stand beside them as chips', async () => {
    const berlin = await locationOf('demo-berlin');
    const { page, errors } = await openApp(s, `locations?id=${berlin}`, VIEWPORTS.large);
    const names = page.getByRole('switch', { name: 'API names' });
    // On, as the tests' browser has it (a tester's setting): the code beside its words, as an
    // outlined chip (never part of a sentence).
    await see(names).toBeChecked();
    const status = page.locator('[data-code="CONNECTED"]').first();
    await see(status).toBeVisible();
    expect(await status.evaluate((e) => getComputedStyle(e).borderTopStyle)).toBe('solid');
    await page.goto(`${s.env.info.app_url}/#/tariffs?location=${berlin}`);
    await see(page.locator('main [data-code="LIBRARY"]').first()).toBeVisible();
    await topShot(page, 'api-names-on-1440x900');

    await names.click();
    await see(names).not.toBeChecked();
    const codes =
      /\b(COMMODITY|NON_COMMODITY|IMPORT|EXPORT|LIBRARY|MANUAL|DIRECT|CONNECTED|NOT_CONNECTED|TIME_OF_DAY)\b/;
    for (const [hash, words] of [
      [`tariffs?location=${berlin}`, 'From the library'],
      [`locations?id=${berlin}`, 'Supply (import)'],
    ] as const) {
      for (const [size, name] of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${s.env.info.app_url}/#/${hash}`);
        await see(page.getByRole('main').getByText(words).first()).toBeVisible();
        // The text as written (innerText would read a button's capitals, IMPORT for Import).
        expect(await page.getByRole('main').textContent()).not.toMatch(codes);
        await topShot(page, `api-names-off-${hash.split('?')[0]}-${name}`);
      }
    }
    // Remembered: a new page of the app opens with the codes hidden.
    await page.reload();
    await see(page.getByRole('switch', { name: 'API names' })).not.toBeChecked();
    await page.getByRole('switch', { name: 'API names' }).click();
    await see(page.locator('[data-code="CONNECTED"]').first()).toBeVisible();
    expect(errors).toEqual([]);
    await page.close();
  }, 480_000);

  it('a new install opens with "API names" off at both sizes; switched on, it stays on after a reload', async () => {
    const berlin = await locationOf('demo-berlin');
    for (const [size, name] of SIZES) {
      const context = await newInstallContext(s.browser, { viewport: size });
      const page = await context.newPage();
      const errors = pageErrors(page);
      await page.goto(`${s.env.info.app_url}/#/locations?id=${berlin}`);
      const names = page.getByRole('switch', { name: 'API names' });
      await see(names).not.toBeChecked();
      await see(page.getByRole('main').getByText('Supply (import)').first()).toBeVisible();
      expect(await page.getByRole('main').textContent()).not.toMatch(/\b(CONNECTED|NOT_CONNECTED|COMMODITY|IMPORT)\b/);
      await topShot(page, `api-names-new-install-${name}`);
      await names.click();
      await see(page.locator('[data-code="CONNECTED"]').first()).toBeVisible();
      await page.reload();
      await see(page.getByRole('switch', { name: 'API names' })).toBeChecked();
      await see(page.locator('[data-code="CONNECTED"]').first()).toBeVisible();
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 480_000);
});

import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page, Request } from 'playwright';
import { DateTime } from 'luxon';
import { topShot as shot } from './browser.js';
import { browserSuite, openApp, sharedPages, VIEWPORTS } from './suite.js';
import { PANEL_BATTERY } from '../helpers.js';

/**
 * The Usage and cost view on a real host: the demo's week of EV charging at Berlin as a chart,
 * the cost report by day and by month, the four sessions with the API's costs; a meter CSV sent
 * in batches with a progress bar, refused rows named by their line. The clock is frozen.
 */
const NOW = '2026-11-20T10:00:00Z';
const s = browserSuite({ demo: true, now: NOW });

const locationOf = async (ref: string) =>
  (await s.env.client.call('locations.list', { query: { reference_id: ref } })).data[0]!;
const eur = (v: number, currency = 'EUR') =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2 }).format(v);
const kwhText = (v: number) =>
  `${v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kWh`;
const noOverflow = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

/** Every stored record of a location, all pages. */
async function recordsAt(locationId: string, query: Record<string, string> = {}) {
  const out: { kwh: number; device_id: string | null; session_reference_id: string | null }[] = [];
  for (let after: string | undefined; ;) {
    const page = await s.env.client.call('meter_records.list', {
      query: { location_id: locationId, limit: 10_000, ...query, ...(after ? { starting_after: after } : {}) },
    });
    out.push(...page.data);
    if (!page.has_more) return out;
    after = page.data.at(-1)!.id;
  }
}

/** The next cost report the page asks for that satisfies `test`, and the API's answer. */
async function report(page: Page, test: (r: Request) => boolean, act: () => Promise<unknown>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/costs\/interval\//.test(r.url()) && test(r.request())),
    act(),
  ]);
  expect(response.status()).toBe(200);
  return { request: response.request(), answer: await response.json() };
}

const visit = sharedPages(s);

/** Usage and cost at a location, its bill drawn: the page and its battery and car panel. */
async function batteryPanel(locationId: string, size: { width: number; height: number }) {
  const opened = await visit(`usage?location=${locationId}`, size);
  await see(opened.page.getByTestId('bill-total')).toBeVisible({ timeout: 30_000 });
  return { ...opened, part: opened.page.getByRole('region', { name: 'Household battery and car' }) };
}

describe('the Usage and cost view, in Chromium', () => {
  it('a home battery on the stored records: its saving and its busiest day, as the API answers them', async () => {
    const berlin = await locationOf('demo-berlin');
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { page, errors, part } = await batteryPanel(berlin.id, size);
      const [response] = await Promise.all([
        page.waitForResponse(
          (r) =>
            r.request().method() === 'POST' && /\/bills\/loc_/.test(r.url()) && !!r.request().postDataJSON()?.battery,
        ),
        part.getByRole('switch', { name: 'Battery' }).check(),
      ]);
      expect(response.status()).toBe(200);
      const body = response.request().postDataJSON();
      expect(body.battery).toEqual(PANEL_BATTERY);
      expect(body.include_dispatch).toBe(true);
      const bill = await response.json();
      // The page's figures are the service's for that request, asked again here.
      const again = await s.env.api('POST', `/bills/${berlin.id}`, body);
      expect(again.body.battery.saving).toBe(bill.battery.saving);
      await see(page.getByTestId('bill-total')).toContainText(eur(bill.total));
      await see(page.getByTestId('bill-battery')).toContainText(
        `The battery saves ${eur(bill.battery.saving)}: the bill would be ${eur(bill.battery.total_without)} without it.`,
      );
      expect(bill.total).toBeCloseTo(bill.battery.total_without - bill.battery.saving, 5);

      // The day view opens on the day the battery moves most, in Berlin's days.
      const byDay = new Map<string, any[]>();
      for (const c of bill.battery.dispatch) {
        const d = DateTime.fromISO(c.start_time).setZone('Europe/Berlin').toISODate()!;
        byDay.set(d, [...(byDay.get(d) ?? []), c]);
      }
      const through = (cells: any[]) => cells.reduce((t, c) => t + c.charge_kwh + c.discharge_kwh, 0);
      const busiest = [...byDay].reduce((a, b) => (through(b[1]) > through(a[1]) ? b : a));
      const label = DateTime.fromISO(busiest[0], { zone: 'Europe/Berlin' })
        .setLocale('en-GB')
        .toFormat('ccc d LLL yyyy');
      const chart = page.getByRole('img', { name: `Battery day chart, Stored tariffs, ${label}` });
      await see(chart).toHaveAttribute('data-cells', String(busiest[1].length));
      const sum = (k: string) => busiest[1].reduce((t: number, c: any) => t + c[k], 0);
      await see(chart).toHaveAttribute('data-charged', sum('charge_kwh').toFixed(3));
      await see(chart).toHaveAttribute('data-discharged', sum('discharge_kwh').toFixed(3));
      await see(chart).toHaveAttribute('data-prices', 'yes');
      // Berlin has a feed-in tariff: the day's export prices are drawn too, as the API gives them for that day.
      const from = DateTime.fromISO(busiest[0], { zone: 'Europe/Berlin' });
      const credit = await s.env.api('POST', `/prices/${berlin.id}`, {
        start_time: from.toUTC().toISO(),
        end_time: from.plus({ days: 1 }).toUTC().toISO(),
        tariff_direction: 'EXPORT',
      });
      expect(credit.status).toBe(200);
      const values = credit.body.data.map((p: any) => p.price.value);
      await see(chart).toHaveAttribute(
        'data-export-prices',
        `${Math.min(...values).toFixed(5)}–${Math.max(...values).toFixed(5)}`,
      );
      await see(chart.locator('.battery-export-price path.recharts-curve')).toHaveCount(1);
      await see(chart.getByText('Export price')).toBeVisible();
      // Drawn on even slots of Berlin's wall time: a bar for every slot the battery charges or discharges in.
      const bars = async (k: string) => Number(await chart.getAttribute(`data-${k}-bars`));
      expect(await bars('charge')).toBeGreaterThan(0);
      expect(await bars('discharge')).toBeGreaterThan(0);
      await see(chart.locator('.battery-charge .recharts-rectangle')).toHaveCount(await bars('charge'));
      await see(chart.locator('.battery-discharge .recharts-rectangle')).toHaveCount(await bars('discharge'));
      await see(chart.locator('.battery-soc path.recharts-curve')).toHaveCount(1);
      await page.getByRole('heading', { name: /^Bill by month/ }).scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `/tmp/bat-ui-usage-${at}.png` });
      await chart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/bat-ui-usage-day-${at}.png` });
      await noOverflow(page);
      expect(errors).toEqual([]);
    }
  }, 300_000);

  it('the battery’s reserve, start and end go in the bill: an end state costs what the API says it does', async () => {
    const berlin = await locationOf('demo-berlin');
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const at = `${size.width}x${size.height}`;
      const { page, errors, part } = await batteryPanel(berlin.id, size);
      const battery = part.getByRole('group', { name: 'Battery' });
      await battery.getByRole('switch', { name: 'Battery' }).check();
      const bill = async (test: (b: any) => boolean, act: () => Promise<unknown>) => {
        const [response] = await Promise.all([
          page.waitForResponse(
            (r) => r.request().method() === 'POST' && /\/bills\/loc_/.test(r.url()) && test(r.request().postDataJSON()),
          ),
          act(),
        ]);
        expect(response.status()).toBe(200);
        return { body: response.request().postDataJSON(), answer: await response.json() };
      };
      const { body, answer } = await bill(
        (b) => b.battery?.final_soc_percent === 80,
        () => battery.getByLabel('End %').fill('80'),
      );
      expect(body.battery).toMatchObject({ reserve_percent: 0, initial_soc_percent: 0, final_soc_percent: 80 });
      // The page's figures are the API's for that body; the same body ending where it started saves more,
      // since the 8 kWh left in the battery at the end are bought and not used.
      const direct = await s.env.api('POST', `/bills/${berlin.id}`, body);
      expect(direct.body.battery.saving).toBe(answer.battery.saving);
      expect(direct.body.battery.dispatch.at(-1).soc_kwh).toBeCloseTo(8, 6);
      const plain = await s.env.api('POST', `/bills/${berlin.id}`, {
        ...body,
        battery: { ...body.battery, final_soc_percent: 0 },
      });
      expect(answer.battery.saving).toBeLessThan(plain.body.battery.saving);
      // Here it buys more than it saves: the page says what it adds.
      expect(answer.battery.saving).toBeLessThan(0);
      await see(page.getByTestId('bill-battery')).toContainText(
        `The battery adds ${eur(-answer.battery.saving)}: the bill would be ${eur(answer.battery.total_without)} without it.`,
      );
      await see(page.getByTestId('battery-words')).toContainText('starts at 0 %, ending with at least 80 %.');
      // An end below the reserve is said at its field.
      await battery.getByLabel('Reserve %').fill('90');
      await see(battery.getByText('The end cannot be below the reserve (90 %).')).toBeVisible();
      await see(battery.getByLabel('End %')).toHaveAttribute('aria-invalid', 'true');
      await see(part.getByRole('status', { name: 'Battery not asked' })).toBeVisible();
      await battery.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `.tmp/screenshots/bat-soc-usage-${at}.png` });
      // Back to the model's defaults for the next test.
      await battery.getByLabel('Reserve %').fill('0');
      await battery.getByLabel('End %').fill('');
      await see(part.getByRole('status', { name: 'Battery not asked' })).toHaveCount(0);
      await noOverflow(page);
      expect(errors).toEqual([]);
    }
  }, 300_000);

  it('shows the demo week at Berlin: the records chart, cost by day and by month, the four sessions', async () => {
    const berlin = await locationOf('demo-berlin');
    const context = await s.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const byDay = await report(
      page,
      (r) => new URL(r.url()).searchParams.get('aggregation') === 'DAY',
      () => page.goto(`${s.env.info.app_url}/#/usage?location=${berlin.id}`),
    );
    // The last 7 local days up to the frozen today, in Berlin.
    const window = { start_time: '2026-11-14T00:00:00+01:00', end_time: '2026-11-21T00:00:00+01:00' };
    expect(byDay.request.postDataJSON()).toEqual(window);
    expect(byDay.answer.data).toHaveLength(7);

    // The chart: every record of the window, summed per local quarter hour, ticks on local midnights.
    const records = await recordsAt(berlin.id, window);
    expect(records).toHaveLength(68);
    const total = records.reduce((t, r) => t + r.kwh, 0);
    const chart = page.getByRole('img', { name: 'Meter records chart' });
    await see(chart).toHaveAttribute('data-points', String(7 * 96));
    await see(chart).toHaveAttribute('data-unit', '15 min');
    expect(Number(await chart.getAttribute('data-total'))).toBeCloseTo(total, 6);
    const ticks = (await chart.getAttribute('data-ticks'))!.split(' ');
    expect(ticks.length).toBeGreaterThan(2);
    for (const t of ticks) expect(DateTime.fromISO(t).setZone('Europe/Berlin').toFormat('HH:mm')).toBe('00:00');
    await see(page.getByRole('heading', { name: `Meter records: 68, ${kwhText(total)}` })).toBeVisible();

    // Cost by day: the API's report, asked again here, and its total in euros.
    const again = await s.env.client.call('costs.interval', {
      params: { id: berlin.id },
      query: { aggregation: 'DAY', tariff_direction: 'IMPORT' },
      body: window,
    });
    expect(again.total).toEqual(byDay.answer.total);
    await see(page.getByRole('img', { name: 'Cost by day chart' })).toHaveAttribute('data-bars', '7');
    await see(page.getByTestId('cost-total')).toContainText(
      `${eur(byDay.answer.total.cost.value)} for ${kwhText(byDay.answer.total.energy.value / 1000)} over 7 days`,
    );
    expect(byDay.answer.total.energy.value / 1000).toBeCloseTo(total, 3);

    // The four sessions, each with the cost its own report gives.
    const rows = page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
    await see(rows).toHaveCount(4);
    const spans = [
      'Sat 14 Nov, 18:00 – 21:30',
      'Mon 16 Nov, 22:00 – Tue 17 Nov, 04:00',
      'Wed 18 Nov, 23:30 – Thu 19 Nov, 04:30',
      'Thu 19 Nov, 19:00 – 21:30',
    ];
    let sessionsTotal = 0;
    for (const [i, when] of spans.entries()) {
      const ref = `demo-session-${i + 1}`;
      const cost = await s.env.client.call('costs.session', { params: { id: ref }, query: {} });
      sessionsTotal += cost.total.cost.value;
      const row = rows.nth(i);
      await see(row).toHaveAttribute('data-session', ref);
      await see(row).toContainText('demo-ev-charger');
      await see(row).toContainText(when);
      await see(row.locator('[data-value]')).toHaveAttribute('data-value', String(cost.total.cost.value));
      await see(row.locator('[data-value]')).toHaveText(eur(cost.total.cost.value));
      await see(row.locator('[data-kwh]')).toHaveText(kwhText(cost.total.energy.value / 1000));
    }
    // The week's records are the four sessions': the same money (each entry is rounded to the
    // micro-unit once, so 68 records and 7 days may differ in the last few micro-units).
    expect(Math.abs(sessionsTotal - byDay.answer.total.cost.value)).toBeLessThan(68e-6);
    await shot(page, 'usage-1280x800');

    // By month: one local month, the same total.
    const byMonth = await report(
      page,
      (r) => new URL(r.url()).searchParams.get('aggregation') === 'MONTH',
      () => page.getByRole('button', { name: 'By month' }).click(),
    );
    expect(byMonth.answer.data).toHaveLength(1);
    await see(page.getByRole('img', { name: 'Cost by month chart' })).toHaveAttribute('data-bars', '1');
    await see(page.getByTestId('cost-total')).toContainText(`${eur(byMonth.answer.total.cost.value)} for`);
    expect(byMonth.answer.total.cost.value).toBeCloseTo(byDay.answer.total.cost.value, 5);

    // Thirty days by day: thirty bars, the same records.
    await report(
      page,
      (r) => new URL(r.url()).searchParams.get('aggregation') === 'DAY',
      async () => {
        await page.getByRole('button', { name: 'By day' }).click();
        await page.getByLabel('Window').click();
        await page.getByRole('option', { name: 'Last 30 days' }).click();
      },
    );
    await see(page.getByRole('img', { name: 'Cost by day chart' })).toHaveAttribute('data-bars', '30');
    await see(chart).toHaveAttribute('data-unit', 'hour');
    await shot(page, 'usage-30-days-1280x800');

    await page.setViewportSize({ width: 800, height: 900 });
    await see(page.getByRole('table', { name: 'Sessions' })).toBeVisible();
    await noOverflow(page);
    await shot(page, 'usage-800');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a location is reached from the Locations page and the Customers page', async () => {
    const berlin = await locationOf('demo-berlin');
    // With no location asked for or picked before, the page opens on the one with the demo's records.
    const fresh = await openApp(s, 'usage', { width: 1280, height: 800 });
    await see(
      fresh.page.getByRole('combobox', { name: 'Location' }).locator(`[data-location-label="${berlin.id}"]`),
    ).toBeVisible();
    await see(fresh.page.getByRole('table', { name: 'Sessions' }).locator('tbody tr')).toHaveCount(4);
    expect(fresh.errors).toEqual([]);
    await fresh.page.close();
    const { page, errors } = await openApp(s, `locations?id=${berlin.id}`, { width: 1280, height: 800 });
    await page.getByLabel('Location status').getByRole('button', { name: 'Usage and cost' }).click();
    await see(page).toHaveURL(new RegExp(`#/usage\\?location=${berlin.id}$`));
    await see(page.getByRole('heading', { level: 1, name: 'Usage and cost' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Customers' }).click();
    await page
      .getByRole('list', { name: 'Locations of the customer' })
      .getByRole('listitem')
      .filter({ hasText: 'London' })
      .getByRole('button', { name: 'Usage and cost' })
      .click();
    const london = await locationOf('demo-london');
    await see(page).toHaveURL(new RegExp(`#/usage\\?location=${london.id}$`));
    await see(page.getByText('No meter records in this window')).toBeVisible();
    await see(page.getByTestId('cost-total')).toHaveText('Nothing to cost: no meter record has energy in this window.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('uploads a meter CSV in batches of 10,000 with a progress bar; refused rows are named by their line', async () => {
    const sydney = await locationOf('demo-sydney');
    const charger = (await s.env.client.call('devices.list', { query: { reference_id: 'demo-ev-charger' } })).data[0]!;
    const { page, errors } = await openApp(s, `usage?location=${sydney.id}`, { width: 1280, height: 800 });
    await see(page.getByText('No meter records in this window')).toBeVisible();
    const puts: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/meters/interval')) puts.push(r.postDataJSON().length);
    });
    const upload = page.getByRole('group', { name: 'Meter upload' });
    const file = (name: string, rows: string[]) => ({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(`start,end,kwh\n${rows.join('\n')}\n`),
    });
    const progress = upload.getByRole('progressbar', { name: 'Upload progress' });
    const result = upload.getByTestId('upload-result');

    // Two days of hourly readings in Sydney wall time, the charger's, one session.
    await upload.getByLabel('Device').click();
    await page.getByRole('option', { name: 'demo-ev-charger' }).click();
    await upload.getByLabel('Session reference').fill('upload-1');
    const first = DateTime.fromISO('2026-11-18T00:00', { zone: 'Australia/Sydney' });
    const hourly = Array.from({ length: 48 }, (_, i) => {
      const a = first.plus({ hours: i });
      return `${a.toFormat('yyyy-MM-dd HH:mm')},${a.plus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm')},0.5`;
    });
    await upload.getByLabel('Meter CSV file').setInputFiles(file('two-days.csv', hourly));
    await see(result).toHaveText('two-days.csv: 48 records sent, 48 stored (48 new or changed), 0 refused.');
    await see(progress).toHaveAttribute('aria-valuenow', '100');
    await see(upload.getByTestId('upload-progress')).toHaveText('Sent 48 of 48 records');
    const stored = await recordsAt(sydney.id);
    expect(stored).toHaveLength(48);
    expect(stored.every((r) => r.device_id === charger.id && r.session_reference_id === 'upload-1')).toBe(true);
    expect(stored.reduce((t, r) => t + r.kwh, 0)).toBeCloseTo(24, 6);
    // The page moves to the file's days and shows them, with the session's cost.
    await see(page.getByLabel('First day')).toHaveValue('2026-11-18');
    await see(page.getByLabel('Last day')).toHaveValue('2026-11-19');
    await see(page.getByRole('img', { name: 'Meter records chart' })).toHaveAttribute('data-total', '24.000000');
    const session = await s.env.client.call('costs.session', { params: { id: 'upload-1' }, query: {} });
    const row = page.getByRole('table', { name: 'Sessions' }).locator('[data-session="upload-1"]');
    await see(row.locator('[data-value]')).toHaveText(eur(session.total.cost.value, 'AUD'));
    await see(row).toContainText('Wed 18 Nov, 00:00 – Fri 20 Nov, 00:00');
    await shot(page, 'usage-upload-1280x800');

    // The same file again changes nothing.
    await upload.getByLabel('Meter CSV file').setInputFiles(file('two-days.csv', hourly));
    await see(result).toHaveText('two-days.csv: 48 records sent, 48 stored (0 new or changed), 0 refused.');
    expect(await recordsAt(sydney.id)).toHaveLength(48);

    // 10,500 quarter hours: two requests, the progress bar between them, then at its end.
    await upload.getByLabel('Session reference').fill('');
    const from = DateTime.fromISO('2027-01-15T00:00', { zone: 'Australia/Sydney' });
    const quarters = Array.from({ length: 10_500 }, (_, i) => {
      const a = from.toUTC().plus({ minutes: 15 * i });
      return `${a.toISO({ suppressMilliseconds: true })},${a.plus({ minutes: 15 }).toISO({ suppressMilliseconds: true })},0.1`;
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let seen = 0;
    await page.route(/\/meters\/interval$/, async (route) => {
      if (++seen === 2) await held;
      await route.continue();
    });
    puts.length = 0;
    await upload.getByLabel('Meter CSV file').setInputFiles(file('quarters.csv', quarters));
    await see(upload.getByTestId('upload-progress')).toHaveText('Sent 10,000 of 10,500 records (batch 1 of 2)');
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeCloseTo((100 * 10_000) / 10_500, 0);
    await shot(page, 'usage-upload-progress-1280x800');
    release();
    await see(result).toHaveText(
      'quarters.csv: 10,500 records sent, 10,500 stored (10,500 new or changed), 0 refused.',
    );
    await see(progress).toHaveAttribute('aria-valuenow', '100');
    await see(upload.getByTestId('upload-progress')).toHaveText('Sent 10,500 of 10,500 records (batch 2 of 2)');
    await page.unroute(/\/meters\/interval$/);
    expect(puts).toEqual([10_000, 500]);
    const big = await recordsAt(sydney.id, { start_time: from.toISO()!, end_time: from.plus({ days: 120 }).toISO()! });
    expect(big).toHaveLength(10_500);
    expect(big.reduce((t, r) => t + r.kwh, 0)).toBeCloseTo(1050, 4);
    await see(page.getByLabel('First day')).toHaveValue('2027-01-15');
    await see(page.getByRole('img', { name: 'Meter records chart' })).toHaveAttribute('data-unit', 'day');

    // A file the reader refuses: its first bad row named, nothing sent.
    puts.length = 0;
    await upload
      .getByLabel('Meter CSV file')
      .setInputFiles(file('bad.csv', [hourly[0]!, hourly[1]!.replace(/,0\.5$/, ',lots')]));
    await see(upload.getByTestId('upload-refused')).toContainText(
      /^bad\.csv: line 3, column kwh: .*Nothing was sent\.$/,
    );
    expect(puts).toEqual([]);

    // A file the service refuses a row of: the others are stored, the refused one listed by its line.
    const partly = [
      '2026-11-25 00:00,2026-11-25 01:00,0.5',
      '2026-11-26 00:00,2027-01-05 00:00,120',
      '2027-01-05 00:00,2027-01-05 01:00,0.5',
    ];
    await upload.getByLabel('Meter CSV file').setInputFiles(file('partly.csv', partly));
    await see(result).toHaveText('partly.csv: 3 records sent, 2 stored (2 new or changed), 1 refused.');
    const refused = upload.getByRole('table', { name: 'Refused rows' }).locator('tbody tr');
    await see(refused).toHaveCount(1);
    await see(refused).toHaveAttribute('data-line', '3');
    await see(refused).toContainText('Thu 26 Nov, 00:00 – Tue 5 Jan, 00:00');
    await see(refused.locator('[data-code]')).toHaveText('record_too_long');
    expect(await recordsAt(sydney.id)).toHaveLength(48 + 10_500 + 2);
    await shot(page, 'usage-upload-refused-1280x800');
    await page.setViewportSize({ width: 800, height: 900 });
    await see(refused).toBeVisible();
    await noOverflow(page);
    await shot(page, 'usage-upload-refused-800');
    expect(errors).toEqual([]);
    await page.close();
  });
});

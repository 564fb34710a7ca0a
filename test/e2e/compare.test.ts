import { describe, expect, it } from 'vitest';
import { expect as see } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright';
import { pixelsOf } from './png.js';
import { DateTime } from 'luxon';
import { shot, SHOTS, topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { fixedSchedule } from '../helpers.js';

/**
 * The Compare view on the demo data (offline): Berlin's stored supply tariff against a library
 * tariff on a standard profile, in one POST /costs with `alternatives`; the totals, the verdict,
 * the CSV and the PNG are the API's answer.
 */
const s = browserSuite({ demo: true });

const locationOf = async (ref: string): Promise<string> =>
  (await s.env.api('GET', '/locations?limit=100')).body.data.find((l: any) => l.reference_id === ref).id;

const eur = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(v);
const usd = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(v);

/** `a - b` as the page shows both: the difference of the two amounts as written, so a row adds up. */
const shownApart = (a: number, b: number) => {
  const cents = (v: number) => Math.round(Number(eur(v).replace(/[^0-9.-]/g, '')) * 100);
  return (cents(a) - cents(b)) / 100;
};

/** The next POST /costs the page sends that satisfies `test`, and the API's answer to it. */
async function costRequest(page: Page, test: (body: any) => boolean, act: () => Promise<void>) {
  const isIt = (r: Request) => r.method() === 'POST' && /\/costs\/loc_/.test(r.url()) && test(r.postDataJSON());
  const [response] = await Promise.all([page.waitForResponse((r) => isIt(r.request())), act()]);
  expect(response.status()).toBe(200);
  return { body: response.request().postDataJSON(), answer: await response.json() };
}

describe('the Compare view, in Chromium', () => {
  it('compares the stored tariff with a library tariff: totals, saving, CSV and PNG are the API’s', async () => {
    const berlin = await locationOf('demo-berlin');
    const { page, errors } = await openApp(s, `compare?location=${berlin}`, { width: 1280, height: 800 });
    const totals = page.getByRole('table', { name: 'Totals' });
    const stored = totals.locator('[data-column="stored"]');
    await see(stored).toContainText('Stored: Nordlicht Nacht');

    // Hold the year's answer: the page says it is computing until it comes.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/costs\/loc_/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    await page.getByRole('option', { name: 'Nordlicht Energie: Nordlicht Fix 24' }).click();
    const { body, answer } = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      async () => {
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await see(page.getByRole('status', { name: 'Computing the year' })).toBeVisible();
        // The last answer stays up, marked busy, until the new one comes; its exports wait for it.
        await see(stored).toContainText('Stored: Nordlicht Nacht');
        await see(page.locator('[aria-busy="true"]')).toHaveCount(1);
        await see(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
        await shot(page, 'compare-computing-1280x800');
        release();
      },
    );
    await page.unroute(/\/costs\/loc_/);
    await see(page.getByRole('status', { name: 'Computing the year' })).toHaveCount(0);

    // One request: the stored tariffs as the main cost, the library tariff as the one alternative.
    expect(body.group_by).toBe('month');
    expect(body.usage).toEqual({ profile: expect.any(String), kwh_per_year: 3500 });
    expect(body.alternatives[0]).toHaveLength(1);
    expect(body.alternatives[0][0]).toMatchObject({ type: 'COMMODITY', provider_id: 'prv_nordlichtenergie' });
    // The page showed what the service answers to that request, asked again here.
    const again = await s.env.api('POST', `/costs/${berlin}`, body);
    expect(again.status).toBe(200);
    expect(again.body.value).toBe(answer.value);
    expect(again.body.alternatives[0].value).toBe(answer.alternatives[0].value);
    expect(answer.periods).toHaveLength(12);

    const fix = totals.locator('tr[data-column]').nth(1);
    await see(fix).toContainText('Nordlicht Energie: Nordlicht Fix 24');
    await see(stored.locator('[data-value]')).toHaveText(eur(answer.value));
    await see(fix.locator('[data-value]')).toHaveText(eur(answer.alternatives[0].value));
    const diff = shownApart(answer.value, answer.alternatives[0].value);
    await see(page.getByTestId('compare-verdict')).toHaveText(
      diff > 0
        ? `Switching to Nordlicht Energie: Nordlicht Fix 24 saves ${eur(diff)} per year.`
        : `Keeping the stored tariffs is cheaper: the cheapest candidate, Nordlicht Energie: Nordlicht Fix 24, costs ${eur(-diff)} more per year.`,
    );
    await see(page.getByRole('img', { name: 'Monthly cost chart' })).toHaveAttribute('data-months', '12');
    await shot(page, 'compare-1280x800');

    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await csv;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^compare-${berlin}-IMPORT-\\d{4}-\\d{2}-01\\.csv$`));
    const rows = readFileSync((await file.path())!, 'utf8')
      .trimEnd()
      .split('\n');
    expect(rows[0]).toBe(
      'month,Stored: Nordlicht Nacht + grid fee (EUR),Nordlicht Energie: Nordlicht Fix 24 (EUR),compared',
    );
    expect(rows).toHaveLength(1 + 12 + 2);
    answer.periods.forEach((p: any, i: number) => {
      const [month, a, b, compared] = rows[1 + i]!.split(',');
      // Local months from the window's start (the answer's times carry the window end's offset).
      expect(month).toBe(DateTime.fromISO(body.start_time, { setZone: true }).plus({ months: i }).toFormat('yyyy-MM'));
      expect(Number(a)).toBe(p.value);
      expect(Number(b)).toBe(answer.alternatives[0].periods[i].value);
      // The demo's contracts cover the whole year: every month counts.
      expect(compared).toBe('yes');
    });
    expect(rows[13]).toBe(`total,${answer.value},${answer.alternatives[0].value},`);
    expect(rows[14]).toBe(`kwh,${answer.kwh},${answer.alternatives[0].kwh},`);

    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PNG' }).click();
    const exported = await png;
    await exported.saveAs(`${SHOTS}/compare-export.png`);
    const image = readFileSync((await exported.path())!);
    expect(image.subarray(1, 4).toString()).toBe('PNG');
    // The chart itself at twice its size (not a legend swatch): wider than the window's half.
    expect(image.readUInt32BE(16)).toBeGreaterThan(1280);

    // The narrow window: the picker above the chart, nothing cut.
    await page.setViewportSize({ width: 800, height: 800 });
    await see(page.getByRole('img', { name: 'Monthly cost chart' })).toBeVisible();
    // The chart follows the window's width once its resize observer has run.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shot(page, 'compare-800x800');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the usage profile is the household profile of the location’s country, and follows the location until one is picked', async () => {
    const austin = await locationOf('demo-austin');
    const london = await locationOf('demo-london');
    // Start elsewhere, so that every cost request of the Compare view is seen from its first.
    const { page, errors } = await openApp(s, 'locations', { width: 1280, height: 800 });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/costs\/loc_/.test(r.url())) asked.push(r.postDataJSON().usage?.profile);
    });
    const picked = page.getByRole('combobox', { name: 'Usage profile' }).locator('[data-code]');
    const first = await costRequest(
      page,
      () => true,
      () => page.goto(`${s.env.info.app_url}/#/compare?location=${austin}`).then(() => undefined),
    );
    expect(first.answer.location_id).toBe(austin);
    expect(first.body.usage).toEqual({ profile: 'ercot_residential', kwh_per_year: 3500 });
    await see(picked).toHaveAttribute('data-code', 'ercot_residential');
    await see(page.getByRole('combobox', { name: 'Usage profile' })).toContainText('US household, ERCOT residential');

    // Another location: the default follows its country.
    const gb = await costRequest(
      page,
      (b) => b.usage?.profile === 'elexon_pc1',
      async () => {
        await page.getByRole('combobox', { name: 'Location' }).click();
        await page.locator(`[role="option"]:has([data-location-label="${london}"])`).click();
      },
    );
    expect(gb.answer.location_id).toBe(london);
    await see(picked).toHaveAttribute('data-code', 'elexon_pc1');

    // A profile a person picked stays when the location changes.
    await costRequest(
      page,
      (b) => b.usage?.profile === 'heat_pump',
      async () => {
        await page.getByRole('combobox', { name: 'Usage profile' }).click();
        await page.locator('[role="option"]:has([data-code="heat_pump"])').click();
      },
    );
    const back = await costRequest(
      page,
      () => true,
      async () => {
        await page.getByRole('combobox', { name: 'Location' }).click();
        await page.locator(`[role="option"]:has([data-location-label="${austin}"])`).click();
      },
    );
    expect(back.answer.location_id).toBe(austin);
    expect(back.body.usage.profile).toBe('heat_pump');
    await see(picked).toHaveAttribute('data-code', 'heat_pump');
    // Never the German profile, not even for a moment while the location loaded.
    expect(asked).not.toContain('bdew_h0');
    expect(asked.filter((p, i) => p !== asked[i - 1])).toEqual(['ercot_residential', 'elexon_pc1', 'heat_pump']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('typing the kWh per year asks once, when typing pauses; the profile’s calendar-year scaling is explained', async () => {
    const berlin = await locationOf('demo-berlin');
    const { page, errors } = await openApp(s, `compare?location=${berlin}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    await see(page.getByTestId('compare-profile-note')).toHaveText(
      'A profile is scaled to its kWh per calendar year, so twelve months across New Year hold about, not exactly, the yearly figure.',
    );
    const asked: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/costs\/loc_/.test(r.url())) asked.push(r.postDataJSON().usage?.kwh_per_year);
    });
    const field = page.getByLabel('kWh per year');
    const done = costRequest(
      page,
      (b) => b.usage?.kwh_per_year === 5000,
      async () => {
        await field.selectText();
        // A person's pace: 80 ms a key, well inside the pause the page waits for.
        await field.pressSequentially('5000', { delay: 80 });
      },
    );
    const { answer } = await done;
    await see(page.getByRole('table', { name: 'Totals' }).locator('[data-column="stored"]')).toContainText(
      answer.kwh.toFixed(1),
    );
    expect(asked).toEqual([5000]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a copy of a saved tariff, edited in place with the schedule editor, is priced as edited', async () => {
    const sydney = await locationOf('demo-sydney');
    const { page, errors } = await openApp(s, `compare?location=${sydney}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Saved tariff' }).click();
    await page.getByRole('option', { name: 'Home three-rate' }).click();
    const copied = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add copy' }).click(),
    );
    // An unchanged copy costs what the stored tariff costs.
    expect(copied.answer.alternatives[0].value).toBe(copied.answer.value);
    await page.getByRole('button', { name: 'Edit the schedule of Copy of Home three-rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule of Copy of Home three-rate' });
    await dialog.getByRole('button', { name: /^Band 15:00 to 21:00,/ }).click();
    await dialog.getByLabel('Rate panel').getByLabel('Price AUD/kWh').fill('0.2');
    const edited = await costRequest(
      page,
      (b) => JSON.stringify(b.alternatives?.[0]?.[0]?.schedule ?? null).includes('"fixed":0.2}'),
      () => dialog.getByRole('button', { name: 'Use this schedule' }).click(),
    );
    expect(edited.answer.alternatives[0].value).toBeLessThan(edited.answer.value);
    await see(page.getByTestId('compare-verdict')).toContainText('Switching to Copy of Home three-rate, edited saves');
    await see(page.getByRole('list', { name: 'Chosen candidates' })).toContainText('edited here');
    // A direction the location has no tariff for: the next step, not an error box.
    await page.getByLabel('Direction').click();
    await page.getByRole('option', { name: 'Export EXPORT' }).click();
    await see(page.getByRole('heading', { name: 'No export tariff at 1 George St, Sydney' })).toBeVisible();
    await see(page.getByRole('list', { name: 'Chosen candidates' })).toContainText('None yet');
    await see(page.getByRole('region', { name: 'Comparison' }).getByRole('alert')).toHaveCount(0);
    expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    await page.close();
  });

  it('a candidate added before a meter CSV runs over the file’s months, and the span is said in days', async () => {
    const berlin = await locationOf('demo-berlin');
    const stored = (await s.env.api('GET', `/tariffs?location_id=${berlin}&limit=100`)).body.data.find(
      (t: any) => t.display_name === 'Nordlicht Nacht',
    );
    const { page, errors } = await openApp(s, `compare?location=${berlin}`, { width: 1280, height: 800 });
    const totals = page.getByRole('table', { name: 'Totals' });
    await see(totals).toBeVisible();
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    await page.getByRole('option', { name: 'Nordlicht Energie: Nordlicht Fix 24' }).click();
    const profiled = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    // The 15th of the stored contract's first month to the 20th of the next (midnight): 35 days, in Berlin.
    const from = DateTime.fromISO(stored.contract_start_date.slice(0, 10), { zone: 'Europe/Berlin' }).plus({
      days: 14,
    });
    const to = from.plus({ months: 1, days: 5 });
    const hours = to.diff(from, 'hours').hours;
    const rows = Array.from({ length: hours }, (_, i) => {
      const a = from.toUTC().plus({ hours: i });
      return `${a.toISO({ suppressMilliseconds: true })},${a.plus({ hours: 1 }).toISO({ suppressMilliseconds: true })},0.2`;
    });
    const { body, answer } = await costRequest(
      page,
      (b) => !!b.usage?.intervals,
      () =>
        page.getByLabel('Usage CSV file').setInputFiles({
          name: 'partial.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(`start,end,kwh\n${rows.join('\n')}\n`),
        }),
    );
    // The candidate's contract is the file's months, not the profile's year it was added under.
    const months = {
      contract_start_date: from.startOf('month').toISODate(),
      contract_end_date: to.plus({ months: 1 }).startOf('month').toISODate(),
    };
    expect(body.alternatives[0][0]).toMatchObject(months);
    const asked = structuredClone(body);
    Object.assign(asked.alternatives[0][0], months);
    const expected = await s.env.api('POST', `/costs/${berlin}`, asked);
    expect(expected.status).toBe(200);
    expect(answer.alternatives[0].value).toBe(expected.body.alternatives[0].value);
    await see(totals.locator('tr[data-column]').nth(1).locator('[data-value]')).toHaveText(
      eur(expected.body.alternatives[0].value),
    );
    // With the dates it was added under, the supply tariff would price none of the file (only the grid fee).
    const stale = structuredClone(body);
    stale.alternatives[0][0].contract_start_date = profiled.body.alternatives[0][0].contract_start_date;
    stale.alternatives[0][0].contract_end_date = profiled.body.alternatives[0][0].contract_end_date;
    const wrong = await s.env.api('POST', `/costs/${berlin}`, stale);
    expect(wrong.body.alternatives[0].value).toBeLessThan(expected.body.alternatives[0].value);

    // The span in days and dates, not "2 months", and not "a year" in the subtitle.
    const span = `over 35 days, ${from.toFormat('d LLL')} – ${to.minus({ days: 1 }).toFormat('d LLL')}`;
    await see(page.getByTestId('compare-verdict')).toContainText(span);
    await see(page.getByTestId('compare-span')).toContainText(span);
    await see(page.getByText('over a year')).toHaveCount(0);
    await shot(page, 'compare-partial-csv-1280x800');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('usage before the stored contract starts is left out of every total, and no verdict is drawn on it', async () => {
    const berlin = await locationOf('demo-berlin');
    const stored = (await s.env.api('GET', `/tariffs?location_id=${berlin}&limit=100`)).body.data.find(
      (t: any) => t.display_name === 'Nordlicht Nacht',
    );
    const { page, errors } = await openApp(s, `compare?location=${berlin}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    // A profile's year inside the contracts: every month counts, nothing is said but the rule.
    await see(page.getByTestId('compare-coverage')).toHaveCount(0);
    await see(page.getByTestId('compare-rule')).toContainText('the totals count only the months every column prices');
    // The month before the stored contracts start, hour by hour, 0.5 kWh each.
    const to = DateTime.fromISO(stored.contract_start_date.slice(0, 10), { zone: 'Europe/Berlin' });
    const from = to.minus({ months: 1 });
    const rows = Array.from({ length: to.diff(from, 'hours').hours }, (_, i) => {
      const a = from.toUTC().plus({ hours: i });
      return `${a.toISO({ suppressMilliseconds: true })},${a.plus({ hours: 1 }).toISO({ suppressMilliseconds: true })},0.5`;
    });
    const file = {
      name: 'before.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`start,end,kwh\n${rows.join('\n')}\n`),
    };
    const alone = await costRequest(
      page,
      (b) => !!b.usage?.intervals,
      () => page.getByLabel('Usage CSV file').setInputFiles(file),
    );
    const kwh = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kWh`;
    const month = from.setLocale('en-GB').toFormat('LLL yyyy');
    const storedName = 'Stored: Nordlicht Nacht + grid fee';
    expect(alone.answer.unpriced_kwh).toBe(alone.answer.kwh);
    expect(alone.answer.value).toBe(0);
    await see(page.getByTestId('compare-coverage')).toHaveText(
      `No month of this usage is priced in full by the stored tariffs: ${month} (${storedName} leaves ${kwh(alone.answer.unpriced_kwh)} unpriced).`,
    );
    // A candidate runs over the file's month and prices it; the stored column cannot, so the
    // month is in no total and there is no verdict (a 0 beside a real cost would call the stored cheaper).
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    await page.getByRole('option', { name: 'Nordlicht Energie: Nordlicht Fix 24' }).click();
    const both = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    expect(both.answer.alternatives[0].unpriced_kwh).toBeLessThan(both.answer.unpriced_kwh);
    expect(both.answer.alternatives[0].value).toBeGreaterThan(both.answer.value);
    await see(page.getByTestId('compare-coverage')).toHaveText(
      `No month is priced in full by every column, so there is no verdict: ${month} (${storedName} leaves ${kwh(both.answer.unpriced_kwh)} unpriced; the stored tariff for supply (import) covers none of it).`,
    );
    await see(page.getByTestId('compare-verdict')).toHaveCount(0);
    // No total to show: no "€0.00 beside €0.00" that reads as a tie.
    await see(page.getByRole('table', { name: 'Totals' })).toHaveCount(0);
    await see(page.getByRole('img', { name: 'Monthly cost chart' })).toHaveAttribute('data-left-out', '0');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'compare-unpriced-1280x800');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a tariff that starts mid-month: that month is left out of every total, and the verdict weighs equal months', async () => {
    // A new location whose one supply tariff starts on the 20th of the service clock's month in
    // Berlin, a cent dearer than the library's Nordlicht Fix 24: costed 0 before the 20th, the
    // stored column would look cheaper over the naive year though it is dearer in every month it prices.
    const now = DateTime.fromISO((await s.env.api('GET', '/clock')).body.now).setZone('Europe/Berlin');
    const start = now.startOf('month').set({ day: 20 });
    const loc = await s.env.api('POST', '/locations', {
      postal_address: { address_line1: 'Kastanienallee 7', post_code: '10435', city: 'Berlin', country_code: 'DE' },
    });
    expect(loc.status).toBe(200);
    const own = await s.env.api('POST', '/tariffs', {
      location_id: loc.body.id,
      type: 'COMMODITY',
      direction: 'IMPORT',
      display_name: 'Kiez Strom',
      contract_start_date: start.toISODate(),
      contract_end_date: start.plus({ years: 2 }).toISODate(),
      schedule: fixedSchedule([['All', [['00:00', '00:00', 0.3289]]]]),
    });
    expect(own.status).toBe(200);
    const { page, errors } = await openApp(s, `compare?location=${loc.body.id}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    await page.getByRole('option', { name: 'Nordlicht Energie: Nordlicht Fix 24' }).click();
    const { body, answer } = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    const fix = answer.alternatives[0];
    expect(body.start_time.slice(0, 10)).toBe(now.startOf('month').toISODate());
    expect(answer.periods).toHaveLength(12);
    // The first month: the stored column prices only its end, the candidate all of it.
    expect(answer.periods[0].unpriced_kwh).toBeGreaterThan(0);
    expect(fix.periods[0].unpriced_kwh).toBe(0);
    answer.periods.slice(1).forEach((p: any) => expect(p.unpriced_kwh).toBe(0));
    // The naive totals would call the stored tariff cheaper; it is dearer in every month it prices in full.
    expect(answer.value).toBeLessThan(fix.value);
    answer.periods.slice(1).forEach((p: any, i: number) => expect(p.value).toBeGreaterThan(fix.periods[i + 1].value));

    const fair = (c: any, k: 'value' | 'kwh') =>
      Math.round(c.periods.slice(1).reduce((t: number, p: any) => t + p[k], 0) * 1e6) / 1e6;
    const totals = page.getByRole('table', { name: 'Totals' });
    const storedRow = totals.locator('[data-column="stored"]');
    const fixRow = totals.locator('tr[data-column]').nth(1);
    await see(storedRow.locator('[data-value]')).toHaveText(eur(fair(answer, 'value')));
    await see(fixRow.locator('[data-value]')).toHaveText(eur(fair(fix, 'value')));
    // Equal coverage: the same kWh in both columns.
    expect(fair(answer, 'kwh')).toBe(fair(fix, 'kwh'));
    await see(storedRow).toContainText(fair(answer, 'kwh').toFixed(1));
    await see(fixRow).toContainText(fair(fix, 'kwh').toFixed(1));
    await see(page.getByTestId('compare-verdict')).toHaveText(
      `Switching to Nordlicht Energie: Nordlicht Fix 24 saves ${eur(shownApart(fair(answer, 'value'), fair(fix, 'value')))} over 11 months.`,
    );
    const first = now.startOf('month').setLocale('en-GB');
    const kwh = (v: number) => `${v.toLocaleString('en-GB', { maximumFractionDigits: 1 })} kWh`;
    await see(page.getByTestId('compare-coverage')).toHaveText(
      `Left out of every total: ${first.toFormat('LLL yyyy')} (Stored: Kiez Strom leaves ${kwh(answer.periods[0].unpriced_kwh)} unpriced; the stored tariff for supply (import) covers only part of it). The totals and the verdict compare the 11 months every column prices in full, ${first.plus({ months: 1 }).toFormat('LLL yyyy')} – ${first.plus({ months: 11 }).toFormat('LLL yyyy')}.`,
    );
    await see(totals).toContainText('Cost, 11 months');
    await see(page.getByRole('img', { name: 'Monthly cost chart' })).toHaveAttribute('data-left-out', '0');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'compare-mid-month-1280x800');

    // The CSV says which months count, and its totals are the compared months'.
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const lines = readFileSync((await (await csv).path())!, 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines[1]!.endsWith(',no')).toBe(true);
    expect(lines.slice(2, 13).every((l) => l.endsWith(',yes'))).toBe(true);
    expect(lines[13]).toBe(`total,${fair(answer, 'value')},${fair(fix, 'value')},`);

    await page.setViewportSize({ width: 800, height: 800 });
    await see(page.getByTestId('compare-coverage')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shot(page, 'compare-mid-month-800x800');
    expect(errors).toEqual([]);
    await page.close();
    await s.env.api('DELETE', `/locations/${loc.body.id}`);
  });

  it('a tiered tariff: the energy above the first tier per column, priced as a bill, and a note that standing charges are not in the totals', async () => {
    const now = DateTime.fromISO((await s.env.api('GET', '/clock')).body.now).setZone('Europe/Berlin');
    const loc = await s.env.api('POST', '/locations', {
      postal_address: { address_line1: 'Kastanienallee 9', post_code: '10435', city: 'Berlin', country_code: 'DE' },
    });
    expect(loc.status).toBe(200);
    // 150 kWh a month at the band's price, 0.09 more beyond: a household's month goes past it.
    const tiers = (p: number) => [{ fixed: p, to_kwh: 150 }, { fixed: Math.round((p + 0.09) * 1e4) / 1e4 }];
    const own = await s.env.api('POST', '/tariffs', {
      location_id: loc.body.id,
      type: 'COMMODITY',
      direction: 'IMPORT',
      display_name: 'Stufen Strom',
      contract_start_date: now.startOf('month').toISODate(),
      contract_end_date: now.startOf('month').plus({ years: 2 }).toISODate(),
      schedule: [
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                { valid_from: '07:00:00', valid_to: '22:00:00', rate: tiers(0.31) },
                { valid_from: '22:00:00', valid_to: '07:00:00', rate: tiers(0.24) },
              ],
            },
          ],
        },
      ],
    });
    expect(own.status).toBe(200);
    for (const size of [VIEWPORTS.large, VIEWPORTS.small]) {
      const { page, errors } = await openApp(s, `compare?location=${loc.body.id}`, size);
      await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Library tariff' }).click();
      await page.getByRole('option', { name: 'Nordlicht Energie: Nordlicht Fix 24' }).click();
      const { answer } = await costRequest(
        page,
        (b) => b.alternatives?.length === 1,
        () => page.getByRole('button', { name: 'Add', exact: true }).click(),
      );
      // Every month goes past 150 kWh; the flat library tariff has no tiers.
      expect(answer.above_first_tier_kwh).toBeGreaterThan(0);
      expect(answer.alternatives[0].above_first_tier_kwh).toBe(0);
      const cells = page.getByTestId('compare-above-first-tier');
      await see(cells).toHaveCount(2);
      await see(cells.nth(0)).toHaveText(answer.above_first_tier_kwh.toFixed(1));
      await see(cells.nth(1)).toHaveText('0.0');
      await see(page.getByRole('table', { name: 'Totals' })).toContainText('kWh above the first tier');
      await see(page.getByTestId('compare-charges-note')).toContainText('fixed or standing charges');
      await see(page.getByTestId('compare-charges-note')).toContainText(
        'counts its energy from the first of each month',
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `compare-tiered-${size.width}x${size.height}`);
      expect(errors).toEqual([]);
      await page.close();
    }
    await s.env.api('DELETE', `/locations/${loc.body.id}`);
  });

  it('the PNG of three candidates at 800 px holds the whole legend, wrapped, right under the chart', async () => {
    const berlin = await locationOf('demo-berlin');
    const { page, errors } = await openApp(s, `compare?location=${berlin}`, { width: 800, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    await page.getByRole('option', { name: 'Nordlicht Energie: Nordlicht Fix 24' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    let answer: any;
    for (const saved of ['Spreenetz Berlin: Netzentgelt Spreenetz (Modul 3)', 'Nordlicht Nacht']) {
      await page.getByRole('combobox', { name: 'Saved tariff' }).click();
      await page.getByRole('option', { name: saved }).click();
      ({ answer } = await costRequest(
        page,
        () => true,
        () => page.getByRole('button', { name: 'Add copy' }).click(),
      ));
    }
    await see(page.getByRole('table', { name: 'Totals' }).locator('tr[data-column]')).toHaveCount(4);
    // Unchanged copies cost what the stored tariffs cost: never "the cheapest candidate".
    const [fix, grid, night] = answer.alternatives.map((a: any) => a.value);
    expect([grid, night]).toEqual([answer.value, answer.value]);
    expect(fix).toBeGreaterThan(answer.value);
    await see(page.getByTestId('compare-verdict')).toHaveText(
      `No candidate is cheaper than the stored tariffs: Copy of Spreenetz Berlin: Netzentgelt Spreenetz (Modul 3) and Copy of Nordlicht Nacht cost the same; Nordlicht Energie: Nordlicht Fix 24 costs ${eur(shownApart(fix, answer.value))} more per year.`,
    );
    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PNG' }).click();
    const exported = await png;
    await exported.saveAs(`${SHOTS}/compare-export-800.png`);
    const px = await pixelsOf(page, readFileSync((await exported.path())!));
    // The blank rows between the axis and the legend, and ink at the right edge.
    const ink = (x: number, y: number) => px.rgba[(y * px.width + x) * 4]!;
    const blankRow = (y: number) => {
      for (let x = 0; x < px.width; x++) if (ink(x, y) < 250) return false;
      return true;
    };
    let run = 0;
    let longest = 0;
    let lastInk = 0;
    for (let y = 0; y < px.height; y++) {
      if (blankRow(y)) run++;
      else {
        if (y > px.height / 3) longest = Math.max(longest, run);
        run = 0;
        lastInk = y;
      }
    }
    let edgeInk = 0;
    for (let y = 0; y < px.height; y++) for (let x = px.width - 6; x < px.width; x++) if (ink(x, y) < 200) edgeInk++;
    const seen = { longest, below: px.height - 1 - lastInk, edgeInk };
    // Twice the size: a gap of 30 px drawn is 60 here; the legend's three lines end within the image.
    expect(seen.longest).toBeLessThan(60);
    expect(seen.below).toBeLessThan(40);
    expect(seen.edgeInk).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a meter CSV read in the app is compared over the months it covers; a bad row is named by its line', async () => {
    const berlin = await locationOf('demo-berlin');
    const { page, errors } = await openApp(s, `compare?location=${berlin}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    // October 2026 in Berlin, hour by hour (745 hours: the clocks go back on the 25th), 0.5 kWh each.
    const first = DateTime.fromISO('2026-10-01T00:00:00', { zone: 'Europe/Berlin' });
    const hours = first.plus({ months: 1 }).diff(first, 'hours').hours;
    const rows = Array.from({ length: hours }, (_, i) => {
      const a = first.toUTC().plus({ hours: i });
      return `${a.toISO({ suppressMilliseconds: true })},${a.plus({ hours: 1 }).toISO({ suppressMilliseconds: true })},0.5`;
    });
    const file = (text: string) => ({ name: 'october.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    const { body, answer } = await costRequest(
      page,
      (b) => !!b.usage?.intervals,
      () => page.getByLabel('Usage CSV file').setInputFiles(file(`start,end,kwh\n${rows.join('\n')}\n`)),
    );
    expect(body.usage.intervals).toHaveLength(745);
    expect(body.start_time).toBe('2026-10-01T00:00:00+02:00');
    expect(answer.kwh).toBe(372.5);
    await see(page.getByTestId('usage-file')).toContainText(
      'october.csv · 745 rows · 372.5 kWh · 2026-10-01 – 2026-10-31',
    );
    await see(page.getByRole('img', { name: 'Monthly cost chart' })).toHaveAttribute('data-months', '1');
    await see(page.getByRole('table', { name: 'Totals' }).locator('[data-column="stored"]')).toContainText('372.5');
    await see(page.getByRole('table', { name: 'Totals' })).toContainText('Cost, 31 days');
    await see(page.getByRole('region', { name: 'Comparison' })).toContainText(
      'Monthly cost, Oct 2026 (months in Europe/Berlin)',
    );
    await shot(page, 'compare-csv-1280x800');

    await page
      .getByLabel('Usage CSV file')
      .setInputFiles(file(`start,end,kwh\n${rows[0]}\n${rows[1]!.replace(',0.5', ',lots')}\n`));
    await see(page.getByRole('group', { name: 'Usage' }).getByRole('alert')).toContainText(
      /^october\.csv: line 3, column kwh: /,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an edited library candidate is named as edited in the table, the chart and the CSV; any twelve months are compared', async () => {
    const austin = await locationOf('demo-austin');
    const { page, errors } = await openApp(s, `compare?location=${austin}`, VIEWPORTS.large);
    const totals = page.getByRole('table', { name: 'Totals' });
    await see(totals).toBeVisible();
    // The profile and why, in one line: the location's country's household, where it is.
    await see(page.getByTestId('compare-profile-why')).toHaveText(
      'Household profile: US household, ERCOT residential, as the location is in TX, US.',
    );
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    await page.getByRole('option', { name: /^Prairie Sun Utilities: Residential Flat/ }).click();
    const added = await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    const offer = 'Prairie Sun Utilities: Residential Flat';
    await see(totals.locator('tr[data-column]').nth(1)).toContainText(offer);
    await page.getByRole('button', { name: `Edit the schedule of ${offer}` }).click();
    const dialog = page.getByRole('dialog', { name: `Schedule of ${offer}` });
    await dialog
      .getByRole('button', { name: /^Band / })
      .first()
      .click();
    await dialog.getByLabel('Rate panel').getByLabel('Price USD/kWh').fill('0.05');
    const edited = `${offer}, edited`;
    const { body, answer } = await costRequest(
      page,
      (b) => b.alternatives?.[0]?.[0]?.display_name === edited,
      () => dialog.getByRole('button', { name: 'Use this schedule' }).click(),
    );
    expect(answer.alternatives[0].value).toBeLessThan(added.answer.alternatives[0].value);
    // Its figures are no longer the offer's: every place names it as edited.
    const row = totals.locator('tr[data-column]').nth(1);
    await see(row).toContainText(edited);
    await see(row.locator('[data-value]')).toHaveText(usd(answer.alternatives[0].value));
    await see(page.getByRole('img', { name: 'Monthly cost chart' }).locator('.recharts-legend-item').nth(1)).toHaveText(
      edited,
    );
    await see(page.getByRole('list', { name: 'Chosen candidates' })).toContainText(edited);
    await see(page.getByTestId('compare-verdict')).toContainText(`Switching to ${edited} saves`);
    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const head = readFileSync((await (await csv).path())!, 'utf8').split('\n')[0];
    expect(head).toBe(`month,Stored: Time of Use 4-9 pm (USD),"${edited} (USD)",compared`);
    await topShot(page, 'compare-edited-1440x900');

    // A calendar year: January to December of the next year, in the location's zone.
    const first = DateTime.fromISO(body.start_time, { setZone: true }).setZone('America/Chicago');
    const next = first.year + 1;
    const calendar = await costRequest(
      page,
      (b) => b.start_time.startsWith(`${next}-01-01`),
      async () => {
        await page.getByRole('combobox', { name: 'Months' }).click();
        await page.getByRole('option', { name: `Calendar year ${next}` }).click();
      },
    );
    expect(calendar.body.start_time).toBe(`${next}-01-01T00:00:00-06:00`);
    expect(calendar.body.end_time).toBe(`${next + 1}-01-01T00:00:00-06:00`);
    // The candidate runs over the months compared, and keeps its edited name.
    expect(calendar.body.alternatives[0][0]).toMatchObject({
      display_name: edited,
      contract_start_date: `${next}-01-01`,
      contract_end_date: `${next + 1}-01-01`,
    });
    await see(page.getByRole('region', { name: 'Comparison' })).toContainText(
      `Monthly cost, Jan ${next} – Dec ${next} (months in America/Chicago)`,
    );
    await see(page.getByLabel('First month')).toHaveValue(`${next}-01`);
    // Twelve months from a month picked: March to February.
    const march = await costRequest(
      page,
      (b) => b.start_time.startsWith(`${next}-03-01`),
      () => page.getByLabel('First month').fill(`${next}-03`),
    );
    expect(march.answer.periods).toHaveLength(12);
    await see(page.getByRole('combobox', { name: 'Months' })).toHaveText('12 months from a month of your own');
    await see(page.getByRole('region', { name: 'Comparison' })).toContainText(
      `Monthly cost, Mar ${next} – Feb ${next + 1}`,
    );
    // The service answers that request with those figures.
    const again = await s.env.api('POST', `/costs/${austin}`, march.body);
    expect(again.body.alternatives[0].value).toBe(march.answer.alternatives[0].value);
    await topShot(page, 'compare-months-1440x900');
    await page.setViewportSize(VIEWPORTS.small);
    await see(page.getByRole('group', { name: 'Months compared' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await topShot(page, 'compare-months-1024x700');

    // A profile picked by hand says so, and which the location's own would be.
    await page.getByRole('combobox', { name: 'Usage profile' }).click();
    await page.locator('[role="option"]:has([data-code="heat_pump"])').click();
    await see(page.getByTestId('compare-profile-why')).toHaveText(
      /^Usage profile: An air-source heat pump for heating and hot water, picked here \(the location’s own would be US household, ERCOT residential\)\.$/,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a Californian location is priced on the US household profile and says why; its market is California’s', async () => {
    const made = await s.env.api('POST', '/locations', {
      postal_address: {
        address_line1: '200 E Santa Clara St',
        city: 'San Jose',
        state: 'California',
        post_code: '95113',
        country_code: 'US',
      },
    });
    expect(made.status).toBe(200);
    expect(made.body.market_region).toBe('US-CAISO');
    const { page, errors } = await openApp(s, `compare?location=${made.body.id}`, VIEWPORTS.large);
    // No tariff yet: the next step, and still the profile and why.
    await see(page.getByRole('heading', { name: /^No tariff at 200 E Santa Clara St/ })).toBeVisible();
    await see(page.getByTestId('compare-profile-why')).toHaveText(
      'Household profile: US household, ERCOT residential, as the location is in California, US.',
    );
    await topShot(page, 'compare-california-1440x900');
    expect(errors).toEqual([]);
    await page.close();
    await s.env.api('DELETE', `/locations/${made.body.id}`);
  });

  it('a library offer of another country is marked, in the list and once chosen: its rates are read in the location’s currency', async () => {
    const sydney = await locationOf('demo-sydney');
    const { page, errors } = await openApp(s, `compare?location=${sydney}`, { width: 1280, height: 800 });
    await see(page.getByRole('table', { name: 'Totals' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Library tariff' }).click();
    const offer = page.getByRole('option', { name: /^Nordlicht Energie: Nordlicht Fix 24/ });
    await see(offer).toContainText('another country (DE)');
    await offer.click();
    await costRequest(
      page,
      (b) => b.alternatives?.length === 1,
      () => page.getByRole('button', { name: 'Add', exact: true }).click(),
    );
    await see(page.getByTestId('foreign-candidate')).toHaveText('An offer in DE: its rates are read as AUD.');
    await shot(page, 'compare-foreign-offer-1280x800');
    expect(errors).toEqual([]);
    await page.close();
  });
});

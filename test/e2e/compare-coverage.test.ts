import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { readFileSync } from 'node:fs';
import { pixelsOf } from './png.js';
import { DateTime } from 'luxon';
import { shot, SHOTS } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { fixedSchedule } from '../helpers.js';
import { askBill, billRequest as costRequest, eur, locationOf as locationOfIn, shownApart } from './compare-helpers.js';

/**
 * What Compare's totals count: like with like. A month a column prices only in part (a meter
 * file's edges, a contract starting mid-month or later) is in no total; tiers count per month;
 * the PNG and a meter file read in the app.
 */
// The demo is seeded relative to the service's today: pinned, its contracts' dates hold on any day.
const s = browserSuite({ demo: true, now: '2026-11-20T10:00:00Z' });

const locationOf = (ref: string) => locationOfIn(s, ref);

describe('what the Compare view weighs, in Chromium', () => {
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
    // The 15th of the stored contract's first month to the 20th of the next (midnight), in Berlin: 35 or 36 days.
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
    const expected = await askBill(s, berlin, asked);
    expect(expected.status).toBe(200);
    expect(answer.alternatives[0].value).toBe(expected.body.alternatives[0].value);
    await see(totals.locator('tr[data-column]').nth(1).locator('[data-value]')).toHaveText(
      eur(expected.body.alternatives[0].value),
    );
    // With the dates it was added under, the supply tariff would price none of the file (only the grid fee).
    const stale = structuredClone(body);
    stale.alternatives[0][0].contract_start_date = profiled.body.alternatives[0][0].contract_start_date;
    stale.alternatives[0][0].contract_end_date = profiled.body.alternatives[0][0].contract_end_date;
    const wrong = await askBill(s, berlin, stale);
    expect(wrong.body.alternatives[0].value).toBeLessThan(expected.body.alternatives[0].value);

    // The span in days and dates, not "2 months", and not "a year" in the subtitle.
    // The demo contract is seeded relative to today, so the span's days come from its dates.
    const days = Math.round(to.diff(from, 'days').days);
    const span = `over ${days} days, ${from.toFormat('d LLL')} – ${to.minus({ days: 1 }).toFormat('d LLL')}`;
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

  it('a tiered tariff is priced as a bill prices it, each month from its first, and the note says so', async () => {
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
      // Tiers count per month, as a bill counts them; the breakdown's energy is the bill's.
      const energy = answer.bill.months.reduce((t: number, m: any) => t + m.energy_charge, 0);
      await see(
        page.getByRole('table', { name: 'Bill breakdown' }).locator('tr[data-part="energy"] td').nth(1),
      ).toHaveText(eur(energy));
      await see(page.getByTestId('compare-charges-note')).toContainText('The totals are whole bills');
      await see(page.getByTestId('compare-charges-note')).toContainText(
        'counts its energy from the first of each month',
      );
      // The kWh above the first tier: each column's bill months over the compared months, in the table and the CSV.
      const csv = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const rows = readFileSync((await (await csv).path())!, 'utf8')
        .trimEnd()
        .split('\n');
      const compared = rows.slice(1, 13).map((r) => r.split(',').at(-1) === 'yes');
      const above = [answer.bill, answer.bill.alternatives[0]].map(
        (b: any) =>
          Math.round(
            b.months.reduce((t: number, m: any, i: number) => (compared[i] ? t + m.above_first_tier_kwh : t), 0) * 1e6,
          ) / 1e6,
      );
      // The stored tariff's 150 kWh a month is passed; the flat candidate has no tiers.
      expect(above[0]).toBeGreaterThan(0);
      expect(above[1]).toBe(0);
      const totals = page.getByRole('table', { name: 'Totals' });
      await see(totals.getByRole('columnheader', { name: 'kWh above the first tier' })).toBeVisible();
      await see(totals.getByTestId('compare-above-first-tier')).toHaveText(above.map((v) => v.toFixed(1)));
      expect(rows.find((r) => r.startsWith('kwh above the first tier'))).toBe(
        `kwh above the first tier,${above[0]},${above[1]},`,
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
  }, 480_000);

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
});

import { beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import type { Page } from 'playwright';
import { DateTime } from 'luxon';
import { topShot as shot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { fixedSchedule } from '../helpers.js';
import { berlinHousehold, billOf, YEAR_2026 } from './bills.js';

/**
 * The bill on the Usage and cost view: a household's stored meter records (grid draw and solar
 * sent back) over October and part of November, billed by month with a standing charge, flat
 * and evening demand and a feed-in credit, laid out as a statement; credit carried to a true-up.
 */
const NOW = '2026-11-20T10:00:00Z';
const ZONE = 'Europe/Berlin';
const s = browserSuite({ now: NOW });

const eur = (v: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(v);
const noOverflow = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

let locationId: string;

beforeAll(async () => {
  const c = s.env.client;
  locationId = await berlinHousehold(c, 'Household', {
    fixed: [{ amount: 0.5, per: 'DAY', name: 'Standing charge' }],
    demand: {
      flat: [{ rate: [{ fixed: 4 }] }],
      periods: [{ name: 'Evening peak', rate: [{ fixed: 6 }] }],
      schedule: [
        {
          days_and_hours: [
            { days: ['All'], hours: [{ valid_from: '17:00:00', valid_to: '21:00:00', period: 'Evening peak' }] },
          ],
        },
      ],
    },
  });
  await c.call('tariffs.create', {
    body: {
      location_id: locationId,
      type: 'COMMODITY',
      direction: 'EXPORT',
      display_name: 'Feed-in',
      ...YEAR_2026,
      schedule: fixedSchedule([['All', [['00:00', '00:00', 0.2]]]]),
    },
  });
  // Hourly from 1 October to the frozen today: 0.6 kWh drawn each hour, more some evenings and a
  // night's heat pump; 20 kWh an hour sent to the grid over midday on dry days (a large array):
  // more credit than charges, so some is carried.
  const records: Record<string, unknown>[] = [];
  let t = DateTime.fromISO('2026-10-01T00:00', { zone: ZONE });
  const end = DateTime.fromISO('2026-11-20T00:00', { zone: ZONE });
  for (let i = 0; t < end; i++, t = t.plus({ hours: 1 })) {
    const span = { start_time: t.toUTC().toISO(), end_time: t.plus({ hours: 1 }).toUTC().toISO() };
    const evening = t.hour >= 18 && t.hour < 20 ? 1.5 + (t.day % 7) / 10 : 0;
    const night = t.hour === 3 && t.day === 12 ? 4.2 : 0;
    records.push({
      location_id: locationId,
      record_reference_id: `I${i}`,
      units: 'WH',
      value: 600 + (evening + night) * 1000,
      ...span,
    });
    if (t.hour >= 11 && t.hour < 15 && t.day % 3 !== 0)
      records.push({
        location_id: locationId,
        record_reference_id: `E${i}`,
        direction: 'EXPORT',
        units: 'WH',
        value: 20_000,
        ...span,
      });
  }
  for (let k = 0; k < records.length; k += 1000)
    expect((await s.env.api('PUT', '/meters/interval', records.slice(k, k + 1000))).status).toBe(200);
});

describe('the bill on the Usage and cost view, in Chromium', () => {
  it('bills the stored records by whole local month as a statement, then carries credit to a true-up', async () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const { page, errors } = await openApp(s, '', viewport);
      const first = await billOf(page, () =>
        page.goto(`${s.env.info.app_url}/#/usage?location=${locationId}&from=2026-10-01&to=2026-11-20`),
      );
      // The whole local months covering the window, the stored records (no usage sent).
      expect(first.body).toEqual({
        start_time: '2026-10-01T00:00:00+02:00',
        end_time: '2026-12-01T00:00:00+01:00',
        metering: { credits: 'PAID_MONTHLY' },
      });
      const again = await s.env.client.call('bills.create', { params: { location_id: locationId }, body: first.body });
      expect(first.answer).toEqual(again);
      const [oct, nov] = again.months;
      expect(oct!.fixed_charge).toBeCloseTo(31 * 0.5, 6);
      expect(oct!.export_kwh).toBeGreaterThan(0);
      expect(oct!.demand.map((d) => d.period)).toEqual([null, 'Evening peak']);

      const table = page.getByRole('table', { name: 'Bill by month' });
      await see(table.locator('thead th')).toHaveText(['EUR', 'Oct 2026', 'Nov 2026', 'Total']);
      const line = (key: string) => table.locator(`tr[data-line="${key}"] td`);
      await see(line('energy')).toHaveText([
        `${eur(oct!.energy_charge)}${oct!.import_kwh.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kWh drawn`,
        /kWh drawn/,
        eur(oct!.energy_charge + nov!.energy_charge),
      ]);
      await see(line('fixed').first()).toHaveText(eur(15.5));
      // Demand: the charge, the month's peak and when it happened, the evening period's own.
      const peakAt = DateTime.fromISO(oct!.peak_time!).setZone(ZONE).setLocale('en-GB').toFormat('ccc d LLL, HH:mm');
      const evening = oct!.demand[1]!;
      const eveningAt = DateTime.fromISO(evening.time!).setZone(ZONE).setLocale('en-GB').toFormat('ccc d LLL, HH:mm');
      await see(line('demand').first()).toContainText(eur(oct!.demand_charge));
      const demandLines = line('demand').first().locator('span[style*="nowrap"]');
      // Each part's money, as a bill lists it; the flat one is called so.
      const flatPart = oct!.demand[0]!;
      await see(demandLines).toHaveText([
        `peak ${oct!.peak_kw} kW`,
        peakAt,
        `flat demand: ${flatPart.billed_kw ?? flatPart.kw} kW → ${eur(flatPart.charge)}`,
        `Evening peak: ${evening.kw} kW → ${eur(evening.charge)}`,
        eveningAt,
      ]);
      // The part names and the Total column stay in view with the months scrolled.
      const head = table.locator('thead th');
      await table.scrollIntoViewIfNeeded();
      await table.evaluate((t) => t.parentElement!.scrollTo({ left: 10_000 }));
      await see(head.first()).toBeInViewport();
      await see(head.last()).toBeInViewport();
      expect(await head.last().evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
      expect(await head.first().evaluate((e) => getComputedStyle(e).position)).toBe('sticky');
      // The energy chart says it is energy only, and where the rest is.
      await see(page.getByTestId('cost-energy-only')).toContainText('Energy only');
      expect(oct!.peak_kw).toBeCloseTo(4.8, 6);
      expect(peakAt).toBe('Mon 12 Oct, 03:00');
      await see(line('minimum').first()).toHaveText(oct!.minimum_charge === 0 ? '—' : eur(oct!.minimum_charge));
      await see(line('export').first()).toContainText(eur(-oct!.export_credit));
      await see(line('total')).toHaveText([eur(oct!.total), eur(nov!.total), eur(again.total)]);
      await see(page.getByTestId('bill-total')).toContainText(`${eur(again.total)} to pay for Oct 2026 – Nov 2026`);
      await noOverflow(page);
      await shot(page, `usage-bill-${size}`);
      await page.locator('#usage-bill').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/screenshots/usage-bill-part-${size}.png` });

      // Carried credit, settled at the end of October: October's credit pays its own charges,
      // and what is left is paid out there.
      const carried = await billOf(page, async () => {
        await page.getByLabel('Export credit', { exact: true }).click();
        await page.getByRole('option', { name: 'Credit carried to a yearly true-up' }).click();
      });
      expect(carried.body.metering).toEqual({ credits: 'CARRIED', true_up_month: 12 });
      const trued = await billOf(page, async () => {
        await page.getByLabel('True-up at the end of').click();
        await page.getByRole('option', { name: 'October' }).click();
      });
      expect(trued.body.metering).toEqual({ credits: 'CARRIED', true_up_month: 10 });
      const [o, n] = trued.answer.months;
      expect(o.credit_applied).toBeCloseTo(
        Math.min(o.export_credit, o.energy_charge + o.fixed_charge + o.demand_charge),
        6,
      );
      await see(line('applied').first()).toContainText(eur(-o.credit_applied));
      await see(line('true-up').first()).toHaveText(o.true_up === 0 ? '—' : eur(-o.true_up));
      await see(line('carried')).toHaveText([
        o.credit_carried === 0 ? '—' : eur(o.credit_carried),
        n.credit_carried === 0 ? '—' : eur(n.credit_carried),
        n.credit_carried === 0 ? '—' : eur(n.credit_carried),
      ]);
      // October's leftover is paid out at its end; November's is carried on.
      expect(o.true_up).toBeCloseTo(o.export_credit - o.credit_applied, 6);
      expect(o.true_up).toBeGreaterThan(0);
      expect(o.total).toBeCloseTo(-o.true_up, 6);
      expect(n.credit_carried).toBeCloseTo(n.export_credit - n.credit_applied, 6);
      expect(n.credit_carried).toBeGreaterThan(0);
      await see(line('total')).toHaveText([eur(o.total), eur(n.total), eur(trued.answer.total)]);
      await noOverflow(page);
      await page.locator('tr[data-line="carried"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.tmp/screenshots/usage-bill-carried-${size}.png` });
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 480_000);
});

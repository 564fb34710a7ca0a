import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { computeBill, type BillResult } from '../../core/engine/billing/bill.js';
import { blockCharge } from '../../core/engine/billing/demand.js';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import type { PricingComponent } from '../../core/engine/pricing/types.js';
import type { Metering } from '../../core/engine/schemas/bill.js';
import type { Row } from './bill-reference.js';
import { engineBill, money, series, worked } from './bill-cases.js';
describe('worked bills', () => {
  it('the UK pair over 2,700 kWh in a 365-day year: B is cheaper by £5.50 once standing charges count', () => {
    const zone = 'Europe/London';
    const from = DateTime.fromObject({ year: 2026 }, { zone }).toMillis();
    const to = DateTime.fromObject({ year: 2027 }, { zone }).toMillis();
    const usage: Row[] = [];
    for (let d = DateTime.fromMillis(from, { zone }); d.toMillis() < to; d = d.plus({ days: 1 }))
      usage.push({ start: d.toMillis(), end: d.plus({ days: 1 }).toMillis(), kwh: 2700 / 365 });
    const tariff = (p: number, day: number): PricingComponent => ({
      id: 'trf_uk',
      type: 'COMMODITY',
      direction: 'IMPORT',
      market_rates: false,
      contract_start_date: '2026-01-01',
      contract_end_date: '2027-01-01',
      schedule: [
        {
          days_and_hours: [
            { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: p }] }] },
          ],
        },
      ],
      charges: { fixed: [{ amount: day, per: 'DAY', name: 'Standing charge' }] },
    });
    const metering: Metering = {
      mode: 'NET_BILLING',
      credits: 'PAID_MONTHLY',
      credits_from: 'SAME_MONTH',
      true_up_month: 12,
    };
    const bill = (t: PricingComponent) =>
      computeBill({
        zone,
        from,
        to,
        usage: series(usage),
        metering,
        imports: [compileComponent(t, zone)],
        exports: [],
      });
    const a = bill(tariff(0.245, 0.6));
    const b = bill(tariff(0.27, 0.4));
    expect(money(a.total)).toBeCloseTo(0.245 * 2700 + 0.6 * 365, 3);
    expect(money(b.total)).toBeCloseTo(0.27 * 2700 + 0.4 * 365, 3);
    expect(money(a.total - b.total)).toBeCloseTo(5.5, 3);
    expect(a.months).toHaveLength(12);
    expect(money(a.months[1]!.fixed)).toBeCloseTo(0.6 * 28, 6);
  });

  it('NET_BILLING paid monthly: net import priced, net export credited, a monthly charge once', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
      charges: { fixed: [{ amount: 10, per: 'MONTH' }] },
      exportPrice: 0.08,
    });
    const june = engineBill(c).months[0]!;
    // 20 hours a day of 1 kWh drawn; 4 hours a day of 2 kWh sent; 30 days.
    expect(june.importMicroKwh / 1e6).toBe(600);
    expect(june.exportMicroKwh / 1e6).toBe(240);
    expect(money(june.energy)).toBeCloseTo(180, 6);
    expect(money(june.credit)).toBeCloseTo(19.2, 6);
    expect(money(june.total)).toBeCloseTo(180 + 10 - 19.2, 6);
  });

  it('CARRIED with a true-up: June’s surplus credit pays July, the rest is paid out at July’s end', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'CARRIED', credits_from: 'SAME_MONTH', true_up_month: 7 },
      importPrice: 0.1,
      exportPrice: 0.5,
    });
    const [june, july] = engineBill(c).months as [BillResult['months'][0], BillResult['months'][0]];
    // June: charges 600 × 0.10 = 60, credit 240 × 0.50 = 120: 60 applied, 60 carried, total 0.
    expect(money(june.applied)).toBeCloseTo(60, 6);
    expect(money(june.carried)).toBeCloseTo(60, 6);
    expect(money(june.total)).toBe(0);
    // July: charges 744 × 0.10 = 74.40; 60 of carried credit pays them; nothing left to true up.
    expect(money(july.applied)).toBeCloseTo(60, 6);
    expect(money(july.total)).toBeCloseTo(14.4, 6);
    expect(money(july.trueUp)).toBe(0);
    // With the true-up in June, its 60 left over is paid out then and July starts afresh.
    const early = engineBill({ ...c, metering: { ...c.metering, true_up_month: 6 } }).months;
    expect(money(early[0]!.trueUp)).toBeCloseTo(60, 6);
    expect(money(early[0]!.total)).toBeCloseTo(-60, 6);
    expect(money(early[1]!.total)).toBeCloseTo(74.4, 6);
  });

  it('CARRIED from the next month: a month’s own credit pays nothing of its own charges', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'CARRIED', credits_from: 'NEXT_MONTH', true_up_month: 12 },
      importPrice: 0.1,
      exportPrice: 0.5,
    });
    const [june, july] = engineBill(c).months;
    expect(money(june!.total)).toBeCloseTo(60, 6);
    expect(money(june!.carried)).toBeCloseTo(120, 6);
    expect(money(july!.applied)).toBeCloseTo(74.4, 6);
    expect(money(july!.carried)).toBeCloseTo(45.6, 6);
    expect(money(july!.total)).toBe(0);
  });

  it('BUY_ALL_SELL_ALL: all usage priced and all generation credited, nothing nets', () => {
    const c = worked({
      metering: { mode: 'BUY_ALL_SELL_ALL', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
      exportPrice: 0.08,
    });
    const june = engineBill(c).months[0]!;
    expect(june.importMicroKwh / 1e6).toBe(720);
    expect(june.exportMicroKwh / 1e6).toBe(360);
    expect(money(june.total)).toBeCloseTo(720 * 0.3 - 360 * 0.08, 6);
  });

  it('demand blocks: the first bound’s kW at the first price, the kW above it at the next', () => {
    expect(blockCharge(12, [{ fixed: 10, to_kw: 5 }, { fixed: 15 }])).toBe(5 * 10 + 7 * 15);
    expect(blockCharge(3, [{ fixed: 10, to_kw: 5 }, { fixed: 15 }])).toBe(30);
    // In NET_BILLING the peak is after netting: solar hours draw nothing, every other hour 1 kW.
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
      charges: { demand: { flat: [{ rate: [{ fixed: 10, to_kw: 0.5 }, { fixed: 20 }] }] } },
    });
    const june = engineBill(c).months[0]!;
    expect(june.peakKw).toBeCloseTo(1, 9);
    expect(money(june.demandCharge)).toBeCloseTo(0.5 * 10 + 0.5 * 20, 6);
    expect(june.peakTime).toBe(Date.UTC(2026, 5, 1));
  });

  it('export at a time with no export price is credited 0 and reported', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
    });
    const june = engineBill(c).months[0]!;
    expect(june.credit).toBe(0);
    expect(june.unpricedMicroKwh / 1e6).toBe(240);
  });

  it('a year’s minimum is charged in the true-up month when the year’s totals fall short', () => {
    const c = worked({
      metering: { mode: 'NET_BILLING', credits: 'PAID_MONTHLY', credits_from: 'SAME_MONTH', true_up_month: 12 },
      charges: { minimum: { amount: 500, per: 'YEAR' } },
      solar: false,
    });
    // The window ends in July: no billing year ends in it, so no annual minimum is charged.
    expect(engineBill(c).months.map((m) => m.minimum)).toEqual([0, 0]);
    const carried = { ...c, metering: { ...c.metering, credits: 'CARRIED' as const, true_up_month: 7 } };
    const july = engineBill(carried).months[1]!;
    // June 720 × 0.30 = 216, July 744 × 0.30 = 223.20: 439.20, short of 500 by 60.80.
    expect(money(july.minimum)).toBeCloseTo(60.8, 6);
    expect(money(july.total)).toBeCloseTo(223.2 + 60.8, 6);
  });
});

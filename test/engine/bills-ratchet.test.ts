import { describe, expect, it } from 'vitest';
import type { PricingComponent } from '../../core/engine/pricing/types.js';
import type { Charges, DemandRatchet } from '../../core/engine/schemas/charges.js';
import type { Metering } from '../../core/engine/schemas/bill.js';
import type { Row } from './bill-reference.js';
import { differences, engineBill, H, money, type Case } from './bill-cases.js';
import { allDayRate, component } from './support.js';

const METERING: Metering = {
  mode: 'NET_BILLING',
  credits: 'PAID_MONTHLY',
  credits_from: 'SAME_MONTH',
  true_up_month: 12,
};
const NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** REopt's monthly flat demand rates, per kW. */
const RATES = [10, 10, 20, 50, 20, 10, 20, 20, 20, 20, 20, 5];

/**
 * REopt's ratchet case: 100 kW all year, with one hour's peak of 200 kW in January, 400 kW in
 * April, 500 kW in June and 300 kW in December; months `[fromMonth, toMonth)` of 2026 (0-based).
 */
function reopt(ratchet: DemandRatchet | undefined, fromMonth = 0, toMonth = 12, charges: Charges = {}): Case {
  const from = Date.UTC(2026, fromMonth, 1);
  const to = Date.UTC(2026, toMonth, 1);
  const peaks = new Map([
    [Date.UTC(2026, 0, 14, 12), 200],
    [Date.UTC(2026, 3, 14, 12), 400],
    [Date.UTC(2026, 5, 14, 12), 500],
    [Date.UTC(2026, 11, 14, 12), 300],
  ]);
  const usage: Row[] = [];
  for (let t = from; t < to; t += H) usage.push({ start: t, end: t + H, kwh: peaks.get(t) ?? 100 });
  const tariff: PricingComponent = component(allDayRate([{ fixed: 0 }]), {
    id: 'trf_demand',
    contract_start_date: '2026-01-01',
    contract_end_date: '2027-01-01',
    charges: {
      ...charges,
      demand: {
        flat: NAMES.map((name, i) => ({ months: [name], rate: [{ fixed: RATES[i]! }] })),
        ...(ratchet ? { ratchet } : {}),
      },
    },
  });
  return {
    zone: 'UTC',
    from,
    to,
    usage,
    generation: [],
    metering: METERING,
    imports: [tariff],
    exports: [],
    label: 'reopt',
  };
}

describe('demand ratchets', () => {
  it('REopt’s case: 75 % of the January, April and December peaks, 74,500 a year', () => {
    const bill = engineBill(reopt({ percent: 75, months: ['Jan', 'Apr', 'Dec'] }));
    const billed = bill.months.map((m) => m.demand[0]!.billedKw);
    expect(billed).toEqual([300, 300, 300, 400, 300, 500, 300, 300, 300, 300, 300, 300]);
    expect(bill.months.map((m) => m.demand[0]!.peakKw)).toEqual([
      200, 100, 100, 400, 100, 500, 100, 100, 100, 100, 100, 300,
    ]);
    // January's floor reads April and December of the window: a typical year.
    expect(bill.months[0]!.demand[0]!.ratchetKw).toBe(300);
    expect(money(bill.total)).toBe(74_500);
    // Without the ratchet each month bills its own peak.
    const own = engineBill(reopt(undefined));
    expect(money(own.total)).toBe(
      [200, 100, 100, 400, 100, 500, 100, 100, 100, 100, 100, 300].reduce((s, kw, i) => s + kw * RATES[i]!, 0),
    );
  });

  it('range_months: the N months before the billed month', () => {
    const bill = engineBill(reopt({ percent: 50, range_months: 2 }));
    // May reads March and April (400): 200; July reads May and June (500): 250; March reads Jan and Feb: 100.
    const floors = bill.months.map((m) => m.demand[0]!.ratchetKw);
    expect(floors[4]).toBe(200);
    expect(floors[6]).toBe(250);
    expect(floors[2]).toBe(100);
    // January reads November and December of the window (300): 150.
    expect(floors[0]).toBe(150);
    // February reads January (200) and the window's December (300): 150 over its own 100.
    expect(bill.months[1]!.demand[0]!.billedKw).toBe(150);
  });

  it('a monthly and an annual minimum at once: the monthly first, then the annual top-up', () => {
    const c = reopt(undefined, 0, 12, {
      minimum: [
        { amount: 2000, per: 'MONTH' },
        { amount: 50_000, per: 'YEAR' },
      ],
    });
    const bill = engineBill(c);
    // Own peaks: Feb 1,000, Mar 2,000, May 2,000, Jun 5,000... each month below 2,000 is topped to it.
    expect(money(bill.months[1]!.minimum)).toBe(1000);
    expect(money(bill.months[0]!.minimum)).toBe(0);
    const monthly = bill.months.map((m) => money(m.total));
    const beforeDecember = monthly.slice(0, 11).reduce((a, b) => a + b, 0);
    // December: its own 1,500 topped to 2,000; the year's 45,000 then topped to 50,000.
    const year = beforeDecember + 2000;
    expect(year).toBe(45_000);
    expect(money(bill.months[11]!.minimum)).toBe(500 + 5000);
    expect(money(bill.total)).toBe(50_000);
  });

  it('the slow reference agrees over January to June and catches a bill without the ratchet', () => {
    const c = reopt({ percent: 75, months: ['Jan', 'Apr', 'Dec'] }, 0, 6);
    expect(differences(c)).toEqual([]);
    expect(differences(c, { noRatchet: true }).length).toBeGreaterThan(0);
    const r = reopt({ percent: 60, range_months: 3 }, 2, 8, {
      minimum: [
        { amount: 3000, per: 'MONTH' },
        { amount: 30_000, per: 'YEAR' },
      ],
    });
    expect(differences(r)).toEqual([]);
  }, 300_000);
});

import { describe, expect, it } from 'vitest';
import type { PricingComponent } from '../../core/engine/pricing/types.js';
import type { Charges } from '../../core/engine/schemas/charges.js';
import type { Metering } from '../../core/engine/schemas/bill.js';
import type { Row } from './bill-reference.js';
import { differences, engineBill, H, money, worked, type Case } from './bill-cases.js';

const NEM = (over: Partial<Metering> = {}): Metering => ({
  mode: 'NET_METERING',
  credits: 'PAID_MONTHLY',
  credits_from: 'SAME_MONTH',
  true_up_month: 12,
  true_up_rate: 0,
  ...over,
});

const band = (from: number, to: number, p: number) => ({
  valid_from: `${String(from).padStart(2, '0')}:00:00`,
  valid_to: `${String(to % 24).padStart(2, '0')}:00:00`,
  rate: [{ fixed: p }],
});

/**
 * The two schedules of the carrying rule: winter weekdays 0.10 (00–10, 20–24), 0.05 (10–15),
 * 0.20 (15–20); summer (May–Sep) weekdays 0.10 (00–15, 20–24), 0.25 (15–20); weekends 0.10.
 */
function seasonal(charges?: Charges): PricingComponent {
  const weekend = { days: ['Weekend'], hours: [band(0, 24, 0.1)] };
  return {
    id: 'trf_tou',
    type: 'COMMODITY',
    direction: 'IMPORT',
    market_rates: false,
    contract_start_date: '2026-01-01',
    contract_end_date: '2027-06-01',
    schedule: [
      {
        months: ['All'],
        days_and_hours: [
          { days: ['Weekdays'], hours: [band(0, 10, 0.1), band(10, 15, 0.05), band(15, 20, 0.2), band(20, 24, 0.1)] },
          weekend,
        ],
      },
      {
        months: ['May', 'Jun', 'Jul', 'Aug', 'Sep'],
        days_and_hours: [
          { days: ['Weekdays'], hours: [band(0, 15, 0.1), band(15, 20, 0.25), band(20, 24, 0.1)] },
          weekend,
        ],
      },
    ],
    charges,
  };
}

/** April and May 2026 in UTC: 10 kWh of solar on Wednesday 1 April 11:00–12:00, no use that day. */
function aprilMay(opts: { mayUseHour: number; metering?: Metering; charges?: Charges }): Case {
  const from = Date.UTC(2026, 3, 1);
  const to = Date.UTC(2026, 5, 1);
  const generation: Row[] = [{ start: Date.UTC(2026, 3, 1, 11), end: Date.UTC(2026, 3, 1, 12), kwh: 10 }];
  // Friday 1 May: 10 kWh in one hour.
  const t = Date.UTC(2026, 4, 1, opts.mayUseHour);
  const usage: Row[] = [{ start: t, end: t + H, kwh: 10 }];
  return {
    zone: 'UTC',
    from,
    to,
    usage,
    generation,
    metering: opts.metering ?? NEM(),
    imports: [seasonal(opts.charges)],
    exports: [],
    label: 'april-may',
  };
}

describe('net energy metering', () => {
  it('a 0.05 surplus banked in April pays 0.10 kWh for kWh in May, not the 0.25 peak', () => {
    // The April 0.05 period first covers 10:00 on a weekday; in May 10:00 is the 0.10 period.
    const offPeak = engineBill(aprilMay({ mayUseHour: 11 }));
    const [apr, may] = offPeak.months;
    expect(apr!.energy).toBe(0);
    expect(apr!.bankedMicroKwh / 1e6).toBe(10);
    expect(apr!.surplusMicroKwh / 1e6).toBe(10);
    expect(apr!.exportMicroKwh / 1e6).toBe(10);
    // May's 10 kWh at 11:00 fall in the 0.10 period, which the bank covers.
    expect(may!.energy).toBe(0);
    expect(may!.bankedMicroKwh).toBe(0);
    expect(may!.surplusMicroKwh).toBe(0);
    expect(may!.importMicroKwh / 1e6).toBe(10);
    // At 16:00 the same kWh fall in the 0.25 period: the bank stays on 0.10, and 2.50 is paid.
    const peak = engineBill(aprilMay({ mayUseHour: 16 })).months[1]!;
    expect(money(peak.energy)).toBeCloseTo(2.5, 6);
    expect(peak.bankedMicroKwh / 1e6).toBe(10);
    // The month's net is 0, so the running surplus is spent.
    expect(peak.surplusMicroKwh).toBe(0);
    expect(differences(aprilMay({ mayUseHour: 11 }))).toEqual([]);
    expect(differences(aprilMay({ mayUseHour: 16 }))).toEqual([]);
  });

  it('the true-up pays the surplus at the true-up rate and empties the banks', () => {
    const c = aprilMay({ mayUseHour: 11, metering: NEM({ true_up_month: 4, true_up_rate: 0.03 }) });
    const [apr, may] = engineBill(c).months;
    expect(money(apr!.trueUp)).toBeCloseTo(0.3, 6);
    expect(money(apr!.total)).toBeCloseTo(-0.3, 6);
    // May starts afresh: its 10 kWh at 0.10 are paid.
    expect(money(may!.energy)).toBeCloseTo(1, 6);
    expect(money(may!.total)).toBeCloseTo(1, 6);
    expect(differences(c)).toEqual([]);
  });

  it('a monthly minimum tops the month before the true-up; the annual minimum ends with the true-up month', () => {
    const c = aprilMay({
      mayUseHour: 11,
      metering: NEM({ true_up_month: 5, true_up_rate: 0.5 }),
      charges: { minimum: { amount: 4, per: 'MONTH' } },
    });
    const [apr, may] = engineBill(c).months;
    expect(money(apr!.minimum)).toBeCloseTo(4, 6);
    // May's charges 0 are topped to 4; the surplus is spent (0), so nothing is paid out.
    expect(money(may!.minimum)).toBeCloseTo(4, 6);
    expect(may!.trueUp).toBe(0);
    const yearly = aprilMay({
      mayUseHour: 16,
      metering: NEM({ true_up_month: 5 }),
      charges: { minimum: { amount: 10, per: 'YEAR' } },
    });
    const m = engineBill(yearly).months;
    // April 0 + May 2.50 = 2.50, short of 10 by 7.50, charged in May.
    expect(money(m[1]!.minimum)).toBeCloseTo(7.5, 6);
    expect(differences(c)).toEqual([]);
    expect(differences(yearly)).toEqual([]);
  });

  it('tiers count the month’s billed kWh: 360 kWh billed over a 100 kWh first tier', () => {
    // June: 720 kWh used, 360 kWh generated; under net metering the month nets to 360 kWh billed.
    const c = worked({
      metering: NEM(),
      charges: undefined,
    });
    c.imports[0]!.schedule = [
      {
        days_and_hours: [
          {
            days: ['All'],
            hours: [
              { valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.1, to_kwh: 100 }, { fixed: 0.2 }] },
            ],
          },
        ],
      },
    ];
    const june = engineBill(c).months[0]!;
    expect(june.billedMicroKwh / 1e6).toBe(360);
    expect(money(june.energy)).toBeCloseTo(100 * 0.1 + 260 * 0.2, 6);
    expect(june.aboveFirstTierMicroKwh / 1e6).toBe(260);
    // Net billing prices each hour's draw instead: 600 kWh drawn, 100 at 0.10, 500 at 0.20.
    const billing = engineBill({ ...c, metering: { ...c.metering, mode: 'NET_BILLING' } }).months[0]!;
    expect(money(billing.energy)).toBeCloseTo(100 * 0.1 + 500 * 0.2, 6);
    expect(differences(c)).toEqual([]);
  });

  it('generation below zero (an inverter’s night draw) is usage in every mode', () => {
    const base = worked({ metering: NEM(), solar: true, exportPrice: 0.05 });
    // SAM's output: -0.001 kW in each hour without sun.
    const night: Row[] = [];
    for (let t = base.from; t < base.to; t += H) {
      const h = new Date(t).getUTCHours();
      if (h < 6 || h >= 20) night.push({ start: t, end: t + H, kwh: -0.001 });
    }
    const withNight = { ...base, generation: [...base.generation, ...night].sort((a, b) => a.start - b.start) };
    const drawn = night.length * 0.001;
    for (const mode of ['NET_BILLING', 'NET_METERING', 'BUY_ALL_SELL_ALL'] as const) {
      const metering = { ...base.metering, mode };
      const a = engineBill({ ...base, metering });
      const b = engineBill({ ...withNight, metering });
      const importA = a.months.reduce((s, m) => s + m.importMicroKwh, 0);
      const importB = b.months.reduce((s, m) => s + m.importMicroKwh, 0);
      expect((importB - importA) / 1e6, mode).toBeCloseTo(drawn, 6);
      // At 0.30 a kWh, each drawn kWh costs what usage costs.
      expect(money(b.total - a.total), mode).toBeCloseTo(drawn * 0.3, 5);
      expect(differences({ ...withNight, metering }), mode).toEqual([]);
    }
  });
});

describe('the slow reference catches a wrong net metering rule', () => {
  it('a bank left on its own price at the next month is caught', () => {
    const c = aprilMay({ mayUseHour: 11 });
    expect(differences(c)).toEqual([]);
    expect(differences(c, { bankKeepsPrice: true }).length).toBeGreaterThan(0);
  });
});

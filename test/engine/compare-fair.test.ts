import { describe, expect, it } from 'vitest';
import { comparedSpan, fairOf, replacedKinds, type Column } from '../../renderer/admin/pages/compare/model.js';

/**
 * The Compare view weighs like with like (docs/costs.md, Compare view): a month that a column
 * prices only in part is in no total, and the verdict's span says which months are compared.
 */
const ZONE = 'Europe/Berlin';
const months = ['2026-11', '2026-12', '2027-01'].map((m, i, all) => ({
  start_time: `${m}-01T00:00:00+01:00`,
  end_time: `${all[i + 1] ?? '2027-02'}-01T00:00:00+01:00`,
}));
/** A column from `[bill, kWh, unpriced kWh, standing charge?]` per month (the rest of the bill is energy). */
const column = (key: string, values: [number, number, number, number?][]): Column => {
  const periods = values.map(([value, kwh, unpriced_kwh, fixed = 0], i) => ({
    ...months[i]!,
    value,
    kwh,
    export_kwh: 0,
    unpriced_kwh,
    unpriced_export_kwh: 0,
    above_first_tier_kwh: 0,
    parts: { energy: value - fixed, fixed, demand: 0, minimum: 0, credit: 0 },
    carried: 0,
    banked_kwh: 0,
    surplus_paid_kwh: 0,
  }));
  const sum = (f: (p: (typeof periods)[number]) => number) => periods.reduce((t, p) => t + f(p), 0);
  return {
    key,
    name: key,
    kwh: sum((p) => p.kwh),
    export_kwh: 0,
    unpriced_kwh: sum((p) => p.unpriced_kwh),
    unpriced_export_kwh: 0,
    above_first_tier_kwh: 0,
    value: sum((p) => p.value),
    parts: {
      energy: sum((p) => p.parts.energy),
      fixed: sum((p) => p.parts.fixed),
      demand: 0,
      minimum: 0,
      credit: 0,
    },
    carried: 0,
    banked_kwh: 0,
    surplus_paid_kwh: 0,
    net_metering: false,
    periods,
  };
};

describe('a fair comparison', () => {
  it('keeps the API’s totals when every month is priced in full by every column', () => {
    const cols = [
      column('stored', [
        [10, 30, 0],
        [11, 31, 0],
        [12, 32, 0],
      ]),
      column('c1', [
        [9, 30, 0],
        [10, 31, 0],
        [11, 32, 0],
      ]),
    ];
    const fair = fairOf(cols);
    expect(fair.all).toBe(true);
    expect(fair.columns).toBe(cols);
    expect(comparedSpan(fair, 3, null, ZONE)).toEqual({ span: 'over 3 months', head: 'Cost, 3 months' });
  });

  it('leaves a month a column prices in part out of every total, and says why', () => {
    // The stored tariff starts mid-November: costed 0 for half of it, so its naive total is the lower.
    const cols = [
      column('stored', [
        [5, 30, 15],
        [11.1, 31, 0],
        [12.2, 32, 0],
      ]),
      column('c1', [
        [10, 30, 0],
        [11, 31, 0],
        [12, 32, 0],
      ]),
    ];
    expect(cols[0]!.value).toBeLessThan(cols[1]!.value);
    const fair = fairOf(cols);
    expect(fair.compared).toEqual([false, true, true]);
    expect(fair.columns.map((c) => [c.value, c.kwh, c.unpriced_kwh])).toEqual([
      [23.3, 63, 0],
      [23, 63, 0],
    ]);
    expect(fair.leftOut).toEqual([{ start_time: months[0]!.start_time, why: ['stored leaves 15 kWh unpriced'] }]);
    expect(fair.run).toEqual({ from: Date.parse(months[1]!.start_time), to: Date.parse(months[2]!.end_time) });
    expect(comparedSpan(fair, 3, null, ZONE)).toEqual({ span: 'over 2 months', head: 'Cost, 2 months' });
    // A meter file's days are narrowed to the compared months.
    const file = { from: Date.parse('2026-11-15T00:00:00+01:00'), to: Date.parse('2027-01-20T00:00:00+01:00') };
    expect(comparedSpan(fair, 3, file, ZONE)).toEqual({
      span: 'over 50 days, 1 Dec 2026 – 19 Jan 2027',
      head: 'Cost, 50 days',
    });
  });

  it('leaves out a month a stored tariff that a candidate replaces covers only in part, even with nothing unpriced', () => {
    // A grid fee covers every instant, so nothing is unpriced; the supply contract starts on 20 December.
    const stored = [
      {
        type: 'COMMODITY' as const,
        direction: 'IMPORT' as const,
        contract_start_date: '2026-12-20T00:00:00+01:00',
        contract_end_date: null,
      },
      {
        type: 'NON_COMMODITY' as const,
        direction: 'IMPORT' as const,
        contract_start_date: '2026-01-01T00:00:00+01:00',
        contract_end_date: '2028-01-01T00:00:00+01:00',
      },
    ];
    const kinds = replacedKinds(stored, [{ type: 'COMMODITY', direction: 'IMPORT' }]);
    expect(kinds).toEqual([
      {
        words: 'the stored tariff for supply (import)',
        spans: [[Date.parse(stored[0]!.contract_start_date), Infinity]],
      },
    ]);
    // A candidate of a kind the location has none of is weighed against none in every month alike.
    expect(replacedKinds(stored, [{ type: 'COMMODITY', direction: 'EXPORT' }])).toEqual([]);
    const cols = [
      column('stored', [
        [2, 30, 0],
        [6, 31, 0],
        [12, 32, 0],
      ]),
      column('c1', [
        [10, 30, 0],
        [10, 31, 0],
        [11, 32, 0],
      ]),
    ];
    const fair = fairOf(cols, kinds);
    expect(fair.compared).toEqual([false, false, true]);
    expect(fair.leftOut.map((m) => m.why)).toEqual([
      ['the stored tariff for supply (import) covers none of it'],
      ['the stored tariff for supply (import) covers only part of it'],
    ]);
    expect(fair.columns.map((c) => c.value)).toEqual([12, 11]);
    expect(comparedSpan(fair, 3, null, ZONE)).toEqual({ span: 'over 1 month', head: 'Cost, 1 month' });
  });

  it('compares nothing when no month is priced in full by every column', () => {
    const fair = fairOf([column('stored', [[0, 30, 30]]), column('c1', [[10, 30, 0]])]);
    expect(fair.months).toBe(0);
    expect(fair.run).toBeNull();
    expect(fair.columns.map((c) => c.value)).toEqual([0, 0]);
  });

  it('months apart (a gap between them) are counted, but named by their number, not a span', () => {
    const fair = fairOf([
      column('stored', [
        [10, 30, 0],
        [5, 31, 3],
        [12, 32, 0],
      ]),
      column('c1', [
        [9, 30, 0],
        [10, 31, 0],
        [11, 32, 0],
      ]),
    ]);
    expect(fair.compared).toEqual([true, false, true]);
    expect(fair.run).toBeNull();
    const file = { from: Date.parse(months[0]!.start_time), to: Date.parse(months[2]!.end_time) };
    expect(comparedSpan(fair, 3, file, ZONE)).toEqual({ span: 'over 2 months', head: 'Cost, 2 months' });
  });
});

describe('the verdict and the differences add up to the totals as shown', () => {
  it('weighs whole cents: €80.40 and €67.70 (80.404 and 67.695 exactly) are €12.70 apart, not €12.71', async () => {
    const { verdict } = await import('../../renderer/admin/pages/compare/verdict.js');
    const cols = [column('stored', [[80.404, 100, 0]]), column('cheaper', [[67.695, 100, 0]])];
    expect(verdict(cols, 'EUR')?.text).toBe('Switching to cheaper saves €12.70 per year.');
    // Less than a cent apart, both shown as €10.00: the same, not a saving of €0.00.
    const same = [column('stored', [[10.001, 1, 0]]), column('copy', [[9.996, 1, 0]])];
    expect(verdict(same, 'EUR')?.text).toBe('copy costs the same as the stored tariffs.');
  });

  it('counts the bill’s parts over the compared months only', () => {
    const cols = [
      column('stored', [
        [10, 30, 0],
        [11, 31, 2],
        [12, 32, 0],
      ]),
      column('tiered', [
        [9, 30, 0, 5],
        [10, 31, 0, 7],
        [11, 32, 0, 9],
      ]),
    ];
    const fair = fairOf(cols);
    expect(fair.months).toBe(2);
    // December is left out of every total, its standing charge of 7 with it; the parts add up to the total.
    expect(fair.columns[1]!.parts).toEqual({ energy: 6, fixed: 14, demand: 0, minimum: 0, credit: 0 });
    expect(fair.columns[1]!.value).toBe(20);
    expect(fair.columns[0]!.parts).toMatchObject({ energy: 22, fixed: 0 });
  });
});

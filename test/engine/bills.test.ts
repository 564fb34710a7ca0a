import { describe, expect, it } from 'vitest';
import { differences, engineBill, money, worked } from './bill-cases.js';
import {
  referenceCases,
  CASES,
  CASES_FIRST,
  nemCase,
  NEM_CASES,
  randomCase,
  SLOW,
  ZONES,
} from './bill-random-cases.js';

describe('the bill engine against the slow reference', () => {
  referenceCases('bill-digest', 'random case %i matches the minute-by-minute reference', CASES_FIRST, randomCase);

  it(
    'the net metering cases bank, carry, pay a true-up and meet negative generation',
    () => {
      const bills = NEM_CASES.map(nemCase).map((c) => ({ c, b: engineBill(c) }));
      expect(bills.some(({ b }) => b.months.some((m) => m.bankedMicroKwh > 0))).toBe(true);
      expect(bills.some(({ b }) => b.months.some((m) => m.trueUp > 0))).toBe(true);
      expect(bills.some(({ b }) => b.months.some((m) => m.aboveFirstTierMicroKwh > 0))).toBe(true);
      expect(bills.every(({ c }) => c.generation.some((r) => r.kwh < 0))).toBe(true);
    },
    SLOW,
  );

  it(
    'the cases span every arrangement, zone, kind of charge and an unpriced export',
    () => {
      const cases = CASES.map(randomCase);
      const seen = new Set<string>();
      for (const c of cases) {
        seen.add(c.zone);
        seen.add(`${c.metering.mode}/${c.metering.credits}/${c.metering.credits_from}`);
        const ch = c.imports[0]!.charges!;
        if (ch.demand?.flat) seen.add('flat demand');
        if (ch.demand?.periods) seen.add('tou demand');
        for (const min of ch.minimum ? [ch.minimum].flat() : []) seen.add(`minimum ${min.per}`);
        if (ch.fixed?.some((f) => f.per === 'DAY')) seen.add('daily fixed');
        if (ch.fixed?.some((f) => f.per === 'MONTH')) seen.add('monthly fixed');
        const bill = engineBill(c);
        if (bill.months.some((m) => m.unpricedMicroKwh > 0)) seen.add('unpriced');
        if (bill.months.some((m) => m.trueUp > 0)) seen.add('true-up');
      }
      for (const want of [
        ...ZONES,
        'NET_BILLING/CARRIED/SAME_MONTH',
        'NET_BILLING/CARRIED/NEXT_MONTH',
        'NET_BILLING/PAID_MONTHLY/SAME_MONTH',
        'flat demand',
        'tou demand',
        'minimum MONTH',
        'minimum YEAR',
        'daily fixed',
        'monthly fixed',
        'unpriced',
        'true-up',
      ])
        expect(seen, want).toContain(want);
      expect([...seen].some((s) => s.startsWith('BUY_ALL_SELL_ALL'))).toBe(true);
    },
    SLOW,
  );

  it(
    'a wrong bill is caught: netting per month instead of per interval',
    () => {
      const caught = CASES.map(randomCase)
        .filter((c) => c.metering.mode === 'NET_BILLING' && c.generation.length > 0)
        .some((c) => differences(c, { netPerMonth: true }).length > 0);
      expect(caught).toBe(true);
    },
    SLOW,
  );

  it(
    'a wrong bill is caught: carried credit paying the monthly minimum',
    () => {
      const c = worked({
        metering: { mode: 'NET_BILLING', credits: 'CARRIED', credits_from: 'SAME_MONTH', true_up_month: 12 },
        charges: { minimum: { amount: 30, per: 'MONTH' } },
        importPrice: 0.1,
        exportPrice: 0.5,
      });
      // June: charges 60 paid by its own credit of 120; the minimum of 30 is charged, 60 carried.
      expect(money(engineBill(c).months[0]!.minimum)).toBeCloseTo(30, 6);
      expect(differences(c)).toEqual([]);
      expect(differences(c, { creditPaysMinimum: true }).length).toBeGreaterThan(0);
    },
    SLOW,
  );
});

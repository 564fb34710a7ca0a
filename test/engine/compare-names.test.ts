import { describe, expect, it } from 'vitest';
import { applyEdit, autoName, nameProblem, settleNames } from '../../renderer/admin/pages/compare/names.js';
import { candidatesVerdict } from '../../renderer/admin/pages/compare/verdict.js';
import type { Column, CompareOption } from '../../renderer/admin/pages/compare/model.js';
import type { Schedule } from '../../core/engine/schemas/schedule.js';

/**
 * Compare names every candidate, uniquely on the page: what it came from, ", edited" once its
 * figures are no longer the offer's, "Flat 0.42" for a flat rate made here, or a name given by hand.
 */
const flat = (fixed: number): Schedule => [
  {
    months: ['All'],
    days_and_hours: [{ days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed }] }] }],
  },
];
const years = { contract_start_date: '2027-01-01', contract_end_date: '2028-01-01' };
const made = (key: string, fixed: number): CompareOption => ({
  key,
  name: '',
  source: 'new',
  candidate: { type: 'COMMODITY', direction: 'IMPORT', ...years, schedule: flat(fixed) },
});
const offer = (key: string): CompareOption => ({
  key,
  name: '',
  origin: 'Octo: Flex',
  source: 'library',
  candidate: { type: 'COMMODITY', direction: 'IMPORT', ...years, schedule: flat(0.3) },
});
const STORED = 'Stored: Home';

describe('candidate names', () => {
  it('a flat rate made here is named by its price; repeats are numbered; the name is its display_name', () => {
    const named = settleNames([made('a', 0.42), made('b', 0.42), made('c', 0.245)], STORED);
    expect(named.map((o) => o.name)).toEqual(['Flat 0.42', 'Flat 0.42 (2)', 'Flat 0.245']);
    expect(named.map((o) => o.candidate.display_name)).toEqual(named.map((o) => o.name));
    // Not one flat rate any more: a new tariff.
    const tou = made('d', 0.3);
    tou.candidate.schedule![0]!.days_and_hours[0]!.hours = [
      { valid_from: '00:00:00', valid_to: '07:00:00', rate: [{ fixed: 0.1 }] },
      { valid_from: '07:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] },
    ];
    expect(autoName(tou)).toBe('New tariff');
  });

  it('an edited offer keeps "edited" only until it is renamed; a name given by hand outlives further edits', () => {
    const [o] = settleNames([offer('a')], STORED);
    expect(o!.name).toBe('Octo: Flex');
    const renamedOnly = settleNames([applyEdit(o!, { name: 'Mine', schedule: flat(0.3), charges: undefined })], STORED);
    expect(renamedOnly[0]).toMatchObject({ name: 'Mine', source: 'library' });
    const [edited] = settleNames([applyEdit(o!, { name: o!.name, schedule: flat(0.2), charges: undefined })], STORED);
    expect(edited).toMatchObject({ name: 'Octo: Flex, edited', source: 'edited' });
    const [renamed] = settleNames(
      [applyEdit(edited!, { name: 'Cheap', schedule: flat(0.2), charges: undefined })],
      STORED,
    );
    expect(renamed!.name).toBe('Cheap');
    const [again] = settleNames(
      [applyEdit(renamed!, { name: 'Cheap', schedule: flat(0.1), charges: undefined })],
      STORED,
    );
    expect(again!.name).toBe('Cheap');
    // A standing charge set is an edit too.
    const [charged] = settleNames(
      [applyEdit(o!, { name: o!.name, schedule: flat(0.3), charges: { fixed: [{ amount: 0.5, per: 'DAY' }] } })],
      STORED,
    );
    expect(charged).toMatchObject({ name: 'Octo: Flex, edited', candidate: { charges: { fixed: [{ amount: 0.5 }] } } });
  });

  it('a name another column holds is refused, as is an empty one; names given by hand come first', () => {
    const named = settleNames([made('a', 0.42), { ...made('b', 0.3), own: 'Flat 0.42' }], STORED);
    expect(named.map((o) => o.name)).toEqual(['Flat 0.42 (2)', 'Flat 0.42']);
    expect(nameProblem('Flat 0.42', 'a', named, STORED)).toBe('Another column is called “Flat 0.42”.');
    expect(nameProblem(STORED, 'a', named, STORED)).toBe(`Another column is called “${STORED}”.`);
    expect(nameProblem('  ', 'a', named, STORED)).toBe('A candidate needs a name.');
    expect(nameProblem('Flat 0.42 (2)', 'a', named, STORED)).toBeNull();
  });
});

describe('between the candidates', () => {
  const col = (name: string, value: number): Column => ({
    key: name,
    name,
    kwh: 1,
    export_kwh: 0,
    unpriced_kwh: 0,
    unpriced_export_kwh: 0,
    above_first_tier_kwh: 0,
    value,
    parts: { energy: value, fixed: 0, demand: 0, minimum: 0, credit: 0 },
    carried: 0,
    banked_kwh: 0,
    surplus_paid_kwh: 0,
    net_metering: false,
    periods: [],
  });
  it('says which candidate is cheaper and by how much, in whole cents', () => {
    expect(candidatesVerdict([col('Stored', 900), col('A', 823.2), col('B', 817.7)], 'GBP')).toBe(
      'Of the candidates, B is cheaper than A by £5.50 per year.',
    );
    expect(candidatesVerdict([col('Stored', 900), col('A', 800)], 'GBP')).toBeNull();
    expect(candidatesVerdict([col('Stored', 900), col('A', 800.001), col('B', 799.999)], 'GBP')).toBe(
      'Of the candidates, B and A cost the same.',
    );
  });
});

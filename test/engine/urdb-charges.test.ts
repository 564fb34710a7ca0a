import { describe, expect, it } from 'vitest';
import { tariffFromUrdb } from '../../core/engine/tariffs/urdb.js';
import { ApiError } from '../../core/engine/errors.js';
import { urdbText } from '../urdb-documents.js';

/**
 * The URDB mapping of the charges beside the energy schedule, field by field (docs/import.md):
 * fixed and minimum charges with their units, flat and time-of-use demand with kW blocks, the
 * EXPORT tariff from the sell rates, and warnings that print the document's own numbers.
 */

type Doc = Record<string, any>;
const flat = (): Doc => JSON.parse(urdbText('flat'));
const OPTIONS = { location_id: 'loc_1', zone: 'America/Los_Angeles', currency: 'USD', today: '2026-03-01' };
const map = (doc: Doc, extra: object = {}) => tariffFromUrdb(doc, { ...OPTIONS, ...extra });
/** A flat rate with no charges of its own, and `fields`. */
const plain = (fields: Doc): Doc => {
  const { fixedchargefirstmeter: _f, fixedchargeunits: _u, mincharge: _m, minchargeunits: _mu, ...rest } = flat();
  return { ...rest, ...fields };
};
const warned = (doc: Doc, field: string) => map(doc).warnings.find((w) => w.field === field);
const refusal = (f: () => unknown): ApiError => {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('fixed charges', () => {
  it('fixedmonthlycharge is a monthly fixed charge', () => {
    expect(map(plain({ fixedmonthlycharge: 18.75 })).tariff.charges).toEqual({
      fixed: [{ amount: 18.75, per: 'MONTH', name: 'Fixed monthly charge' }],
    });
  });

  it('fixedchargefirstmeter by fixedchargeunits: $/month per month, $/day per day, $/month when absent', () => {
    const fixed = (units?: string) =>
      map(plain({ fixedchargefirstmeter: 0.82, ...(units ? { fixedchargeunits: units } : {}) })).tariff.charges;
    expect(fixed('$/month')).toEqual({ fixed: [{ amount: 0.82, per: 'MONTH', name: 'Fixed charge' }] });
    expect(fixed('$/day')).toEqual({ fixed: [{ amount: 0.82, per: 'DAY', name: 'Fixed charge' }] });
    expect(fixed()).toEqual({ fixed: [{ amount: 0.82, per: 'MONTH', name: 'Fixed charge' }] });
  });

  it('another unit is not imported, said with the document’s numbers and unit', () => {
    const doc = plain({ fixedchargefirstmeter: 120.5, fixedchargeunits: '$/year' });
    expect(map(doc).tariff.charges).toBeUndefined();
    expect(warned(doc, 'fixedchargefirstmeter')).toEqual({
      code: 'not_imported',
      field: 'fixedchargefirstmeter',
      value: 120.5,
      message: expect.stringContaining('A fixed charge of 120.5 $/year (fixedchargeunits) is not imported'),
    });
  });

  it('both spellings: fixedchargefirstmeter is charged once, the older fixedmonthlycharge warned', () => {
    const doc = plain({ fixedchargefirstmeter: 30, fixedchargeunits: '$/month', fixedmonthlycharge: 30 });
    expect(map(doc).tariff.charges!.fixed).toHaveLength(1);
    expect(warned(doc, 'fixedmonthlycharge')!.message).toContain('older spelling of fixedchargefirstmeter');
  });
});

describe('minimum charges', () => {
  it('mincharge by minchargeunits: $/month and $/year', () => {
    expect(map(plain({ mincharge: 25, minchargeunits: '$/month' })).tariff.charges).toEqual({
      minimum: { amount: 25, per: 'MONTH' },
    });
    expect(map(plain({ mincharge: 300, minchargeunits: '$/year' })).tariff.charges).toEqual({
      minimum: { amount: 300, per: 'YEAR' },
    });
  });

  it('the older minmonthlycharge and annualmincharge alone', () => {
    expect(map(plain({ minmonthlycharge: 12 })).tariff.charges).toEqual({ minimum: { amount: 12, per: 'MONTH' } });
    expect(map(plain({ annualmincharge: 144 })).tariff.charges).toEqual({ minimum: { amount: 144, per: 'YEAR' } });
  });

  it('a minimum per day is not held; a monthly and an annual minimum stand together', () => {
    const daily = plain({ mincharge: 0.34, minchargeunits: '$/day' });
    expect(map(daily).tariff.charges).toBeUndefined();
    expect(warned(daily, 'mincharge')!.message).toContain('0.34 $/day (minchargeunits) is not imported');
    const two = plain({ mincharge: 25, minchargeunits: '$/month', annualmincharge: 200 });
    expect(map(two).tariff.charges).toEqual({
      minimum: [
        { amount: 25, per: 'MONTH' },
        { amount: 200, per: 'YEAR' },
      ],
    });
    expect(warned(two, 'annualmincharge')).toBeUndefined();
    // Two monthly ones: the newer spelling is kept, the other warned about.
    const both = plain({ mincharge: 25, minchargeunits: '$/month', minmonthlycharge: 30 });
    expect(map(both).tariff.charges).toEqual({ minimum: { amount: 25, per: 'MONTH' } });
    expect(warned(both, 'minmonthlycharge')!.message).toContain('a tariff holds one minimum a month');
  });
});

describe('demand charges', () => {
  const months = (...ps: number[]) => ps;

  it('flat demand by flatdemandmonths: months of one period together, max as kW bounds, rate + adj per kW', () => {
    const doc = plain({
      flatdemandstructure: [
        [{ rate: 12.4 }],
        [
          { max: 100, rate: 0.1, adj: 0.2 },
          { rate: 9.75, max: 9999 },
        ],
      ],
      flatdemandmonths: months(1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1),
    });
    const r = map(doc);
    expect(r.tariff.charges).toEqual({
      demand: {
        flat: [
          {
            months: ['January', 'February', 'March', 'April', 'May', 'October', 'November', 'December'],
            // 0.1 + 0.2 as the decimal it is, not 0.30000000000000004.
            rate: [{ fixed: 0.3, to_kw: 100 }, { fixed: 9.75 }],
          },
          { months: ['June', 'July', 'August', 'September'], rate: [{ fixed: 12.4 }] },
        ],
      },
    });
    expect(r.warnings.find((w) => w.field === 'flatdemandstructure[1][1].max')).toMatchObject({
      code: 'not_imported',
      value: 9999,
      message: expect.stringContaining('(9999 kW) is not kept'),
    });
  });

  it('one flat period without flatdemandmonths applies all year', () => {
    expect(map(plain({ flatdemandstructure: [[{ rate: 6.1 }]] })).tariff.charges).toEqual({
      demand: { flat: [{ months: ['All'], rate: [{ fixed: 6.1 }] }] },
    });
  });

  it('time-of-use demand: periods by index, the matrices merged into bands, blocks of one price joined', () => {
    const weekday = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 1 : 0));
    const doc = plain({
      demandratestructure: [
        [{ rate: 0 }],
        [{ max: 50, rate: 19.85, adj: 0.42 }, { max: 200, rate: 19.85, adj: 0.42 }, { rate: 17.6 }],
      ],
      demandweekdayschedule: Array.from({ length: 12 }, () => weekday),
      demandweekendschedule: Array.from({ length: 12 }, () => Array(24).fill(0)),
    });
    expect(map(doc).tariff.charges!.demand).toEqual({
      periods: [
        { name: 'Period 0', rate: [{ fixed: 0 }] },
        { name: 'Period 1', rate: [{ fixed: 20.27, to_kw: 200 }, { fixed: 17.6 }] },
      ],
      schedule: [
        {
          months: ['All'],
          days_and_hours: [
            {
              days: ['Weekday'],
              hours: [
                { valid_from: '00:00:00', valid_to: '16:00:00', period: 'Period 0' },
                { valid_from: '16:00:00', valid_to: '21:00:00', period: 'Period 1' },
                { valid_from: '21:00:00', valid_to: '00:00:00', period: 'Period 0' },
              ],
            },
            { days: ['Weekend'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', period: 'Period 0' }] },
          ],
        },
      ],
    });
  });

  it('demand in another unit than kW is left out and said; a bound no peak reaches cuts the blocks after it', () => {
    const kva = plain({ flatdemandstructure: [[{ rate: 7 }]], flatdemandunit: 'kVA' });
    expect(map(kva).tariff.charges).toBeUndefined();
    expect(warned(kva, 'flatdemandunit')).toMatchObject({ value: 'kVA', message: expect.stringContaining('in kVA') });
    const huge = plain({ flatdemandstructure: [[{ max: 2e9, rate: 7 }, { rate: 5 }]] });
    expect(map(huge).tariff.charges!.demand!.flat![0]!.rate).toEqual([{ fixed: 7 }]);
    expect(warned(huge, 'flatdemandstructure[0][0].max')!.message).toContain('A bound of 2000000000 kW');
  });

  it('eleven demand tiers are more than a demand rate holds (422)', () => {
    const doc = plain({
      flatdemandstructure: [Array.from({ length: 11 }, (_, i) => ({ max: 10 * (i + 1), rate: 5 + i }))],
    });
    const e = refusal(() => map(doc));
    expect([e.status, e.code]).toEqual([422, 'urdb_tiers_unsupported']);
    expect(e.message).toContain('rate.flatdemandstructure[0]: 11 tiers');
  });
});

describe('the EXPORT tariff from the sell rates', () => {
  const tou = (): Doc => JSON.parse(urdbText('tou-demand-commercial'));

  it('prices each hour at its sell rate on the same schedule; bands and seasons of one price join', () => {
    const r = map(tou(), { direction: 'EXPORT' });
    expect(r.tariff.direction).toBe('EXPORT');
    expect(r.tariff.charges).toBeUndefined();
    expect(r.tariff.schedule).toEqual([
      {
        months: ['January', 'February', 'March', 'April', 'May', 'October', 'November', 'December'],
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.0387 }] }] },
        ],
      },
      {
        months: ['June', 'July', 'August', 'September'],
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.0412 }] }] },
        ],
      },
    ]);
    // No sell rate is warned about; the charges are said to be the IMPORT tariff's.
    expect(r.warnings.filter((w) => w.field.endsWith('.sell'))).toEqual([]);
    for (const field of ['fixedchargefirstmeter', 'mincharge', 'demandratestructure', 'flatdemandstructure'])
      expect(r.warnings.find((w) => w.field === field)!.message, field).toContain('Left to the IMPORT tariff');
  });

  it('tiers of different sell rates keep their bounds', () => {
    const doc = plain({
      energyratestructure: [
        [
          { max: 300, rate: 0.2, sell: 0.08 },
          { rate: 0.3, sell: 0.05 },
        ],
      ],
    });
    expect(map(doc, { direction: 'EXPORT' }).tariff.schedule![0]!.days_and_hours[0]!.hours[0]!.rate).toEqual([
      { fixed: 0.08, to_kwh: 300 },
      { fixed: 0.05 },
    ]);
  });

  it('a tier without a sell rate is 400 sell_missing naming it', () => {
    const doc = tou();
    delete doc.energyratestructure[4][0].sell;
    const e = refusal(() => map(doc, { direction: 'EXPORT' }));
    expect([e.status, e.code]).toEqual([400, 'sell_missing']);
    expect(e.message).toMatch(/^rate\.energyratestructure\[4\]\[0\]\.sell: missing/);
  });
});

describe('demand ratchets', () => {
  const flatDemand = {
    flatdemandstructure: [[{ rate: 10 }]],
    flatdemandmonths: Array(12).fill(0),
    flatdemandunit: 'kW',
  };

  it('lookbackpercent with lookbackmonths: the flagged months, percent from the fraction', () => {
    const flags = Array.from({ length: 12 }, (_, i) => i === 0 || i === 3 || i === 11);
    const doc = plain({ ...flatDemand, lookbackpercent: 0.75, lookbackmonths: flags });
    expect(map(doc).tariff.charges!.demand!.ratchet).toEqual({ percent: 75, months: ['January', 'April', 'December'] });
    expect(warned(doc, 'lookbackpercent')).toBeUndefined();
    expect(warned(doc, 'lookbackmonths')).toBeUndefined();
  });

  it('lookbackpercent with lookbackrange: the months before the billed one', () => {
    const doc = plain({ ...flatDemand, lookbackpercent: 0.6, lookbackrange: 11 });
    expect(map(doc).tariff.charges!.demand!.ratchet).toEqual({ percent: 60, range_months: 11 });
  });

  it('a look-back with nothing to say which months count is warned, not imported', () => {
    const doc = plain({ ...flatDemand, lookbackpercent: 0.6 });
    expect(map(doc).tariff.charges!.demand!.ratchet).toBeUndefined();
    expect(warned(doc, 'lookbackpercent')!.message).toContain('neither lookbackmonths');
  });
});

describe('warnings print the document’s numbers', () => {
  it('values and messages carry the numbers as written, never a sum’s binary noise', () => {
    const doc = plain({
      lookbackpercent: 0.05,
      lookbackrange: 11,
      demandwindow: 15,
      energyratestructure: [[{ rate: 0.03, adj: 0.02, sell: 0.1 }]],
    });
    const r = map(doc);
    const text = JSON.stringify(r);
    expect(text).not.toMatch(/0000000000\d/);
    expect(warned(doc, 'lookbackpercent')).toMatchObject({
      value: 0.05,
      message: expect.stringContaining('A demand look-back of 0.05 is not imported'),
    });
    expect(warned(doc, 'demandwindow')!.message).toContain('A demand window of 15 minutes');
    expect(warned(doc, 'energyratestructure[0][0].sell')!.message).toContain('A sell rate of 0.1 $/kWh');
    expect(r.tariff.schedule![0]!.days_and_hours[0]!.hours[0]!.rate).toEqual([{ fixed: 0.05 }]);
  });
});

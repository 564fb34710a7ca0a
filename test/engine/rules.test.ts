import { describe, expect, it } from 'vitest';
import { at, component, daily, durations, H, price, twoRates } from './support.js';
import { seriesFrom } from '../../core/engine/pricing/market.js';
import { localDays } from '../../core/engine/pricing/local-days.js';

/** Each zone's spring and autumn days, the skipped and the repeated wall-clock span, and the day lengths. */
interface DstDays {
  zone: string;
  spring: string;
  skipped: [string, string];
  springLen: number;
  autumn: string;
  repeated: [string, string];
  autumnLen: number;
}
// zone, spring day, skipped span, its length; autumn day, repeated span, its length
const DST_TABLE: [string, string, string, string, number, string, string, string, number][] = [
  ['Europe/Berlin', '2026-03-29', '02:00', '03:00', 23, '2026-10-25', '02:00', '03:00', 25],
  ['Europe/London', '2026-03-29', '01:00', '02:00', 23, '2026-10-25', '01:00', '02:00', 25],
  ['America/New_York', '2026-03-08', '02:00', '03:00', 23, '2026-11-01', '01:00', '02:00', 25],
  ['Australia/Sydney', '2026-10-04', '02:00', '03:00', 23, '2026-04-05', '02:00', '03:00', 25],
  ['Australia/Lord_Howe', '2026-10-04', '02:00', '02:30', 23.5, '2026-04-05', '01:30', '02:00', 24.5],
];
const dstDays: DstDays[] = DST_TABLE.map(([zone, spring, s0, s1, springLen, autumn, r0, r1, autumnLen]) => ({
  zone,
  spring,
  skipped: [`${s0}:00`, `${s1}:00`],
  springLen,
  autumn,
  repeated: [`${r0}:00`, `${r1}:00`],
  autumnLen,
}));
const spanHours = ([a, b]: [string, string]) => (Date.parse(`2000-01-01T${b}Z`) - Date.parse(`2000-01-01T${a}Z`)) / H;

const dayWindow = (zone: string, date: string) => {
  const days = localDays(zone, Date.parse(date + 'T12:00:00Z') - 14 * H, Date.parse(date + 'T12:00:00Z') + 14 * H);
  const d = days.find(
    (x) => `${x.year}-${String(x.month).padStart(2, '0')}-${String(x.day).padStart(2, '0')}` === date,
  )!;
  return [d.start, d.end] as const;
};

describe('rule 1: wall-clock bands with membership semantics, and rule 11: local days', () => {
  for (const z of dstDays) {
    it(`${z.zone}: the skipped span holds nothing, the repeated span holds twice its length`, () => {
      const band = (span: [string, string]) => [
        component(
          daily([
            [span[0], span[1], 1],
            [span[1], span[0], 0.1],
          ]),
        ),
      ];
      const [s0, s1] = dayWindow(z.zone, z.spring);
      expect((s1 - s0) / H).toBe(z.springLen);
      const spring = price(z.zone, s0, s1, band(z.skipped));
      expect(durations(spring).get(1)).toBeUndefined();
      expect(durations(spring).get(0.1)).toBe(z.springLen * H);
      const [a0, a1] = dayWindow(z.zone, z.autumn);
      expect((a1 - a0) / H).toBe(z.autumnLen);
      const autumn = price(z.zone, a0, a1, band(z.repeated));
      expect(durations(autumn).get(1)).toBe(2 * spanHours(z.repeated) * H);
      expect(autumn.filter((i) => i.value === 1)).toHaveLength(1);
      // On an ordinary day the same band holds its own length.
      const [n0, n1] = dayWindow(z.zone, '2026-07-15');
      expect(durations(price(z.zone, n0, n1, band(z.repeated))).get(1)).toBe(spanHours(z.repeated) * H);
    });
  }

  it('America/Santiago: a day without a local midnight starts at 01:00 and bands before it cover nothing', () => {
    const comps = twoRates('00:00:00', '01:00:00', 1, 0.2);
    const [s0, s1] = dayWindow('America/Santiago', '2026-09-06');
    expect((s1 - s0) / H).toBe(23);
    const out = price('America/Santiago', s0, s1, comps);
    expect(out).toEqual([{ from: s0, to: s1, value: 0.2, confidence: 1 }]);
  });

  it('America/Santiago: the 25-hour day repeats 23:00 at its end', () => {
    const comps = twoRates('23:00:00', '00:00:00', 1, 0.2);
    const [s0, s1] = dayWindow('America/Santiago', '2026-04-04');
    expect((s1 - s0) / H).toBe(25);
    const out = price('America/Santiago', s0, s1, comps);
    expect(durations(out).get(1)).toBe(2 * H);
  });

  it('Asia/Kolkata: half-hour offset, no DST, bands at local times', () => {
    const comps = twoRates('18:00:00', '22:00:00', 0.9, 0.4);
    const out = price('Asia/Kolkata', '2026-06-01T00:00:00+05:30', '2026-06-02T00:00:00+05:30', comps);
    expect(out.map((i) => [new Date(i.from).toISOString(), i.value])).toEqual([
      ['2026-05-31T18:30:00.000Z', 0.4],
      ['2026-06-01T12:30:00.000Z', 0.9],
      ['2026-06-01T16:30:00.000Z', 0.4],
    ]);
  });

  it('never depends on the process time zone', () => {
    const comps = twoRates('07:00:00', '22:00:00', 0.3, 0.2);
    const out = price('Europe/Berlin', '2026-10-24T00:00:00Z', '2026-10-27T00:00:00Z', comps);
    expect(out.map((i) => new Date(i.from).toISOString())).toEqual([
      '2026-10-24T00:00:00.000Z',
      '2026-10-24T05:00:00.000Z',
      '2026-10-24T20:00:00.000Z',
      '2026-10-25T06:00:00.000Z',
      '2026-10-25T21:00:00.000Z',
      '2026-10-26T06:00:00.000Z',
      '2026-10-26T21:00:00.000Z',
    ]);
  });
});

describe('rule 2: end of day and wrapping bands', () => {
  it('valid_to 00:00:00 is the end of the day', () => {
    const out = price(
      'Europe/Berlin',
      '2026-06-01T00:00:00+02:00',
      '2026-06-02T00:00:00+02:00',
      twoRates('18:00:00', '00:00:00', 0.5, 0.25),
    );
    expect(at(out, '2026-06-01T23:59:59+02:00').value).toBe(0.5);
    expect(out).toHaveLength(2);
  });

  it('a band past midnight belongs to the day it starts on', () => {
    // Monday night band only; 2026-06-01 is a Monday.
    const comps = [
      component([
        {
          days_and_hours: [
            { days: ['Monday'], hours: [{ valid_from: '22:00:00', valid_to: '06:00:00', rate: [{ fixed: 0.1 }] }] },
          ],
        },
        {
          days_and_hours: [
            { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
          ],
        },
      ]),
    ];
    const out = price('Europe/Berlin', '2026-06-01T00:00:00+02:00', '2026-06-03T12:00:00+02:00', comps);
    expect(at(out, '2026-06-01T21:59:00+02:00').value).toBe(0.3);
    expect(at(out, '2026-06-01T22:00:00+02:00').value).toBe(0.1);
    expect(at(out, '2026-06-02T05:59:00+02:00').value).toBe(0.1);
    expect(at(out, '2026-06-02T06:00:00+02:00').value).toBe(0.3);
    expect(at(out, '2026-06-02T23:00:00+02:00').value).toBe(0.3);
    expect(at(out, '2026-06-03T01:00:00+02:00').value).toBe(0.3);
  });

  it("a wrapping band crosses a month boundary by the start day's month", () => {
    const comps = [
      component([
        {
          months: ['January'],
          days_and_hours: [
            { days: ['All'], hours: [{ valid_from: '20:00:00', valid_to: '04:00:00', rate: [{ fixed: 1 }] }] },
          ],
        },
      ]),
    ];
    const out = price('Europe/Berlin', '2026-01-31T12:00:00+01:00', '2026-02-01T12:00:00+01:00', comps);
    expect(at(out, '2026-02-01T03:00:00+01:00')).toMatchObject({ value: 1, confidence: 1 });
    expect(at(out, '2026-02-01T05:00:00+01:00')).toMatchObject({ value: 0, confidence: 0.5 });
  });
});

describe('rule 3: the most specific entry wins, then array order', () => {
  const comps = [
    component([
      {
        months: ['All'],
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.1 }] }] },
        ],
      },
      {
        months: ['December'],
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.4 }] }] },
        ],
      },
      {
        months: ['All'],
        days_and_hours: [
          { days: ['Weekend'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.2 }] }] },
        ],
      },
      {
        months: ['All'],
        dates: [25, 26],
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
        ],
      },
      {
        months: ['All'],
        days_and_hours: [
          { days: ['Weekend'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.9 }] }] },
        ],
      },
    ]),
  ];
  const out = price('Europe/Berlin', '2026-11-27T00:00:00+01:00', '2026-12-31T00:00:00+01:00', comps);
  it.each([
    ['a November weekday: All', '2026-11-27T12:00:00+01:00', 0.1],
    ['a November Saturday: named days over All; the first of equal entries', '2026-11-28T12:00:00+01:00', 0.2],
    ['a December weekday: named months over All', '2026-12-01T12:00:00+01:00', 0.4],
    ['a December Saturday: named days over named months', '2026-12-05T12:00:00+01:00', 0.2],
    ['Christmas (a Friday): named dates over everything', '2026-12-25T12:00:00+01:00', 0.3],
    ['26 December (a Saturday): named dates over named days', '2026-12-26T12:00:00+01:00', 0.3],
  ])('%s', (_n, iso, v) => expect(at(out, iso).value).toBe(v));
});

describe('rule 4: gaps', () => {
  it('contribute nothing, with confidence at most 0.5', () => {
    const out = price('Europe/London', '2026-06-01T00:00:00+01:00', '2026-06-02T00:00:00+01:00', [
      component(daily([['08:00:00', '18:00:00', 0.3]])),
      component(daily([['00:00:00', '00:00:00', 0.05]]), { type: 'NON_COMMODITY' }),
    ]);
    expect(out.map((i) => [i.value, i.confidence])).toEqual([
      [0.05, 0.5],
      [0.35, 1],
      [0.05, 0.5],
    ]);
  });

  it('a fixed tariff without a schedule is a gap all day', () => {
    const out = price('Europe/London', '2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z', [component(undefined)]);
    expect(out).toEqual([
      { from: Date.parse('2026-06-01T00:00:00Z'), to: Date.parse('2026-06-02T00:00:00Z'), value: 0, confidence: 0.5 },
    ]);
  });
});

describe('rule 5: contract windows', () => {
  it('a bare date is local midnight; the window is half-open; outside any contract the price is unknown', () => {
    const comps = [
      component(daily([['00:00:00', '00:00:00', 0.3]]), {
        contract_start_date: '2026-06-15',
        contract_end_date: '2026-06-16T12:00:00+02:00',
      }),
    ];
    const out = price('Europe/Berlin', '2026-06-14T00:00:00Z', '2026-06-17T00:00:00Z', comps);
    expect(out.map((i) => [new Date(i.from).toISOString(), i.value, i.confidence])).toEqual([
      ['2026-06-14T00:00:00.000Z', 0, 0],
      ['2026-06-14T22:00:00.000Z', 0.3, 1],
      ['2026-06-16T10:00:00.000Z', 0, 0],
    ]);
  });

  it('NON_COMMODITY components stack, and a successor contract takes over at its start', () => {
    const comps = [
      component(daily([['00:00:00', '00:00:00', 0.3]]), { contract_end_date: '2026-07-01' }),
      component(daily([['00:00:00', '00:00:00', 0.25]]), { contract_start_date: '2026-07-01' }),
      component(daily([['00:00:00', '00:00:00', 0.08]]), { type: 'NON_COMMODITY' }),
      component(daily([['00:00:00', '00:00:00', 0.02]]), { type: 'NON_COMMODITY' }),
    ];
    const out = price('Europe/Berlin', '2026-06-30T12:00:00Z', '2026-07-01T12:00:00Z', comps);
    expect(out.map((i) => [new Date(i.from).toISOString(), i.value])).toEqual([
      ['2026-06-30T12:00:00.000Z', 0.4],
      ['2026-06-30T22:00:00.000Z', 0.35],
    ]);
  });
});

describe('rule 6: direction', () => {
  it('only the requested direction counts; values add as stored', () => {
    const comps = [
      component(daily([['00:00:00', '00:00:00', 0.3]])),
      component(daily([['00:00:00', '00:00:00', -0.05]]), { direction: 'EXPORT' }),
      component(daily([['00:00:00', '00:00:00', 0.07]]), { direction: 'EXPORT', type: 'NON_COMMODITY' }),
      component(daily([['00:00:00', '00:00:00', 0.12]]), { direction: 'LOCAL' }),
    ];
    const w = ['2026-06-01T00:00:00Z', '2026-06-01T01:00:00Z'] as const;
    expect(price('UTC', ...w, comps, 'IMPORT')[0]!.value).toBe(0.3);
    expect(price('UTC', ...w, comps, 'EXPORT')[0]!.value).toBe(0.02);
    expect(price('UTC', ...w, comps, 'LOCAL')[0]!.value).toBe(0.12);
    // A component without a direction is IMPORT.
    expect(
      price('UTC', ...w, [component(daily([['00:00:00', '00:00:00', 0.3]]), { direction: undefined })], 'IMPORT')[0]!
        .value,
    ).toBe(0.3);
  });
});

describe('rules 7 and 8: fixed and market rates, tiers, series of any resolution, estimates', () => {
  const base = Date.parse('2026-06-01T00:00:00Z');
  const series = (minutes: number, hours = 24, f = (i: number) => 0.1 + 0.01 * i) =>
    seriesFrom(
      Array.from({ length: (hours * 60) / minutes }, (_, i) => ({
        start: base + i * minutes * 60_000,
        end: base + (i + 1) * minutes * 60_000,
        value: f(i),
      })),
    );

  it('market: (market + surcharge_fixed) × (1 + surcharge_percentage); fixed is ignored', () => {
    const comps = [
      component(
        [
          {
            days_and_hours: [
              {
                days: ['All'],
                hours: [
                  {
                    valid_from: '00:00:00',
                    valid_to: '00:00:00',
                    rate: [{ fixed: 99, surcharge_fixed: 0.02, surcharge_percentage: 0.05 }],
                  },
                ],
              },
            ],
          },
        ],
        { market_rates: true },
      ),
    ];
    const out = price('UTC', base, base + H, comps, 'IMPORT', series(60));
    expect(out).toEqual([
      { from: base, to: base + H, value: Math.round((0.1 + 0.02) * 1.05 * 1e5) / 1e5, confidence: 1 },
    ]);
  });

  it('fixed tariffs use fixed and ignore surcharges', () => {
    const out = price('UTC', base, base + H, [
      component([
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                {
                  valid_from: '00:00:00',
                  valid_to: '00:00:00',
                  rate: [{ fixed: 0.3, surcharge_fixed: 1, surcharge_percentage: 0.5 }],
                },
              ],
            },
          ],
        },
      ]),
    ]);
    expect(out[0]!.value).toBe(0.3);
  });

  it('several tiers: the first tier is the signal and confidence is capped at 0.8', () => {
    const out = price('UTC', base, base + H, [
      component([
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                { valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.25, to_kwh: 100 }, { fixed: 0.35 }] },
              ],
            },
          ],
        },
      ]),
    ]);
    expect(out[0]).toMatchObject({ value: 0.25, confidence: 0.8 });
  });

  it.each([5, 15, 30, 60])('a %i-minute series is repeated across cuts from other components', (minutes) => {
    const comps = [
      component(undefined, { market_rates: true }),
      component(
        daily([
          ['00:00:00', '00:07:00', 0.5],
          ['00:07:00', '00:00:00', 0.1],
        ]),
        { type: 'NON_COMMODITY' },
      ),
    ];
    const out = price('UTC', base, base + 2 * H, comps, 'IMPORT', series(minutes));
    const steps = (2 * 60) / minutes;
    expect(out).toHaveLength(steps + (minutes > 7 ? 1 : minutes === 5 ? 1 : 0));
    expect(at(out, '2026-06-01T00:06:00Z').value).toBeCloseTo(0.1 + 0.01 * Math.floor(6 / minutes) + 0.5, 5);
    expect(at(out, '2026-06-01T00:08:00Z').value).toBeCloseTo(0.1 + 0.01 * Math.floor(8 / minutes) + 0.1, 5);
  });

  it('beyond the last published value it estimates from the same hours of earlier days, with confidence below 1', () => {
    const s = series(60, 24 * 8, (i) => 0.1 + 0.01 * (i % 24));
    const end = base + 8 * 24 * H;
    const out = price('UTC', end - 2 * H, end + 3 * H, [component(undefined, { market_rates: true })], 'IMPORT', s);
    expect(at(out, new Date(end - H).toISOString())).toMatchObject({ value: 0.33, confidence: 1 });
    const est = at(out, new Date(end + 2 * H + 1).toISOString());
    expect(est.value).toBeCloseTo(0.12, 5);
    expect(est.confidence).toBeLessThan(1);
    expect(est.confidence).toBeGreaterThan(0);
    const far = price(
      'UTC',
      end + 20 * 24 * H,
      end + 21 * 24 * H,
      [component(undefined, { market_rates: true })],
      'IMPORT',
      s,
    );
    expect(Math.max(...far.map((i) => i.confidence))).toBeLessThan(est.confidence);
  });
});

describe('rule 9: confidence is the minimum; rounding only at output', () => {
  it('rounds the sum, not the parts', () => {
    const tiny = (v: number) => component(daily([['00:00:00', '00:00:00', v]]), { type: 'NON_COMMODITY' });
    const out = price('UTC', '2026-06-01T00:00:00Z', '2026-06-01T01:00:00Z', [
      tiny(0.000004),
      tiny(0.000004),
      tiny(0.000004),
    ]);
    expect(out[0]!.value).toBe(0.00001);
    const out2 = price('UTC', '2026-06-01T00:00:00Z', '2026-06-01T01:00:00Z', [tiny(0.1), tiny(0.2)]);
    expect(out2[0]!.value).toBe(0.3);
  });

  it('the interval takes its lowest component confidence', () => {
    const out = price('UTC', '2026-06-01T00:00:00Z', '2026-06-01T01:00:00Z', [
      component([
        {
          days_and_hours: [
            {
              days: ['All'],
              hours: [
                { valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.2, to_kwh: 10 }, { fixed: 0.3 }] },
              ],
            },
          ],
        },
      ]),
      component(daily([['00:30:00', '00:00:00', 0.1]]), { type: 'NON_COMMODITY' }),
    ]);
    expect(out.map((i) => [i.value, i.confidence])).toEqual([
      [0.2, 0.5],
      [0.3, 0.8],
    ]);
  });
});

describe('rule 10: the window', () => {
  it('covers exactly the window, cut at its edges, with no zero-length entries', () => {
    const from = Date.parse('2026-06-01T06:59:30Z');
    const to = Date.parse('2026-06-01T22:00:00.250Z');
    const out = price('UTC', from, to, twoRates('07:00:00', '22:00:00', 0.3, 0.2));
    expect(out.map((i) => [i.from, i.to, i.value])).toEqual([
      [from, Date.parse('2026-06-01T07:00:00Z'), 0.2],
      [Date.parse('2026-06-01T07:00:00Z'), Date.parse('2026-06-01T22:00:00Z'), 0.3],
      [Date.parse('2026-06-01T22:00:00Z'), to, 0.2],
    ]);
  });

  it('a 90-day window across a DST change has the right number of intervals', () => {
    // Day and night bands: two changes a day; the window runs from local midnight over the autumn change.
    const comps = twoRates('07:00:00', '22:00:00', 0.3, 0.2);
    const from = Date.parse('2026-09-01T00:00:00+02:00');
    const to = Date.parse('2026-11-30T00:00:00+01:00');
    const out = price('Europe/Berlin', from, to, comps);
    expect(out).toHaveLength(90 * 2 + 1);
    expect((to - from) / H).toBe(90 * 24 + 1);
  });
});

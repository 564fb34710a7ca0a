import { describe, expect, it } from 'vitest';
import {
  applyTiers,
  copyDays,
  duplicateGroup,
  duplicateRow,
  freeMonths,
  groupLabel,
  withTiers,
} from '../../renderer/admin/components/schedule/edits.js';
import { boundProblems, rateLabels } from '../../renderer/admin/components/schedule/tiers.js';
import { scheduleProblems } from '../../renderer/admin/components/schedule-model.js';
import { Schedule as ScheduleSchema, type Schedule } from '../../core/engine/schemas/schedule.js';

const whole = (fixed: number) => [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed }] }];
const SUMMER: Schedule = [
  {
    months: ['Jun', 'Jul', 'Aug', 'Sep', 'Oct'],
    days_and_hours: [
      {
        days: ['Weekdays'],
        hours: [
          { valid_from: '00:00:00', valid_to: '16:00:00', rate: [{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.49 }] },
          { valid_from: '16:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.6 }] },
        ],
      },
    ],
  },
];

describe('copying a month group: the rest of the year, or no months yet', () => {
  it('a summer group’s copy has the months no group names, right after it, and shares nothing', () => {
    const { next, months } = duplicateGroup(SUMMER, 0);
    expect(months).toEqual(['January', 'February', 'March', 'April', 'May', 'November', 'December']);
    expect(next.map(groupLabel)).toEqual(['Jun–Oct', 'Jan–May, Nov–Dec']);
    expect(next[1]!.days_and_hours).toEqual(SUMMER[0]!.days_and_hours);
    next[1]!.days_and_hours[0]!.hours[0]!.rate[0]!.fixed = 0.1;
    expect(next[0]!.days_and_hours[0]!.hours[0]!.rate[0]!.fixed).toBe(0.4);
    expect(SUMMER).toHaveLength(1);
    expect(ScheduleSchema.safeParse(next).success).toBe(true);
  });

  it('an all-year group is a fallback, not a claim: a seasonal group’s copy still gets the other months', () => {
    const s: Schedule = [{ days_and_hours: [{ days: ['All'], hours: whole(0.3) }] }, SUMMER[0]!];
    expect(freeMonths(s, 1)).toEqual(['January', 'February', 'March', 'April', 'May', 'November', 'December']);
    // A copy of the all-year group itself starts with none, and its tab says so.
    const { next, months } = duplicateGroup(s, 0);
    expect(months).toEqual([]);
    expect(groupLabel(next[1]!)).toBe('No months yet');
  });

  it('groups for named dates count only against groups with the same dates', () => {
    const s: Schedule = [
      ...SUMMER,
      { months: ['Dec'], dates: [25, 26], days_and_hours: [{ days: ['All'], hours: whole(0.1) }] },
    ];
    expect(freeMonths(s, 1)).toEqual(MONTHS_BUT_DEC);
    expect(groupLabel(s[1]!)).toBe('Dec · dates 25, 26');
  });

  it('when every month is taken the copy has none yet', () => {
    const s: Schedule = [...SUMMER, { ...SUMMER[0]!, months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Nov', 'Dec'] }];
    expect(freeMonths(s, 0)).toEqual([]);
  });
});
const MONTHS_BUT_DEC = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
];

describe('copying a day row: the days no row has, else the other days', () => {
  const entry = (...days: string[][]) => ({
    days_and_hours: days.map((d) => ({ days: d, hours: whole(0.3) })),
  });
  it('Weekdays gives the Weekend, the Weekend gives Weekdays, All gives the Weekend', () => {
    expect(copyDays(entry(['Weekdays']), 0)).toEqual(['Weekend']);
    expect(copyDays(entry(['Weekend']), 0)).toEqual(['Weekdays']);
    expect(copyDays(entry(['All']), 0)).toEqual(['Weekend']);
  });
  it('the days no row of the group covers come first, named as the days select names them', () => {
    expect(copyDays(entry(['Weekdays'], ['Saturday']), 0)).toEqual(['Sunday']);
    expect(copyDays(entry(['Mon', 'Tue', 'Wed']), 0)).toEqual(['Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(copyDays(entry(['Weekdays'], ['Weekend']), 1)).toEqual(['Weekdays']);
  });
  it('the copy comes right after its row, with its own bands', () => {
    const { next, days } = duplicateRow(SUMMER, 0, 0);
    expect(days).toEqual(['Weekend']);
    expect(next[0]!.days_and_hours.map((r) => r.days)).toEqual([['Weekdays'], ['Weekend']]);
    next[0]!.days_and_hours[1]!.hours[1]!.rate[0]!.fixed = 0.45;
    expect(next[0]!.days_and_hours[0]!.hours[1]!.rate[0]!.fixed).toBe(0.6);
  });
});

describe('one band’s tiers for every band of its group', () => {
  const tiers = [{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.49 }];
  it('each band keeps its first price and takes the steps and the bounds, without float noise', () => {
    expect(withTiers([{ fixed: 0.25 }], tiers, false)).toEqual([{ fixed: 0.25, to_kwh: 350 }, { fixed: 0.34 }]);
    expect(withTiers([{ fixed: 0.6, to_kwh: 100 }, { fixed: 0.9 }], tiers, false)).toEqual([
      { fixed: 0.6, to_kwh: 350 },
      { fixed: 0.69 },
    ]);
  });
  it('market tariffs step in the surcharge and keep each band’s fraction', () => {
    const source = [{ surcharge_fixed: 0.02, to_kwh: 300 }, { surcharge_fixed: 0.05 }];
    expect(withTiers([{ surcharge_fixed: 0.1, surcharge_percentage: 0.05 }], source, true)).toEqual([
      { surcharge_fixed: 0.1, surcharge_percentage: 0.05, to_kwh: 300 },
      { surcharge_fixed: 0.13, surcharge_percentage: 0.05 },
    ]);
  });
  it('every band of the group, no other group; the count leaves out bands that already had them', () => {
    const s: Schedule = [...SUMMER, { months: ['Jan'], days_and_hours: [{ days: ['All'], hours: whole(0.3) }] }];
    const { next, changed } = applyTiers(s, 0, tiers, false);
    expect(changed).toBe(1);
    expect(next[0]!.days_and_hours[0]!.hours[1]!.rate).toEqual([{ fixed: 0.6, to_kwh: 350 }, { fixed: 0.69 }]);
    expect(next[1]).toEqual(s[1]);
    expect(scheduleProblems(next, false)).toEqual([]);
  });
});

describe('tiers in words', () => {
  it('the grid’s labels, longest first, each the start of the whole', () => {
    expect(rateLabels([{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.49 }], false)).toEqual([
      '0.40 → 0.49 over 350 kWh/month',
      '0.40 → 0.49',
      '0.40 →',
    ]);
    const three = rateLabels([{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.49, to_kwh: 700 }, { fixed: 0.55 }], false);
    expect(three).toEqual(['0.40 → 0.49 over 350 → 0.55 over 700 kWh/month', '0.40 → 0.49 over 350 →', '0.40 →']);
    for (const l of three) expect(three[0]!.startsWith(l)).toBe(true);
    expect(rateLabels([{ fixed: 0.3 }], false)).toEqual(['0.30']);
    expect(rateLabels([{ surcharge_fixed: 0.1, to_kwh: 200 }, { surcharge_fixed: 0.15 }], true)[0]).toBe(
      'mkt +0.1 → +0.15 over 200 kWh/month',
    );
  });
  it('a bound that does not rise or is missing is said on its own tier', () => {
    expect(boundProblems([{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.5, to_kwh: 300 }, { fixed: 0.6 }])).toEqual([
      {
        tier: 1,
        sentence: 'its bound, 300 kWh/month, must be above tier 1’s, 350 kWh/month (bounds rise)',
        short: 'Must be above 350 (tier 1)',
      },
    ]);
    expect(boundProblems([{ fixed: 0.4 }, { fixed: 0.5 }]).map((p) => [p.tier, p.short])).toEqual([
      [0, 'Type where this tier ends'],
    ]);
    expect(boundProblems([{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.5 }])).toEqual([]);
  });
  it('the editor and the API agree on which drafts are refused for their bounds', () => {
    const drafts = [
      [{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.5, to_kwh: 300 }, { fixed: 0.6 }],
      [{ fixed: 0.4 }, { fixed: 0.5 }],
      [{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.5 }],
      [
        { fixed: 0.4, to_kwh: 350 },
        { fixed: 0.5, to_kwh: 350 },
      ],
      [{ fixed: 0.4, to_kwh: 350 }, { fixed: 0.5, to_kwh: 900 }, { fixed: 0.6 }],
    ];
    for (const rate of drafts) {
      const s: Schedule = [
        { days_and_hours: [{ days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate }] }] },
      ];
      expect(scheduleProblems(s, false).length > 0, JSON.stringify(rate)).toBe(!ScheduleSchema.safeParse(s).success);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { component, price } from './support.js';
import { monthsText, overrides, precedenceText } from '../../core/engine/schedule/precedence.js';
import { describeIssues } from '../../core/engine/schedule/issues.js';
import { dstNotes } from '../../core/engine/schedule/dst.js';
import { Schedule as ScheduleSchema, type Schedule } from '../../core/engine/schemas/schedule.js';

const whole = (fixed: number) => [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed }] }];
const row = (days: string[], fixed: number) => ({ days, hours: whole(fixed) });
/** Saturday 2026-06-13 at noon in Berlin. */
const SAT = '2026-06-13T10:00:00Z';
const at = (schedule: Schedule, when: string) =>
  price('Europe/Berlin', when, Date.parse(when) + 60_000, [component(schedule)])[0]!.value;

describe('precedence in words, from the engine’s own ranking (rule 3)', () => {
  it('a Saturday row added after Weekend loses on Saturday; the text says so and the engine agrees', () => {
    const s: Schedule = [{ months: ['All'], days_and_hours: [row(['Weekend'], 0.2), row(['Saturday'], 0.5)] }];
    expect(at(s, SAT)).toBe(0.2);
    const text = precedenceText(s);
    expect(text.get('0:0')).toEqual(['Overrides ‘Saturday’ on Sat (equally specific, so the earlier row wins).']);
    expect(text.get('0:1')![0]).toMatch(/^‘Weekend’ overrides this row on Sat \(equally specific/);
  });

  it('moved first, the Saturday row overrides Weekend on Sat; named days beat All', () => {
    const s: Schedule = [
      { days_and_hours: [row(['All'], 0.1)] },
      { days_and_hours: [row(['Saturday'], 0.5), row(['Weekend'], 0.2)] },
    ];
    expect(at(s, SAT)).toBe(0.5);
    expect(at(s, '2026-06-14T10:00:00Z')).toBe(0.2);
    const sat = precedenceText(s).get('1:0')!;
    expect(sat).toContain('Overrides ‘Weekend’ on Sat (equally specific, so the earlier row wins).');
    expect(sat).toContain('Overrides ‘All’ of month group 1 (All) on Sat (named days come before All).');
    expect(
      precedenceText(s)
        .get('0:0')!
        .some((l) => l.includes('on Sat, Sun')),
    ).toBe(true);
  });

  it('dates over days over All, then months: every override names the row the engine prices', () => {
    const s: Schedule = [
      { months: ['All'], days_and_hours: [row(['All'], 0.1), row(['Weekend'], 0.2)] },
      { months: ['December'], days_and_hours: [row(['All'], 0.4)] },
      { months: ['December'], dates: [25, 26], days_and_hours: [row(['All'], 0.3)] },
    ];
    const rate = (e: number, i: number) => s[e]!.days_and_hours[i]!.hours[0]!.rate[0]!.fixed;
    // A December weekday, a December Saturday, Christmas (Friday) and 26 December (Saturday).
    const days = ['2026-12-08T11:00:00Z', '2026-12-12T11:00:00Z', '2026-12-25T11:00:00Z', '2026-12-26T11:00:00Z'];
    const found = overrides(s);
    expect(found.length).toBeGreaterThan(3);
    let probed = 0;
    for (const o of found) {
      // The first probe day both rows apply on: the winner's rate is the engine's price there.
      const probe = days.find((when) => {
        const d = new Date(when);
        const wd = ((d.getUTCDay() + 6) % 7) + 1;
        return (
          (!o.weekdays || o.weekdays.includes(wd)) &&
          (!o.months || o.months.includes(12)) &&
          (!o.dates || o.dates.includes(d.getUTCDate()))
        );
      });
      if (!probe) continue;
      probed++;
      const only: Schedule = [o.winner, o.loser].map((r) => ({
        ...s[r.entry]!,
        days_and_hours: [s[r.entry]!.days_and_hours[r.item]!],
      }));
      // Keep array order: the rows as they stand in the schedule.
      if (o.winner.entry > o.loser.entry || (o.winner.entry === o.loser.entry && o.winner.item > o.loser.item))
        only.reverse();
      expect(at(only, probe)).toBe(rate(o.winner.entry, o.winner.item));
    }
    expect(probed).toBe(found.length);
    expect(precedenceText(s).get('2:0')).toContain(
      'Overrides ‘Weekend’ of month group 1 (All) on Sat, Sun in Dec on dates 25, 26 (named dates come before days).',
    );
    expect(precedenceText(s).get('1:0')).toContain(
      'Overrides ‘All’ of month group 1 (All) on every day in Dec (named months come before All months).',
    );
  });

  it('rows that never meet say nothing', () => {
    const s: Schedule = [{ days_and_hours: [row(['Weekdays'], 0.1), row(['Weekend'], 0.2)] }];
    expect(precedenceText(s).size).toBe(0);
  });
});

describe('schema issues in words, with their place', () => {
  const band = (from: string, to: string, rate: object[] = [{ fixed: 0.3 }]) => ({
    valid_from: from,
    valid_to: to,
    rate,
  });
  const problems = (s: unknown) => {
    const r = ScheduleSchema.safeParse(s);
    expect(r.success).toBe(false);
    return describeIssues(s as Schedule, r.error!.issues);
  };

  it('a tier bound that does not rise', () => {
    const tiers = [
      { fixed: 0.3, to_kwh: 100 },
      { fixed: 0.4, to_kwh: 50 },
    ];
    const s = [
      { months: ['All'], days_and_hours: [{ days: ['Weekdays'], hours: [band('07:00:00', '09:00:00', tiers)] }] },
    ];
    expect(problems(s)).toEqual([
      {
        text: 'Month group 1 (All), row ‘Weekdays’, band 07:00–09:00, tier 1: the upper bound must be above the lower bound (only the last tier may be open-ended)',
        at: { entry: 0, item: 0, band: 0, tier: 0 },
      },
    ]);
  });

  it('overlapping bands name each other by time; an empty row and a bad date say what is wrong', () => {
    const s = [
      { days_and_hours: [{ days: ['All'], hours: [band('07:00:00', '09:00:00'), band('08:00:00', '00:00:00')] }] },
      { months: ['Jun', 'Jul'], dates: [40], days_and_hours: [{ days: ['Weekend'], hours: [] }] },
    ];
    expect(problems(s).map((p) => p.text)).toEqual([
      'Month group 1 (All), row ‘All’, band 08:00–24:00: it overlaps band 07:00–09:00 of the same row',
      'Month group 2 (Jun–Jul, dates 40): a date must be a whole day of the month, 1–31',
      'Month group 2 (Jun–Jul, dates 40), row ‘Weekend’: the row has no band; draw at least one',
    ]);
    expect(problems(s).map((p) => p.at)).toEqual([{ entry: 0, item: 0, band: 1 }, { entry: 1 }, { entry: 1, item: 0 }]);
  });

  it('a band whose end equals its start, and a surcharge fraction out of range', () => {
    const s = [
      {
        days_and_hours: [
          { days: ['Sat'], hours: [band('06:00:00', '06:00:00', [{ fixed: 0.3, surcharge_percentage: 5 }])] },
        ],
      },
    ];
    expect(problems(s).map((p) => p.text)).toEqual([
      'Month group 1 (All), row ‘Sat’, band 06:00–06:00, tier 1: the surcharge fraction must be between 0 and 1 (0.05 = 5 %)',
      'Month group 1 (All), row ‘Sat’, band 06:00–06:00: the end must differ from the start (00:00–00:00 is the whole day)',
    ]);
  });
});

describe('DST notes: the skipped and repeated hour, and the bands it touches', () => {
  const JAN = Date.parse('2026-01-01T00:00:00Z');

  it('Berlin: the hour that does not exist and the hour that happens twice, bands past midnight included', () => {
    const s: Schedule = [
      {
        days_and_hours: [
          { days: ['Saturday'], hours: [{ valid_from: '22:00:00', valid_to: '04:00:00', rate: [{ fixed: 0.1 }] }] },
          { days: ['Sunday'], hours: [{ valid_from: '21:00:00', valid_to: '03:00:00', rate: [{ fixed: 0.1 }] }] },
          { days: ['Weekdays'], hours: [{ valid_from: '02:30:00', valid_to: '06:00:00', rate: [{ fixed: 0.2 }] }] },
        ],
      },
    ];
    const notes = dstNotes('Europe/Berlin', s, JAN, 365);
    expect(notes.map((n) => [n.date, n.kind, n.text])).toEqual([
      ['2026-03-29', 'skipped', 'The hour 02:00–03:00 does not exist on 29 Mar 2026'],
      ['2026-10-25', 'repeated', '02:00–03:00 happens twice on 25 Oct 2026'],
    ]);
    // Both days are Sundays: Saturday's band wraps into them; Sunday's own band starts after; the weekday band is not that day.
    expect(notes[0]!.bands).toEqual(['‘Saturday’ 22:00–04:00 is 1 h shorter that day']);
    expect(notes[1]!.bands).toEqual(['‘Saturday’ 22:00–04:00 is 1 h longer that day']);
  });

  it('London moves at 01:00; a band covering half the hour is half an hour shorter', () => {
    const s: Schedule = [
      {
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '01:30:00', rate: [{ fixed: 0.1 }] }] },
        ],
      },
      { months: ['May'], days_and_hours: [{ days: ['All'], hours: whole(0.3) }] },
    ];
    const [spring, autumn] = dstNotes('Europe/London', s, JAN, 365);
    expect(spring!.text).toBe('The hour 01:00–02:00 does not exist on 29 Mar 2026');
    expect(spring!.bands).toEqual(['‘All’ of month group 1 (All) 00:00–01:30 is 30 min shorter that day']);
    expect(autumn!.text).toBe('01:00–02:00 happens twice on 25 Oct 2026');
  });

  it('a zone without DST has no notes', () => {
    expect(dstNotes('Asia/Tokyo', [{ days_and_hours: [row(['All'], 0.1)] }], JAN, 365)).toEqual([]);
  });
});

describe('a month group named by its months', () => {
  it('runs of months joined in calendar order, whatever order they are written in', () => {
    expect(monthsText(['October', 'Jun', 'jul', 'August', 'Sept'])).toBe('Jun–Oct');
    expect(monthsText(['Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May'])).toBe('Jan–May, Nov–Dec');
    expect(monthsText(['March'])).toBe('Mar');
    expect(monthsText(['Jan', 'Mar', 'Apr'])).toBe('Jan, Mar–Apr');
  });
  it('every month is All, none is said, an unknown name is kept as written', () => {
    expect(monthsText(undefined)).toBe('All');
    expect(monthsText(['All'])).toBe('All');
    expect(monthsText(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])).toBe(
      'All',
    );
    expect(monthsText([])).toBe('no months yet');
    expect(monthsText(['Jan', 'Smarch'])).toBe('Jan, Smarch');
  });
  it('a group with no months yet overrides nothing and covers no gap', () => {
    const s: Schedule = [
      { months: ['Jun'], days_and_hours: [row(['Weekdays'], 0.3)] },
      { months: [], days_and_hours: [row(['All'], 0.2)] },
    ];
    expect(precedenceText(s).size).toBe(0);
    expect(overrides(s)).toEqual([]);
    // Nor beside an all-year group: a copy just made has no months to override it in.
    const copied: Schedule = [
      { months: ['All'], days_and_hours: [row(['All'], 0.3)] },
      { months: [], days_and_hours: [row(['All'], 0.3)] },
    ];
    expect(overrides(copied)).toEqual([]);
    expect(precedenceText(copied).size).toBe(0);
  });
  it('an empty month list is a sentence that says what to do', () => {
    const s = [{ months: [], days_and_hours: [row(['All'], 0.3)] }];
    const r = ScheduleSchema.safeParse(s);
    expect(describeIssues(s as Schedule, r.error!.issues).map((p) => p.text)).toEqual([
      'Month group 1 (no months yet): no month is chosen yet; pick at least one',
    ]);
  });
});

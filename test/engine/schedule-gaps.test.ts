import { describe, expect, it } from 'vitest';
import { component, price } from './support.js';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import { scheduleGaps } from '../../core/engine/schedule/gaps.js';
import { formatTimeOfDay } from '../../core/engine/schedule/names.js';
import type { Schedule } from '../../core/engine/schemas/schedule.js';

type Hours = Schedule[number]['days_and_hours'][number]['hours'];
const band = (valid_from: string, valid_to: string, fixed = 0.3): Hours[number] => ({
  valid_from,
  valid_to,
  rate: [{ fixed }],
});
const hm = (s: number) => (s === 86400 ? '24:00' : formatTimeOfDay(s).slice(0, 5));

/** The engine's own gaps for a calendar kind: the day profile's runs without a rate. */
function engineGaps(s: Schedule, month: number, weekday: number): string[] {
  const c = compileComponent(component(s), 'UTC');
  const prev = { month, day: 0, weekday: weekday === 1 ? 7 : weekday - 1 };
  return c
    .profile({ month, day: 0, weekday }, prev)
    .filter((p) => p.rate === null)
    .map((p) => `${hm(p.from)}–${hm(p.to)}`);
}

/** What the gap list says for a calendar kind. */
function reported(s: Schedule, month: number, weekday: number): string[] {
  const g = scheduleGaps(s).filter(
    (x) => (!x.weekdays || x.weekdays.includes(weekday)) && (!x.months || x.months.includes(month)),
  );
  expect(g.length).toBeLessThanOrEqual(1);
  return g[0]?.spans ?? [];
}

describe('schedule gaps by the engine’s precedence (rule 4)', () => {
  it('All all day plus Weekend 08:00–12:00: no gap on Saturday, and the engine prices Saturday night at confidence 1', () => {
    const s: Schedule = [
      {
        months: ['All'],
        days_and_hours: [
          { days: ['All'], hours: [band('00:00:00', '00:00:00', 0.3)] },
          { days: ['Weekend'], hours: [band('08:00:00', '12:00:00', 0.2)] },
        ],
      },
    ];
    expect(scheduleGaps(s)).toEqual([]);
    // Saturday 2026-11-28 in Berlin: 03:00 from All, 09:00 from Weekend.
    const out = price('Europe/Berlin', '2026-11-28T00:00:00+01:00', '2026-11-29T00:00:00+01:00', [component(s)]);
    expect(out.map((i) => [i.value, i.confidence])).toEqual([
      [0.3, 1],
      [0.2, 1],
      [0.3, 1],
    ]);
  });

  it('a gap open on some days only names those days', () => {
    const s: Schedule = [
      {
        days_and_hours: [
          { days: ['Weekdays'], hours: [band('00:00:00', '00:00:00')] },
          { days: ['Weekend'], hours: [band('08:00:00', '12:00:00')] },
        ],
      },
    ];
    const g = scheduleGaps(s);
    expect(g).toHaveLength(1);
    expect(g[0]!.weekdays).toEqual([6, 7]);
    expect(g[0]!.spans).toEqual(['00:00–08:00', '12:00–24:00']);
    expect(g[0]!.text).toBe(
      'Gap on Sat, Sun: 00:00–08:00, 12:00–24:00 has no band in any row that applies, so prices there are unknown (confidence ≤ 0.5).',
    );
  });

  it('a band past midnight covers the next morning; a month group leaves the other months open', () => {
    const s: Schedule = [
      { months: ['January'], days_and_hours: [{ days: ['All'], hours: [band('06:00:00', '02:00:00')] }] },
    ];
    const g = scheduleGaps(s);
    expect(g.map((x) => [x.months, x.weekdays, x.spans])).toEqual([
      [[1], null, ['02:00–06:00']],
      [[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], null, ['00:00–24:00']],
    ]);
    expect(g[1]!.text).toMatch(/^Gap on every day in Feb–Dec: 00:00–24:00 /);
  });

  it('rows on named dates fill their dates only, and the sentence says so', () => {
    const s: Schedule = [
      { dates: [25, 26], days_and_hours: [{ days: ['All'], hours: [band('00:00:00', '00:00:00')] }] },
    ];
    expect(scheduleGaps(s).map((x) => x.text)).toEqual([
      'Gap on every day (except where rows for dates 25, 26 apply): 00:00–24:00 has no band in any row that applies, so prices there are unknown (confidence ≤ 0.5).',
    ]);
  });

  it('matches the engine’s day profiles for 300 generated schedules', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * n);
    };
    const DAYS = [['All'], ['Weekdays'], ['Weekend'], ['Saturday'], ['Monday', 'Sunday'], ['Friday']];
    const MONTHS = [['All'], ['January'], ['June', 'July'], ['December']];
    const q = (n: number) => formatTimeOfDay((n % 96) * 900);
    for (let k = 0; k < 300; k++) {
      const s: Schedule = [];
      for (let e = 0, ne = 1 + rnd(3); e < ne; e++) {
        const entry: Schedule[number] = { months: MONTHS[rnd(MONTHS.length)]!, days_and_hours: [] };
        if (rnd(6) === 0) entry.dates = [1 + rnd(28)];
        for (let i = 0, ni = 1 + rnd(3); i < ni; i++) {
          const hours: Hours = [];
          let at = rnd(40);
          for (let b = 0, nb = rnd(3); b < nb && at < 96; b++) {
            const len = 1 + rnd(40);
            hours.push(band(q(at), q(at + len)));
            at += len + rnd(20);
          }
          if (rnd(5) === 0) hours.push(band('00:00:00', '00:00:00'));
          entry.days_and_hours.push({ days: DAYS[rnd(DAYS.length)]!, hours });
        }
        s.push(entry);
      }
      // A schedule without any band is priced by other rules (rule 4's whole-day gap); skip it.
      if (!s.some((e) => !e.dates && e.days_and_hours.some((d) => d.hours.length))) continue;
      for (let month = 1; month <= 12; month++)
        for (let weekday = 1; weekday <= 7; weekday++)
          expect(reported(s, month, weekday), `${JSON.stringify(s)} month ${month} weekday ${weekday}`).toEqual(
            engineGaps(s, month, weekday),
          );
    }
  });
});

import { DateTime } from 'luxon';
import type { Schedule, Rate } from '../../../core/engine/schemas/schedule';
import { bandSpan, formatTimeOfDay, parseTimeOfDay, DAY_SECONDS } from '../../../core/engine/schedule/names';

/** Quarter hours: the editor's grid. */
export const Q = 900;
export const QUARTERS = DAY_SECONDS / Q;

export type Sel = { entry: number; item: number; band: number };

export const toQ = (t: string) => Math.round((parseTimeOfDay(t) ?? 0) / Q);
export const fromQ = (q: number) => formatTimeOfDay((((q % QUARTERS) + QUARTERS) % QUARTERS) * Q);

/** The quarters a band covers on its own day line, wrapping past midnight (0..96, to may exceed 96). */
export function bandQuarters(b: { valid_from: string; valid_to: string }): [number, number] {
  const s = bandSpan(b.valid_from, b.valid_to);
  return s ? [s.from / Q, s.to / Q] : [0, 0];
}

/** The first free stretch of an item's day line, as quarters, or undefined when full. */
export function occupied(hours: { valid_from: string; valid_to: string }[], skip = -1): boolean[] {
  const used = new Array<boolean>(QUARTERS).fill(false);
  hours.forEach((h, i) => {
    if (i === skip) return;
    const [a, b] = bandQuarters(h);
    for (let q = a; q < b; q++) used[q % QUARTERS] = true;
  });
  return used;
}

export function clone(s: Schedule): Schedule {
  return JSON.parse(JSON.stringify(s)) as Schedule;
}

export function defaultSchedule(): Schedule {
  return [
    {
      months: ['All'],
      days_and_hours: [
        { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
      ],
    },
  ];
}

/** Where an item's day line has no band: prices there are gaps (rule 4). */
export function gaps(hours: { valid_from: string; valid_to: string }[]): string[] {
  const used = occupied(hours);
  const out: string[] = [];
  let start = -1;
  for (let q = 0; q <= QUARTERS; q++) {
    const free = q < QUARTERS && !used[q];
    if (free && start < 0) start = q;
    if (!free && start >= 0) {
      out.push(`${fromQ(start).slice(0, 5)}–${q === QUARTERS ? '24:00' : fromQ(q).slice(0, 5)}`);
      start = -1;
    }
  }
  return out;
}

export interface DstNote {
  date: string;
  kind: 'skipped' | 'repeated';
  span: string;
  bands: string[];
}

/** The zone's offset changes in the next year, and which bands lie in the skipped or repeated wall-clock span. */
export function dstNotes(zone: string, schedule: Schedule, now = DateTime.now()): DstNote[] {
  const notes: DstNote[] = [];
  let prev = now.setZone(zone).startOf('day');
  for (let d = 1; d <= 366; d++) {
    const next = prev.plus({ days: 1 });
    if (next.offset !== prev.offset) {
      const diff = next.offset - prev.offset;
      // Find the change within the day to the minute.
      let t = prev;
      while (t.offset === prev.offset && t < next) t = t.plus({ minutes: 15 });
      // The wall clock at the change, read with the old offset.
      const wallSec = (((t.toMillis() / 1000 + prev.offset * 60) % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
      const startQ = Math.round(wallSec / Q) % QUARTERS;
      const kind = diff > 0 ? 'skipped' : 'repeated';
      const len = Math.abs(diff) / 15;
      const [a, b] = kind === 'skipped' ? [startQ, startQ + len] : [startQ - len, startQ];
      const span = `${fromQ(a).slice(0, 5)}–${fromQ(b).slice(0, 5)}`;
      const bands: string[] = [];
      schedule.forEach((e) =>
        e.days_and_hours.forEach((it) =>
          it.hours.forEach((h) => {
            const [f, to] = bandQuarters(h);
            if (f < b && a < to)
              bands.push(`${it.days.join('/')} ${h.valid_from.slice(0, 5)}–${h.valid_to.slice(0, 5)}`);
          }),
        ),
      );
      notes.push({ date: t.toISODate()!, kind, span, bands });
    }
    prev = next;
  }
  return notes.slice(0, 4);
}

export function rateLabel(rate: Rate[], market: boolean): string {
  const r = rate[0] ?? {};
  if (market)
    return `mkt${r.surcharge_fixed ? ` +${r.surcharge_fixed}` : ''}${r.surcharge_percentage ? ` ×${(1 + r.surcharge_percentage).toFixed(2)}` : ''}`;
  return (r.fixed ?? 0).toFixed(4).replace(/0{1,2}$/, '');
}

/** A colour from a rate value: cheap is green, dear is red. */
export function rateColour(v: number): string {
  const x = Math.max(0, Math.min(1, v / 0.6));
  return `hsl(${Math.round(140 - 140 * x)} 55% ${48 - 8 * x}%)`;
}

import { DateTime, IANAZone } from 'luxon';

/** A stretch of one local day during which the UTC offset is constant. */
export interface DayPiece {
  /** First instant (epoch ms). */
  start: number;
  /** End instant, exclusive. */
  end: number;
  /** Local seconds since the day's nominal midnight at `start`. */
  localStart: number;
}

/** One local calendar day of the location, as instants (pricing rule 11). */
export interface LocalDay {
  year: number;
  month: number;
  day: number;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  start: number;
  end: number;
  /** One piece, or two on a day whose offset changes. */
  pieces: DayPiece[];
}

const DAY_MS = 86_400_000;

/**
 * Walks the local days of `zone` that meet `[from, to)`, calling luxon once per day: 23-, 24-
 * and 25-hour days and days without a local midnight come out as they are. The process time
 * zone never enters.
 */
export function localDays(zone: string, from: number, to: number): LocalDay[] {
  const z = IANAZone.create(zone);
  const first = DateTime.fromMillis(from, { zone: z }).startOf('day');
  const days: LocalDay[] = [];
  let cur = first;
  let curStart = cur.toMillis();
  while (curStart < to) {
    const next = cur.plus({ days: 1 }).startOf('day');
    const nextStart = next.toMillis();
    const nominal = Date.UTC(cur.year, cur.month - 1, cur.day);
    const offStart = cur.offset;
    const localStartSec = (curStart + offStart * 60_000 - nominal) / 1000;
    const pieces: DayPiece[] = [];
    const offEnd = z.offset(nextStart - 1);
    if (offEnd === offStart) {
      pieces.push({ start: curStart, end: nextStart, localStart: localStartSec });
    } else {
      const t = transition(z, curStart, nextStart, offStart);
      pieces.push({ start: curStart, end: t, localStart: localStartSec });
      const offAfter = z.offset(t);
      pieces.push({ start: t, end: nextStart, localStart: (t + offAfter * 60_000 - nominal) / 1000 });
    }
    days.push({ year: cur.year, month: cur.month, day: cur.day, weekday: cur.weekday, start: curStart, end: nextStart, pieces });
    cur = next;
    curStart = nextStart;
    if (days.length > 1000) throw new Error('window too long for the local-day walk');
  }
  return days;
}

/** The first whole second in (lo, hi) whose offset differs from `off` (transitions fall on whole seconds). */
function transition(z: IANAZone, lo: number, hi: number, off: number): number {
  // Invariant: offset(a s) === off, offset(b s) !== off.
  let a = Math.floor(lo / 1000);
  let b = Math.floor((hi - 1) / 1000);
  while (b - a > 1) {
    const m = Math.floor((a + b) / 2);
    if (z.offset(m * 1000) === off) a = m;
    else b = m;
  }
  return b * 1000;
}

export { DAY_MS };

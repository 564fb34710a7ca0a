import { IANAZone } from 'luxon';

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
  /** One piece, or more on a day whose offset changes. */
  pieces: DayPiece[];
}

const DAY_MS = 86_400_000;
/** Offsets are probed this often; real zones never change offset twice within it. */
const PROBE_MS = 2 * DAY_MS;

/** A stretch of constant UTC offset (minutes) on `[start, end)`. */
interface OffsetSpan {
  start: number;
  end: number;
  offset: number;
}

/**
 * The zone's offsets over `[from, to)` as spans, from luxon's zone data: probed every two days,
 * each change located to the second by bisection. A handful of luxon calls per window.
 */
function offsetSpans(z: IANAZone, from: number, to: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let start = from;
  let off = z.offset(from);
  for (let t = from; t < to;) {
    const next = Math.min(t + PROBE_MS, to);
    const o = next < to ? z.offset(next) : z.offset(to - 1);
    if (o !== off) {
      // Bisect on whole seconds: offset(a) === off, offset(b) !== off.
      let a = Math.floor(t / 1000);
      let b = Math.floor((next < to ? next : to - 1) / 1000);
      while (b - a > 1) {
        const m = Math.floor((a + b) / 2);
        if (z.offset(m * 1000) === off) a = m;
        else b = m;
      }
      const at = b * 1000;
      spans.push({ start, end: at, offset: off });
      start = at;
      off = z.offset(at);
      t = at;
      continue;
    }
    t = next;
  }
  spans.push({ start, end: to, offset: off });
  return spans;
}

/** The first instant whose wall-clock time is at or after `nominal` (local midnight read as UTC). */
function firstInstantAt(spans: OffsetSpan[], nominal: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const s of spans) {
    const t = Math.max(s.start, nominal - s.offset * 60_000);
    if (t < s.end && t < best) best = t;
  }
  return best;
}

/**
 * Walks the local days of `zone` that meet `[from, to)`: 23-, 24- and 25-hour days, and days
 * without a local midnight, come out as they are. The process time zone never enters.
 */
export function localDays(zone: string, from: number, to: number): LocalDay[] {
  const key = `${zone}|${from}|${to}`;
  const hit = recent.get(key);
  if (hit) return hit;
  const days = walkDays(zone, from, to);
  // The zone's offsets come from luxon's Intl calls, the slow part: a window priced and grouped
  // in one request (costs), or asked again, walks its days once.
  if (recent.size >= RECENT) recent.delete(recent.keys().next().value!);
  recent.set(key, days);
  return days;
}

/** Recently walked windows; the days are shared, so callers only read them. */
const recent = new Map<string, LocalDay[]>();
const RECENT = 16;

function walkDays(zone: string, from: number, to: number): LocalDay[] {
  const z = IANAZone.create(zone);
  // Two days of margin either side: a local day reaches at most 26 h from its nominal midnight.
  const spans = offsetSpans(z, from - 2 * DAY_MS, to + 2 * DAY_MS);
  const offsetAt = (t: number) => spans.find((s) => s.start <= t && t < s.end)!.offset;
  const localFrom = new Date(from + offsetAt(from) * 60_000);
  let nominal = Date.UTC(localFrom.getUTCFullYear(), localFrom.getUTCMonth(), localFrom.getUTCDate());
  let start = firstInstantAt(spans, nominal);
  const days: LocalDay[] = [];
  while (start < to) {
    const nextNominal = nominal + DAY_MS;
    const end = firstInstantAt(spans, nextNominal);
    const pieces: DayPiece[] = [];
    for (const s of spans) {
      const a = Math.max(s.start, start);
      const b = Math.min(s.end, end);
      if (b > a) pieces.push({ start: a, end: b, localStart: (a + s.offset * 60_000 - nominal) / 1000 });
    }
    const d = new Date(nominal);
    days.push({
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      weekday: ((d.getUTCDay() + 6) % 7) + 1,
      start,
      end,
      pieces,
    });
    nominal = nextNominal;
    start = end;
    if (days.length > 1000) throw new Error('window too long for the local-day walk');
  }
  return days;
}

/** Period boundaries from `from` to `to`: the zone's local days or months, or the whole window. */
export function periodBounds(groupBy: 'none' | 'day' | 'month', zone: string, from: number, to: number): number[] {
  const bounds = [from];
  if (groupBy !== 'none')
    for (const d of localDays(zone, from, to))
      if (d.start > from && (groupBy === 'day' || d.day === 1)) bounds.push(d.start);
  bounds.push(to);
  return bounds;
}

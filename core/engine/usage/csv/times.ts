// The time cells of a row: instants with an offset, or wall times in the location's zone (the
// autumn repeat hour names two instants, the spring gap none), and the interval of a row.
import { z } from 'zod';
import { Duration, IANAZone } from 'luxon';

/** Local wall times (no offset): ISO-like, German and day-first forms, with or without a time of day. */
const LOCAL_FORMS: { re: RegExp; ymd: [number, number, number] }[] = [
  { re: /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/, ymd: [1, 2, 3] },
  { re: /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/, ymd: [3, 2, 1] },
  { re: /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?$/, ymd: [3, 2, 1] },
];

/**
 * The zone's offset in minutes at an instant, cached per UTC hour that has one offset all
 * through (clocks change at most once an hour): a year of local quarter hours asks 70,000 times.
 */
export function offsetsOf(zone: string): (t: number) => number {
  const z = IANAZone.create(zone);
  const cache = new Map<number, number>();
  return (t) => {
    const h = Math.floor(t / 3_600_000);
    const hit = cache.get(h);
    if (hit !== undefined) return hit;
    const a = z.offset(h * 3_600_000);
    if (a !== z.offset(h * 3_600_000 + 3_599_999)) return z.offset(t);
    cache.set(h, a);
    return a;
  };
}

/**
 * Every instant a local wall time names in the zone, ascending: one, two in the autumn repeat
 * hour, none in the spring gap. A bare date is the start of that local day. Undefined when the
 * text is no local time at all.
 */
function localInstants(c: string, offsetAt: (t: number) => number): number[] | undefined {
  for (const { re, ymd } of LOCAL_FORMS) {
    const m = re.exec(c);
    if (!m) continue;
    const [y, mo, d] = ymd.map((i) => Number(m[i]));
    const [h, mi, se] = [m[4], m[5], m[6]].map((x) => Number(x ?? 0));
    const dim = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
    if (mo! < 1 || mo! > 12 || d! < 1 || d! > dim || h! > 23 || mi! > 59 || se! > 59) return undefined;
    const wall = Date.UTC(y!, mo! - 1, d!, h, mi, se, m[7] ? Math.floor(Number(m[7]) * 1000) : 0);
    // The offsets half a day either side are the only ones the wall time can be read with.
    const before = offsetAt(wall - 43_200_000);
    const after = offsetAt(wall + 43_200_000);
    const found = [...new Set([before, after])]
      .map((o) => wall - o * 60_000)
      .filter((t) => offsetAt(t) * 60_000 === wall - t)
      .sort((p, q) => p - q);
    // A day whose midnight the clocks skip starts where they land.
    if (m[4] === undefined) return [found[0] ?? wall - before * 60_000];
    return found;
  }
  return undefined;
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|([+-])(\d{2}):(\d{2}))$/i;

/**
 * The instant of an RFC 3339 timestamp, or NaN. By arithmetic, not by a date library: a year of
 * quarter hours is 70,000 cells, and this is the per-cell cost of reading them.
 */
function rfc3339(c: string): number {
  const m = RFC3339.exec(c);
  if (!m) return NaN;
  const [y, mo, d, h, mi, se] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as number[];
  const dim = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > dim || h! > 23 || mi! > 59 || se! > 59) return NaN;
  const oh = Number(m[10] ?? 0);
  const om = Number(m[11] ?? 0);
  if (oh > 23 || om > 59) return NaN;
  const frac = m[7] ? Math.floor(Number(m[7]) * 1000) : 0;
  const offset = (m[9] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, se!, frac) - offset;
}

/**
 * A time cell. With an offset (RFC 3339, `T` or a space): that instant. Without one: a wall
 * time in the zone, answered as every instant it names (two in the autumn repeat hour), or the
 * reason it names none (the spring gap).
 */
export const timeCell = (zone: string, offsetAt: (t: number) => number) =>
  z.string().transform((cell, ctx): number[] => {
    const c = cell.trim();
    if (c === '' || c.length > 40) {
      ctx.addIssue({ code: 'custom', message: c === '' ? 'is empty' : 'is too long for a timestamp' });
      return z.NEVER;
    }
    if (OFFSET.test(c)) {
      const t = rfc3339(c);
      if (Number.isNaN(t)) {
        ctx.addIssue({ code: 'custom', message: 'is not an RFC 3339 timestamp' });
        return z.NEVER;
      }
      return [t];
    }
    const found = localInstants(c, offsetAt);
    if (!found) {
      ctx.addIssue({ code: 'custom', message: 'is not a timestamp (RFC 3339, or a local yyyy-MM-dd HH:mm)' });
      return z.NEVER;
    }
    if (found.length === 0) {
      ctx.addIssue({ code: 'custom', message: `is a local time that does not exist in ${zone} (clocks go forward)` });
      return z.NEVER;
    }
    return found;
  });

/** An ISO 8601 duration of at least a minute and at most 31 days. */
export const IntervalOption = z.string().transform((s, ctx) => {
  const d = Duration.fromISO(s.trim().toUpperCase());
  const ms = d.isValid ? d.as('milliseconds') : NaN;
  if (!(ms >= 60_000 && ms <= 31 * 86_400_000)) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 duration from PT1M to P31D, e.g. PT15M' });
    return z.NEVER;
  }
  return d;
});

/** The instant of a time cell: of two (the autumn repeat hour), the first not before `after`. */
export function pick(instants: number[], after: number): number {
  return instants.find((t) => t >= after) ?? instants[0]!;
}

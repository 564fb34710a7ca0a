import { DateTime } from 'luxon';

/** An electric car charged every night (docs/batteries.md). */
export interface CarParams {
  powerKw: number;
  kwhPerDay: number;
  /** Local times `HH:mm:ss`; `readyBy` is the next day when it is not later than `plugIn`. */
  plugIn: string;
  readyBy: string;
  strategy: 'CHEAPEST' | 'ON_ARRIVAL';
}

/** Price intervals, ascending and not overlapping, epoch ms; per kWh. */
export interface PriceLine {
  starts: Float64Array;
  ends: Float64Array;
  price: Float64Array;
}

export interface CarPlan {
  starts: Float64Array;
  ends: Float64Array;
  kwh: Float64Array;
}

const HOUR = 3_600_000;

function secondsOf(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

function localAt(day: DateTime, seconds: number): number {
  return day
    .set({ hour: Math.floor(seconds / 3600), minute: Math.floor((seconds % 3600) / 60), second: seconds % 60 })
    .toMillis();
}

/** The session's pieces: the price intervals clipped to `[a, b)`, in time order. */
function piecesOf(a: number, b: number, line: PriceLine): { start: number; end: number; price: number }[] {
  const out: { start: number; end: number; price: number }[] = [];
  let t = a;
  for (let i = 0; i < line.starts.length && t < b; i++) {
    if (line.ends[i]! <= t) continue;
    const s = Math.max(t, line.starts[i]!);
    const e = Math.min(b, line.ends[i]!);
    // Time no interval covers is unpriced: it still charges, priced last.
    if (s > t) out.push({ start: t, end: s, price: Number.POSITIVE_INFINITY });
    if (e > s) out.push({ start: s, end: e, price: line.price[i]! });
    t = Math.max(t, e);
  }
  if (t < b) out.push({ start: t, end: b, price: Number.POSITIVE_INFINITY });
  return out;
}

/**
 * Each local day of `[from, to)` the car plugs in at `plugIn` and needs `kwhPerDay` by
 * `readyBy`. CHEAPEST fills the night's cheapest pieces first (earliest among equal prices), at
 * most `powerKw`, the last piece partly; ON_ARRIVAL charges at full power from plug-in until the
 * need is met. `line` should reach past `to` so the last night is planned whole; only energy
 * inside `[from, to)` is returned, cut at `to`.
 */
export function planCar(car: CarParams, zone: string, from: number, to: number, line: PriceLine): CarPlan {
  const plug = secondsOf(car.plugIn);
  const ready = secondsOf(car.readyBy);
  const out: { start: number; end: number; kwh: number }[] = [];
  let day = DateTime.fromMillis(from, { zone }).startOf('day');
  for (; day.toMillis() < to; day = day.plus({ days: 1 }).startOf('day')) {
    const a = localAt(day, plug);
    if (a < from || a >= to) continue;
    const b = ready > plug ? localAt(day, ready) : localAt(day.plus({ days: 1 }), ready);
    if (!(b > a) || car.kwhPerDay <= 0) continue;
    let need = car.kwhPerDay;
    const pieces = piecesOf(a, b, line);
    const order =
      car.strategy === 'ON_ARRIVAL' ? pieces : [...pieces].sort((x, y) => x.price - y.price || x.start - y.start);
    for (const p of order) {
      if (need <= 1e-12) break;
      const full = (car.powerKw * (p.end - p.start)) / HOUR;
      if (full <= 0) continue;
      if (full <= need) {
        out.push({ start: p.start, end: p.end, kwh: full });
        need -= full;
      } else if (car.strategy === 'ON_ARRIVAL') {
        // Full power until the need is met: the piece ends early.
        const end = p.start + (need / car.powerKw) * HOUR;
        out.push({ start: p.start, end, kwh: need });
        need = 0;
      } else {
        out.push({ start: p.start, end: p.end, kwh: need });
        need = 0;
      }
    }
  }
  out.sort((x, y) => x.start - y.start);
  // Only the window's part is billed.
  const kept = out
    .map((p) => {
      if (p.end <= to) return p;
      if (p.start >= to) return undefined;
      return { start: p.start, end: to, kwh: (p.kwh * (to - p.start)) / (p.end - p.start) };
    })
    .filter((p): p is { start: number; end: number; kwh: number } => p !== undefined);
  return {
    starts: Float64Array.from(kept, (p) => p.start),
    ends: Float64Array.from(kept, (p) => p.end),
    kwh: Float64Array.from(kept, (p) => p.kwh),
  };
}

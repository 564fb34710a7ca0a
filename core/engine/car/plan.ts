// An electric car's nightly charging (issue 45): energy per interval, in the location's local time.
import { DateTime } from 'luxon';

export interface CarParams {
  powerKw: number;
  kwhPerDay: number;
  /** 'HH:mm:ss', local. */
  plugIn: string;
  /** 'HH:mm:ss', local; the next day when it is not later than plugIn. */
  readyBy: string;
  strategy: 'CHEAPEST' | 'ON_ARRIVAL';
}

export interface CarPlan {
  starts: Float64Array;
  ends: Float64Array;
  kwh: Float64Array;
}

const HOUR = 3_600_000;

/** The night's pieces: [plug, ready) cut at every price interval; unpriced time is priced Infinity (used last). */
function pieces(plug: number, ready: number, price: { starts: Float64Array; ends: Float64Array; price: Float64Array }) {
  const out: { start: number; end: number; price: number }[] = [];
  let at = plug;
  // Price intervals are in time order: find the first ending after plug.
  let lo = 0;
  let hi = price.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (price.ends[mid]! <= plug) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < price.starts.length && at < ready; i++) {
    const s = Math.max(price.starts[i]!, plug);
    const e = Math.min(price.ends[i]!, ready);
    if (e <= at) continue;
    if (s > at) out.push({ start: at, end: Math.min(s, ready), price: Infinity });
    if (s >= ready) break;
    out.push({ start: Math.max(s, at), end: e, price: price.price[i]! });
    at = e;
  }
  if (at < ready) out.push({ start: at, end: ready, price: Infinity });
  return out;
}

export function planCar(
  car: CarParams,
  zone: string,
  from: number,
  to: number,
  price: { starts: Float64Array; ends: Float64Array; price: Float64Array },
): CarPlan {
  const starts: number[] = [];
  const ends: number[] = [];
  const kwh: number[] = [];
  const push = (s: number, e: number, k: number) => {
    // Only the part inside [from, to), at the piece's constant rate.
    const cs = Math.max(s, from);
    const ce = Math.min(e, to);
    if (ce <= cs || k <= 0) return;
    starts.push(cs);
    ends.push(ce);
    kwh.push((k * (ce - cs)) / (e - s));
  };
  const nextDay = car.readyBy <= car.plugIn;
  // The night plugged in the day before the window may still run into it.
  let day = DateTime.fromMillis(from, { zone }).startOf('day').minus({ days: 1 });
  const last = DateTime.fromMillis(to, { zone }).startOf('day');
  for (; day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    const plug = DateTime.fromISO(`${date}T${car.plugIn}`, { zone }).toMillis();
    const readyDate = nextDay ? day.plus({ days: 1 }).toISODate()! : date;
    const ready = DateTime.fromISO(`${readyDate}T${car.readyBy}`, { zone }).toMillis();
    if (!(ready > plug) || plug >= to || ready <= from) continue;
    const ps = pieces(plug, ready, price);
    let need = car.kwhPerDay;
    const chosen: { start: number; end: number; kwh: number }[] = [];
    if (car.strategy === 'ON_ARRIVAL') {
      for (const p of ps) {
        if (need <= 1e-12) break;
        const cap = (car.powerKw * (p.end - p.start)) / HOUR;
        if (cap <= need) {
          chosen.push({ start: p.start, end: p.end, kwh: cap });
          need -= cap;
        } else {
          // Full power until the need is met, then off.
          chosen.push({ start: p.start, end: p.start + (need / car.powerKw) * HOUR, kwh: need });
          need = 0;
        }
      }
    } else {
      const order = ps.slice().sort((a, b) => a.price - b.price || a.start - b.start);
      for (const p of order) {
        if (need <= 1e-12) break;
        const k = Math.min(need, (car.powerKw * (p.end - p.start)) / HOUR);
        chosen.push({ start: p.start, end: p.end, kwh: k });
        need -= k;
      }
      chosen.sort((a, b) => a.start - b.start);
    }
    for (const c of chosen) push(c.start, c.end, c.kwh);
  }
  return { starts: Float64Array.from(starts), ends: Float64Array.from(ends), kwh: Float64Array.from(kwh) };
}

import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { planCar, type CarParams } from '../../core/engine/car/plan.js';

const LONDON = 'Europe/London';
const H = 3_600_000;
const at = (iso: string) => DateTime.fromISO(iso, { zone: LONDON }).toMillis();

/** Hourly prices over [from, to): `price(local hour)`. */
function line(from: number, to: number, price: (hour: number) => number) {
  const starts: number[] = [];
  const ends: number[] = [];
  const values: number[] = [];
  for (let t = from; t < to; t += H) {
    starts.push(t);
    ends.push(t + H);
    values.push(price(DateTime.fromMillis(t, { zone: LONDON }).hour));
  }
  return { starts: Float64Array.from(starts), ends: Float64Array.from(ends), price: Float64Array.from(values) };
}

const car: CarParams = { powerKw: 7, kwhPerDay: 17.5, plugIn: '18:00:00', readyBy: '07:00:00', strategy: 'CHEAPEST' };
// Octopus-like: 0.07 from 00:30... here whole hours: 0.07 from 01:00 to 05:00, 0.30 otherwise.
const cheapNight = (hour: number) => (hour >= 1 && hour < 5 ? 0.07 : 0.3);

describe('a car’s night', () => {
  it('CHEAPEST fills the cheap hours earliest first, the last one partly; ON_ARRIVAL runs from plug-in at full power', () => {
    const from = at('2026-06-10T00:00:00');
    const to = at('2026-06-11T00:00:00');
    const prices = line(from, to + 2 * 86_400_000, cheapNight);
    const cheap = planCar(car, LONDON, from, to + 86_400_000, prices);
    // The night of the 10th: 17.5 kWh at 7 kW is 2.5 h: 01:00–02:00, 02:00–03:00 full, 03:00–04:00 half.
    const first = Array.from(cheap.starts, (s, i) => [
      DateTime.fromMillis(s, { zone: LONDON }).toFormat('dd HH:mm'),
      cheap.kwh[i],
    ]);
    expect(first.slice(0, 3)).toEqual([
      ['11 01:00', 7],
      ['11 02:00', 7],
      ['11 03:00', 3.5],
    ]);
    const arrival = planCar({ ...car, strategy: 'ON_ARRIVAL' }, LONDON, from, to, prices);
    // 18:00–20:00 full, then 20:00–20:30: pieces cut at the hours.
    expect(Array.from(arrival.kwh)).toEqual([7, 7, 3.5]);
    expect(arrival.starts[0]).toBe(at('2026-06-10T18:00:00'));
    expect(arrival.ends[2]).toBe(at('2026-06-10T20:30:00'));
  });

  it('on the night the clocks go back the night is an hour longer, in local time', () => {
    // 25 October 2026: 02:00 BST becomes 01:00 GMT.
    const from = at('2026-10-24T00:00:00');
    const to = at('2026-10-26T00:00:00');
    const prices = line(from, to + 2 * 86_400_000, () => 0.2);
    const plan = planCar(
      { ...car, kwhPerDay: 7 * 14, strategy: 'ON_ARRIVAL' },
      LONDON,
      from,
      at('2026-10-25T12:00:00'),
      prices,
    );
    // Plugged in 18:00 BST on the 24th, ready 07:00 GMT on the 25th: 14 hours of charging, 98 kWh.
    const total = plan.kwh.reduce((s, v) => s + v, 0);
    expect(total).toBeCloseTo(98, 9);
    expect(plan.ends[plan.ends.length - 1]).toBe(at('2026-10-25T07:00:00'));
    expect(at('2026-10-25T07:00:00') - at('2026-10-24T18:00:00')).toBe(14 * H);
  });

  it('a night plugged in before the window is not the window’s; energy after the window’s end is not returned', () => {
    const from = at('2026-06-10T00:00:00');
    const to = at('2026-06-11T00:00:00');
    const prices = line(from - 86_400_000, to + 2 * 86_400_000, cheapNight);
    const plan = planCar(car, LONDON, from, to, prices);
    // The night of the 9th would charge 01:00–03:30 on the 10th: not counted. The 10th's night charges after the end.
    expect(plan.kwh.length).toBe(0);
    const arrival = planCar({ ...car, strategy: 'ON_ARRIVAL' }, LONDON, from, to, prices);
    expect(arrival.kwh.reduce((s, v) => s + v, 0)).toBeCloseTo(17.5, 9);
    // A plan cut at the window's end keeps only its share.
    const cut = planCar({ ...car, strategy: 'ON_ARRIVAL' }, LONDON, from, at('2026-06-10T19:30:00'), prices);
    expect(cut.kwh.reduce((s, v) => s + v, 0)).toBeCloseTo(10.5, 9);
  });
});

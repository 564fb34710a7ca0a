// `npm run bench battery`: the battery engine over a year, beside the plain-LP floor, then whole
// bills with a battery through a served host, where they run in the worker pool. Prints; asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import highsLoader from 'highs';
import { spawnServe } from '../host/cli.js';
import { berlinAddress } from '../helpers.js';
import { session } from './common.js';
import { request } from './lib.js';
import { exportTariff, importTariff, METERING, yearOfQuarters } from './bills.js';
import {
  dispatchBattery,
  loadSolver,
  type BatteryParams,
  type DispatchProblem,
} from '../../core/engine/battery/index.js';

const YEAR_HOURS = 8760;

export function problem(cellsPerHour: number): DispatchProblem {
  const n = YEAR_HOURS * cellsPerHour;
  const h = 1 / cellsPerHour;
  const hours = new Float64Array(n).fill(h);
  const usage = new Float64Array(n);
  const gen = new Float64Array(n);
  const imp = new Float64Array(n);
  const exp = new Float64Array(n).fill(0.05);
  for (let k = 0; k < n; k++) {
    const hour = Math.floor(k / cellsPerHour) % 24;
    const day = Math.floor(k / cellsPerHour / 24);
    usage[k] = (0.4 + (hour >= 17 && hour < 21 ? 1.2 : 0) + 0.1 * Math.sin(k)) * h;
    const sun = Math.max(0, Math.sin(((hour - 6) / 12) * Math.PI)) * (0.6 + 0.4 * Math.cos((day / 365) * 2 * Math.PI));
    gen[k] = 3 * sun * h;
    imp[k] = hour < 7 ? 0.12 : hour >= 16 && hour < 19 ? 0.45 : 0.28;
  }
  // Time-of-use demand per 30-day month: a peak period 16:00–19:00 and the rest.
  const demand: NonNullable<DispatchProblem['demand']> = [];
  const perMonth = 30 * 24 * cellsPerHour;
  for (let m = 0; m * perMonth < n; m++) {
    const peak: number[] = [];
    const off: number[] = [];
    for (let k = m * perMonth; k < Math.min(n, (m + 1) * perMonth); k++) {
      const hour = Math.floor(k / cellsPerHour) % 24;
      (hour >= 16 && hour < 19 ? peak : off).push(k);
    }
    demand.push({ cells: Int32Array.from(peak), blocks: [{ toKw: null, price: 12 }] });
    demand.push({ cells: Int32Array.from(off), blocks: [{ toKw: null, price: 4 }] });
  }
  return { hours, usageKwh: usage, generationKwh: gen, importPrice: imp, exportPrice: exp, demand };
}

export const battery: BatteryParams = {
  capacityKwh: 13.5,
  powerKw: 5,
  roundTripEfficiency: 0.9,
  reserveKwh: 0,
  initialKwh: 0,
  finalKwh: 0,
  gridCharging: true,
  export: false,
  strategy: 'OPTIMAL',
};

function ms(f: () => void, times = 1): number {
  const t = performance.now();
  for (let i = 0; i < times; i++) f();
  return (performance.now() - t) / times;
}

/** The floor: the year's energy-only model as one plain LP text, solved once by highs. */
async function plainFloor(p: DispatchProblem): Promise<number> {
  const highs = await highsLoader();
  const n = p.hours.length;
  const rt = Math.sqrt(battery.roundTripEfficiency);
  const t0 = performance.now();
  const obj: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  for (let k = 0; k < n; k++) {
    obj.push(`${p.importPrice[k]} i${k} - ${p.exportPrice[k]} e${k}`);
    rows.push(`b${k}: i${k} - e${k} - c${k} + d${k} = ${p.usageKwh[k]! - p.generationKwh[k]!}`);
    rows.push(`s${k}: q${k} ${k ? `- q${k - 1} ` : ''}- ${rt} c${k} + ${1 / rt} d${k} = ${k ? 0 : battery.initialKwh}`);
    const cap = battery.powerKw * p.hours[k]!;
    bounds.push(`0 <= c${k} <= ${cap}`, `0 <= d${k} <= ${cap}`, `0 <= q${k} <= ${battery.capacityKwh}`);
  }
  const lp = `Minimize\n obj: ${obj.join(' + ')}\nSubject To\n ${rows.join('\n ')}\nBounds\n ${bounds.join('\n ')}\nEnd\n`;
  highs.solve(lp);
  return performance.now() - t0;
}

/** The bench's year of quarter hours summed to hours. */
function hoursOf(quarters: { start_time: string; end_time: string; kwh: number }[]) {
  const out: typeof quarters = [];
  for (let i = 0; i + 3 < quarters.length; i += 4) {
    const kwh = quarters.slice(i, i + 4).reduce((a, q) => a + q.kwh, 0);
    out.push({ start_time: quarters[i]!.start_time, end_time: quarters[i + 3]!.end_time, kwh: Number(kwh.toFixed(4)) });
  }
  return out;
}

/**
 * A year's bill with a 13.5 kWh battery (OPTIMAL) on time-of-day energy with flat and
 * time-of-use demand charges, through `serve` (the pool at its default size): hours, quarter
 * hours, and hours with 3 alternatives, each one dispatched on its own tariffs.
 */
async function throughApi(): Promise<void> {
  const host = await spawnServe(mkdtempSync(join(tmpdir(), 'td-battery-')), ['--no-demo']);
  try {
    const s = await session(host.info);
    const loc = (await s.json('POST', '/locations', { postal_address: berlinAddress })).id as string;
    await s.json('POST', '/tariffs', { location_id: loc, ...importTariff(0.34, 0.22, 'Day and night') });
    await s.json('POST', '/tariffs', { location_id: loc, ...exportTariff });
    const quarters = yearOfQuarters();
    const body = (q: boolean, alternatives = 0) =>
      JSON.stringify({
        start_time: '2026-01-01T00:00:00+01:00',
        end_time: '2027-01-01T00:00:00+01:00',
        metering: METERING,
        usage: { intervals: q ? quarters.usage : hoursOf(quarters.usage) },
        generation: { intervals: q ? quarters.generation : hoursOf(quarters.generation) },
        battery: { capacity_kwh: 13.5, power_kw: 5 },
        ...(alternatives
          ? {
              alternatives: Array.from({ length: alternatives }, (_, i) => [
                importTariff(0.3 + i / 100, 0.18, `Alternative ${i + 1}`),
                exportTariff,
              ]),
            }
          : {}),
      });
    const timed = async (name: string, text: string, target: string) => {
      const t = performance.now();
      const r = await request(`${s.api}/bills/${loc}`, 'POST', s.auth, text);
      const ms = performance.now() - t;
      const saving = r.status === 200 ? (JSON.parse(r.text) as { battery: { saving: number } }).battery.saving : NaN;
      console.log(`${name}: ${ms.toFixed(0)} ms (${target}), status ${r.status}, saving ${saving.toFixed(2)}`);
      return ms;
    };
    await timed('warm-up, a year of hours', body(false), 'not counted');
    const one = await timed('bill through the pool, a year of hours', body(false), 'the engine at most 1000');
    await timed('bill through the pool, a year of quarter hours', body(true), 'the engine at most 5000');
    const three = await timed(
      'bill through the pool, a year of hours, 3 alternatives',
      body(false, 3),
      'at most 2.5 × one',
    );
    console.log(`3 alternatives / one: ${(three / one).toFixed(2)} (target 2.5)`);
  } finally {
    host.child.kill('SIGTERM');
    await host.exited;
  }
}

export async function benchBattery(): Promise<void> {
  const solver = await loadSolver();
  const hourly = problem(1);
  const quarter = problem(4);
  const energyOnly = { ...hourly, demand: [] };
  console.log(`plain LP floor, a year of hours, energy only, one solve: ${(await plainFloor(hourly)).toFixed(0)} ms`);
  console.log(
    `OPTIMAL, a year of hours, energy only: ${ms(() => dispatchBattery(energyOnly, battery, solver)).toFixed(0)} ms`,
  );
  console.log(
    `OPTIMAL, a year of hours with time-of-use demand: ${ms(() => dispatchBattery(hourly, battery, solver)).toFixed(0)} ms (target 1000)`,
  );
  console.log(
    `OPTIMAL, a year of quarter hours with time-of-use demand: ${ms(() => dispatchBattery(quarter, battery, solver)).toFixed(0)} ms (target 5000)`,
  );
  const self = { ...battery, strategy: 'SELF_CONSUMPTION' as const };
  dispatchBattery(quarter, self, undefined);
  console.log(
    `SELF_CONSUMPTION, a year of quarter hours: ${ms(() => dispatchBattery(quarter, self, undefined), 10).toFixed(1)} ms (target 20)`,
  );
  await throughApi();
}

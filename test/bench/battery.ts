// `npm run bench battery`: the battery engine over a year, beside the plain-LP floor. Prints; asserts nothing.
import highsLoader from 'highs';
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
}

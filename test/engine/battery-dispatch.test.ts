import { beforeAll, describe, expect, it } from 'vitest';
import {
  dispatchBattery,
  loadSolver,
  type BatteryParams,
  type DispatchProblem,
  type LpSolver,
  WarmStart,
} from '../../core/engine/battery/index.js';
import highsLoader from 'highs';
import { dispatchCost } from '../../core/engine/battery/index.js';
import { infeasibility, referenceCost, referenceLpCost } from './battery-reference.js';

const F = (a: number[]) => Float64Array.from(a);
let solver: LpSolver;
let highs: Awaited<ReturnType<typeof highsLoader>>;
beforeAll(async () => {
  solver = await loadSolver();
  highs = await highsLoader();
});

const battery = (o: Partial<BatteryParams> = {}): BatteryParams => ({
  capacityKwh: 10,
  powerKw: 5,
  roundTripEfficiency: 0.81,
  reserveKwh: 0,
  initialKwh: 0,
  finalKwh: 0,
  gridCharging: true,
  export: false,
  strategy: 'OPTIMAL',
  ...o,
});

/** A seeded generator (mulberry32), so every case is the same on every run. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Three hours at rising prices, the dearest with the most usage: the 3-hour arbitrage. */
const threeHours = (): DispatchProblem => ({
  hours: F([1, 1, 1]),
  usageKwh: F([1, 1, 5]),
  generationKwh: F([0, 0, 0]),
  importPrice: F([0.1, 0.2, 0.5]),
  exportPrice: F([0, 0, 0]),
});

describe('battery dispatch, worked cases', () => {
  it('3-hour arbitrage: charges in the cheap hours, discharges in the dear one', () => {
    const p = threeHours();
    const r = dispatchBattery(p, battery(), solver);
    // 5 kWh out needs 5/0.9 stored, 5/0.81 in: 5 in the cheapest hour, the rest in the next.
    expect(r.charge[0]).toBeCloseTo(5, 6);
    expect(r.charge[1]).toBeCloseTo(5 / 0.81 - 5, 6);
    expect(r.discharge[2]).toBeCloseTo(5, 6);
    expect(r.cost).toBeCloseTo(6 * 0.1 + (1 + 5 / 0.81 - 5) * 0.2, 6);
    expect(infeasibility(p, battery(), r)).toBeNull();
  });

  it('5-hour arbitrage with a full battery cycle at rt 1', () => {
    const b = battery({ roundTripEfficiency: 1, capacityKwh: 4, powerKw: 2 });
    const p: DispatchProblem = {
      hours: F([1, 1, 1, 1, 1]),
      usageKwh: F([1, 1, 1, 2, 2]),
      generationKwh: F([0, 0, 0, 0, 0]),
      importPrice: F([0.3, 0.1, 0.1, 0.4, 0.4]),
      exportPrice: F([0, 0, 0, 0, 0]),
    };
    const r = dispatchBattery(p, b, solver);
    expect(Array.from(r.charge).map((x) => +x.toFixed(6))).toEqual([0, 2, 2, 0, 0]);
    expect(Array.from(r.discharge).map((x) => +x.toFixed(6))).toEqual([0, 0, 0, 2, 2]);
    expect(r.cost).toBeCloseTo(0.9, 6);
  });

  it('a flat price leaves the battery idle', () => {
    const p: DispatchProblem = {
      hours: F([1, 1, 1, 1]),
      usageKwh: F([1, 3, 0, 2]),
      generationKwh: F([0, 0, 4, 0]),
      importPrice: F([0.2, 0.2, 0.2, 0.2]),
      exportPrice: F([0.2, 0.2, 0.2, 0.2]),
    };
    const r = dispatchBattery(p, battery({ roundTripEfficiency: 1, export: true }), solver);
    expect(Array.from(r.charge).every((x) => x === 0)).toBe(true);
    expect(Array.from(r.discharge).every((x) => x === 0)).toBe(true);
  });

  it('SELF_CONSUMPTION over a day by hand', () => {
    const b = battery({
      strategy: 'SELF_CONSUMPTION',
      capacityKwh: 5,
      powerKw: 2,
      roundTripEfficiency: 0.64,
      reserveKwh: 1,
      initialKwh: 1,
    });
    // k = 0.8. Surplus 3 (power caps at 2 → +1.6), surplus 3 (room 2.4/0.8 = 3, power 2 → +1.6),
    // deficit 1 (d 1 → -1.25), deficit 4 (d min(4, 2, (2.95-1)*0.8 = 1.56) → to reserve).
    const p: DispatchProblem = {
      hours: F([1, 1, 1, 1]),
      usageKwh: F([0, 0, 1, 4]),
      generationKwh: F([3, 3, 0, 0]),
      importPrice: F([0.3, 0.3, 0.3, 0.3]),
      exportPrice: F([0.05, 0.05, 0.05, 0.05]),
    };
    const r = dispatchBattery(p, b, undefined);
    expect(Array.from(r.charge).map((x) => +x.toFixed(9))).toEqual([2, 2, 0, 0]);
    expect(Array.from(r.discharge).map((x) => +x.toFixed(9))).toEqual([0, 0, 1, 1.56]);
    expect(Array.from(r.soc).map((x) => +x.toFixed(9))).toEqual([2.6, 4.2, 2.95, 1]);
    expect(Array.from(r.exportKwh).map((x) => +x.toFixed(9))).toEqual([1, 1, 0, 0]);
    expect(infeasibility(p, b, r)).toBeNull();
  });

  it('a demand peak is shaved', () => {
    const p: DispatchProblem = {
      hours: F([1, 1, 1, 1]),
      usageKwh: F([2, 2, 8, 2]),
      generationKwh: F([0, 0, 0, 0]),
      importPrice: F([0.1, 0.1, 0.1, 0.1]),
      exportPrice: F([0, 0, 0, 0]),
      demand: [{ cells: Int32Array.from([0, 1, 2, 3]), blocks: [{ toKw: null, price: 10 }] }],
    };
    const b = battery({ roundTripEfficiency: 1, capacityKwh: 10, powerKw: 5 });
    const r = dispatchBattery(p, b, solver);
    // Starting empty: charge 2 in each of the first hours, discharge 4 at the peak: 4 kW.
    expect(Math.max(...r.importKwh)).toBeCloseTo(4, 6);
    expect(r.cost).toBeCloseTo(14 * 0.1 + 40, 6);
  });
});

function randomCase(rand: () => number, n: number, kind: string): { p: DispatchProblem; b: BatteryParams } {
  const pick = (a: number[]) => a[Math.floor(rand() * a.length)]!;
  const usage = Array.from({ length: n }, () => pick([0, 1, 2, 3]));
  const gen = Array.from({ length: n }, () => (kind === 'flat' ? 0 : pick([0, 0, 1, 3])));
  const imp = Array.from({ length: n }, () =>
    kind === 'flat' ? 0.2 : kind === 'negative' ? pick([-0.1, 0.1, 0.3]) : pick([0.1, 0.2, 0.4]),
  );
  const exp = imp.map((x) =>
    kind === 'export' ? x + pick([-0.1, 0.1]) : kind === 'negative' ? pick([-0.05, 0.02]) : x / 2,
  );
  const p: DispatchProblem = {
    hours: F(Array(n).fill(1)),
    usageKwh: F(usage),
    generationKwh: F(gen),
    importPrice: F(imp),
    exportPrice: F(exp),
  };
  const b = battery({
    roundTripEfficiency: 1,
    capacityKwh: 4,
    powerKw: 2,
    reserveKwh: pick([0, 1]),
    gridCharging: rand() < 0.7,
    export: rand() < 0.5,
  });
  b.initialKwh = b.reserveKwh;
  b.finalKwh = b.reserveKwh;
  return { p, b };
}

describe('a warm start: alternatives plan the same cells on their own prices', () => {
  it('each starts from the last basis and still reaches the reference optimum, feasible', () => {
    const rand = rng(41);
    const { p, b } = randomCase(rand, 8, 'tou');
    const warm = new WarmStart();
    for (let i = 0; i < 6; i++) {
      // The same cells, usage and battery; only the prices change, as between a bill's tariffs.
      const priced: DispatchProblem = {
        ...p,
        importPrice: F(Array.from(p.importPrice, () => [0.1, 0.2, 0.4][Math.floor(rand() * 3)]!)),
      };
      priced.exportPrice = F(Array.from(priced.importPrice, (x) => x / 2));
      const r = dispatchBattery(priced, b, solver, warm);
      expect(infeasibility(priced, b, r)).toBeNull();
      expect(r.cost).toBeCloseTo(referenceCost(priced, b, 0.5), 6);
      expect(r.cost).toBeCloseTo(dispatchBattery(priced, b, solver).cost, 9);
    }
    expect(warm.reused).toBe(5);
  });

  it('a programme of another shape, or other coefficients, starts from nothing', () => {
    const warm = new WarmStart();
    dispatchBattery(threeHours(), battery(), solver, warm);
    // Another efficiency changes the coefficients (√rt) of the same cells: no reuse.
    dispatchBattery(threeHours(), battery({ roundTripEfficiency: 0.9 }), solver, warm);
    expect(warm.reused).toBe(0);
    const longer = { ...threeHours(), hours: F([1, 1, 1, 1]) };
    for (const k of ['usageKwh', 'generationKwh', 'importPrice', 'exportPrice'] as const)
      longer[k] = F([...threeHours()[k], 0.1]);
    const r = dispatchBattery(longer, battery(), solver, warm);
    expect(warm.reused).toBe(0);
    expect(infeasibility(longer, battery(), r)).toBeNull();
    // The same shape again: reused.
    dispatchBattery({ ...longer, importPrice: F([0.3, 0.1, 0.2, 0.5]) }, battery(), solver, warm);
    expect(warm.reused).toBe(1);
  });
});

describe('battery dispatch against the reference', () => {
  const kinds = ['flat', 'tou', 'export', 'negative'];
  for (const kind of kinds) {
    it(`seeded random ${kind} cases: same optimum as the DP, feasible`, () => {
      const rand = rng(kinds.indexOf(kind) + 1);
      for (let i = 0; i < 12; i++) {
        const { p, b } = randomCase(rand, 6, kind);
        const r = dispatchBattery(p, b, solver);
        expect(infeasibility(p, b, r)).toBeNull();
        // At rt 1 with whole kWh every vertex is on the 0.5 kWh grid.
        expect(r.cost).toBeCloseTo(referenceCost(p, b, 0.5), 6);
        const s = dispatchBattery(p, { ...b, strategy: 'SELF_CONSUMPTION' }, undefined);
        expect(infeasibility(p, { ...b, strategy: 'SELF_CONSUMPTION' }, s)).toBeNull();
      }
    });
  }

  it('at rt 0.81 never costs more than the DP on a fine grid, and not much less', () => {
    const rand = rng(99);
    for (let i = 0; i < 6; i++) {
      const { p, b } = randomCase(rand, 5, 'tou');
      b.roundTripEfficiency = 0.81;
      const r = dispatchBattery(p, b, solver);
      expect(infeasibility(p, b, r)).toBeNull();
      const ref = referenceCost(p, b, 0.05);
      expect(r.cost).toBeLessThanOrEqual(ref + 1e-7);
      expect(ref - r.cost).toBeLessThan(0.05);
    }
  });

  it('15-minute cells of the same energy cost the same as hourly cells at flat power', () => {
    const rand = rng(7);
    const { p, b } = randomCase(rand, 6, 'tou');
    const q = (a: Float64Array, f: number) => F(Array.from(a).flatMap((x) => [x * f, x * f, x * f, x * f]));
    const p15: DispatchProblem = {
      hours: F(Array(24).fill(0.25)),
      usageKwh: q(p.usageKwh, 0.25),
      generationKwh: q(p.generationKwh, 0.25),
      importPrice: q(p.importPrice, 1),
      exportPrice: q(p.exportPrice, 1),
    };
    expect(dispatchBattery(p15, b, solver).cost).toBeCloseTo(dispatchBattery(p, b, solver).cost, 6);
  });

  it('the reference catches an engine that applies the efficiency once per cycle', () => {
    const p = threeHours();
    const b = battery();
    // The mutant: each direction at rt, not √rt.
    const mutant = dispatchBattery(p, { ...b, roundTripEfficiency: b.roundTripEfficiency ** 2 }, solver);
    expect(infeasibility(p, b, mutant)).not.toBeNull();
    expect(Math.abs(mutant.cost - referenceCost(p, b, 0.05))).toBeGreaterThan(0.01);
  });

  it('falling tier blocks are planned on the first price, with a warning', () => {
    const p: DispatchProblem = {
      hours: F([1, 1]),
      usageKwh: F([1, 1]),
      generationKwh: F([0, 0]),
      importPrice: F([0.2, 0.2]),
      exportPrice: F([0, 0]),
      tiers: [{ cells: Int32Array.from([0, 1]), blocks: [{ fromKwh: 1, delta: -0.1 }] }],
    };
    const r = dispatchBattery(p, battery(), solver);
    expect(r.warnings.join()).toMatch(/battery_tiers_falling/);
    expect(r.charge.every((x) => x === 0)).toBe(true);
  });
});

/**
 * A case with tiers and demand on cells of mixed lengths (a month's end, a clock change): two
 * "months" of cells, each with its tiers and a flat demand group, and a time-of-use peak group.
 */
function chargedCase(rand: () => number): { p: DispatchProblem; b: BatteryParams } {
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)]!;
  const n = 16 + Math.floor(rand() * 16);
  const hours = F(Array.from({ length: n }, () => pick([0.25, 0.5, 1, 1, 1])));
  const imp = Array.from({ length: n }, () => pick([0.1, 0.15, 0.3, 0.45]));
  const p: DispatchProblem = {
    hours,
    usageKwh: F(Array.from(hours, (h) => h * pick([0, 0.5, 1, 2, 4]))),
    generationKwh: F(Array.from(hours, (h) => h * pick([0, 0, 0, 1, 3]))),
    importPrice: F(imp),
    exportPrice: F(imp.map((x) => x * pick([0, 0.3, 0.8]))),
  };
  const half = Math.floor(n / 2);
  const months = [Array.from({ length: half }, (_, t) => t), Array.from({ length: n - half }, (_, t) => half + t)];
  const rising = (count: number, from: () => number, step: () => number) => {
    let at = 0;
    return Array.from({ length: count }, () => ({ at: (at += from()), step: step() }));
  };
  p.tiers = months.map((cells) => ({
    cells: Int32Array.from(cells),
    blocks: rising(
      pick([0, 1, 2]),
      () => pick([2, 5, 10]),
      () => pick([0.05, 0.1]),
    ).map((x) => ({
      fromKwh: x.at,
      delta: x.step,
    })),
  }));
  const kwBlocks = () => {
    const bs = rising(
      pick([1, 2]),
      () => pick([1, 2, 3]),
      () => pick([2, 5]),
    );
    let price = 0;
    return bs.map((x, i) => ({ toKw: i === bs.length - 1 ? null : x.at, price: (price += x.step) }));
  };
  p.demand = [
    ...months.map((cells) => ({ cells: Int32Array.from(cells), blocks: kwBlocks() })),
    { cells: Int32Array.from(months.flat().filter(() => rand() < 0.3)), blocks: kwBlocks() },
  ];
  const capacityKwh = pick([4, 8, 13.5]);
  const reserveKwh = pick([0, 1]);
  const b = battery({
    capacityKwh,
    powerKw: pick([2, 5]),
    roundTripEfficiency: pick([0.81, 0.9, 1]),
    reserveKwh,
    initialKwh: reserveKwh + rand() * (capacityKwh - reserveKwh),
    finalKwh: reserveKwh + rand() * (capacityKwh - reserveKwh) * 0.5,
    gridCharging: rand() < 0.7,
    export: rand() < 0.5,
  });
  return { p, b };
}

describe('battery dispatch with tiers and demand, against a second formulation', () => {
  it('the second formulation agrees with the state-of-charge search where both apply', () => {
    const rand = rng(7);
    for (let i = 0; i < 10; i++) {
      const { p, b } = randomCase(rand, 6, 'tou');
      expect(referenceLpCost(highs, p, b)).toBeCloseTo(referenceCost(p, b, 0.5), 6);
    }
  });

  it('seeded random cases with tiers, flat and time-of-use demand, cells of mixed lengths: same optimum, feasible', () => {
    const rand = rng(2026);
    for (let i = 0; i < 40; i++) {
      const { p, b } = chargedCase(rand);
      const r = dispatchBattery(p, b, solver);
      expect(infeasibility(p, b, r), `case ${i}`).toBeNull();
      expect(r.cost, `case ${i}`).toBeCloseTo(dispatchCost(p, r.importKwh, r.exportKwh), 9);
      const best = referenceLpCost(highs, p, b);
      // The engine's tie-break costs at most THROUGHPUT_COST a kWh moved; nothing beats the optimum.
      const moved = r.charge.reduce((a, x) => a + x, 0) + r.discharge.reduce((a, x) => a + x, 0);
      expect(r.cost, `case ${i}`).toBeGreaterThanOrEqual(best - 1e-7);
      expect(r.cost - best, `case ${i}`).toBeLessThanOrEqual(2e-6 * moved + 1e-7);
    }
  });

  it('the second formulation catches an engine that plans every demand block at the first price, or forgets the peak group', () => {
    const rand = rng(99);
    let blocks = 0;
    let peak = 0;
    for (let i = 0; i < 20; i++) {
      const { p, b } = chargedCase(rand);
      const best = referenceLpCost(highs, p, b);
      // Each mutant's plan, billed on the true charges, against the true optimum.
      const worse = (mutant: DispatchProblem) => {
        const planned = dispatchBattery(mutant, b, solver);
        return dispatchCost(p, planned.importKwh, planned.exportKwh) - best > 1e-4;
      };
      const firstPrice = p.demand!.map((g) => ({
        cells: g.cells,
        blocks: [{ toKw: null, price: g.blocks[0]!.price }],
      }));
      if (worse({ ...p, demand: firstPrice })) blocks++;
      if (worse({ ...p, demand: p.demand!.slice(0, 2) })) peak++;
    }
    expect(blocks).toBeGreaterThan(0);
    expect(peak).toBeGreaterThan(5);
  });
});

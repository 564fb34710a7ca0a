import { computeBill, type BillResult } from '../../core/engine/billing/bill.js';
import { compileComponent } from '../../core/engine/pricing/compile.js';
import type { UsageSeries } from '../../core/engine/pricing/cost.js';
import type { PricingComponent } from '../../core/engine/pricing/types.js';
import type { Charges } from '../../core/engine/schemas/charges.js';
import type { Metering } from '../../core/engine/schemas/bill.js';
import { referenceBill, type Mutation, type RefMonth, type Row } from './bill-reference.js';

/** What the bill tests share: a case, the engine's bill of it, its differences from the reference, a worked case. */
export const MIN = 60_000;
export const H = 60 * MIN;

export function series(rows: Row[]): UsageSeries {
  return {
    starts: Float64Array.from(rows, (r) => r.start),
    ends: Float64Array.from(rows, (r) => r.end),
    microKwh: Float64Array.from(rows, (r) => Math.round(r.kwh * 1e6)),
  };
}

export interface Case {
  zone: string;
  from: number;
  to: number;
  usage: Row[];
  generation: Row[];
  metering: Metering;
  imports: PricingComponent[];
  exports: PricingComponent[];
  label: string;
}

export function engineBill(c: Case): BillResult {
  return computeBill({
    zone: c.zone,
    from: c.from,
    to: c.to,
    usage: series(c.usage),
    generation: c.generation.length ? series(c.generation) : undefined,
    metering: c.metering,
    imports: c.imports.map((t) => compileComponent(t, c.zone)),
    exports: c.exports.map((t) => compileComponent(t, c.zone)),
  });
}

/** Where the engine's bill and the reference's differ beyond rounding, as readable lines. */
export function differences(c: Case, mutation?: Mutation): string[] {
  const e = engineBill(c);
  const r = referenceBill(c.zone, c.from, c.to, c.usage, c.generation, c.metering, c.imports, c.exports, {
    mutation,
  });
  const nem = c.metering.mode === 'NET_METERING';
  const out: string[] = [];
  const money: [keyof RefMonth, keyof BillResult['months'][number]][] = [
    ['energy', 'energy'],
    ['fixed', 'fixed'],
    ['demand', 'demandCharge'],
    ['minimum', 'minimum'],
    ['credit', 'credit'],
    ['applied', 'applied'],
    ['carried', 'carried'],
    ['trueUp', 'trueUp'],
    ['total', 'total'],
  ];
  const energy: [keyof RefMonth, keyof BillResult['months'][number]][] = [
    ['importKwh', 'importMicroKwh'],
    ['exportKwh', 'exportMicroKwh'],
    ['unpricedKwh', 'unpricedMicroKwh'],
  ];
  r.months.forEach((rm, i) => {
    const em = e.months[i]!;
    for (const [a, b] of money)
      if (Math.abs((em[b] as number) / 1e6 - rm[a]) > 5e-3)
        out.push(`${c.label} month ${i} ${a}: engine ${(em[b] as number) / 1e6} reference ${rm[a]}`);
    if (nem)
      for (const [a, b] of [
        ['bankedKwh', 'bankedMicroKwh'],
        ['surplusKwh', 'surplusMicroKwh'],
      ] as const)
        if (Math.abs(em[b] / 1e6 - rm[a]) > 1e-3)
          out.push(`${c.label} month ${i} ${a}: engine ${em[b] / 1e6} reference ${rm[a]}`);
    for (const [a, b] of energy)
      if (Math.abs((em[b] as number) / 1e6 - rm[a]) > 1e-3)
        out.push(`${c.label} month ${i} ${a}: engine ${(em[b] as number) / 1e6} reference ${rm[a]}`);
    if (Math.abs(em.peakKw - rm.peakKw) > 1e-3)
      out.push(`${c.label} month ${i} peakKw: engine ${em.peakKw} reference ${rm.peakKw}`);
  });
  if (Math.abs(e.total / 1e6 - r.total) > 2e-2)
    out.push(`${c.label} total: engine ${e.total / 1e6} reference ${r.total}`);
  return out;
}

/** Two UTC months (June and July 2026), a flat import price, 1 kWh every hour, and solar 3 kWh/h 10:00–14:00. */
export function worked(opts: {
  metering: Metering;
  charges?: Charges;
  importPrice?: number;
  exportPrice?: number;
  solar?: boolean;
}): Case {
  const zone = 'UTC';
  const from = Date.UTC(2026, 5, 1);
  const to = Date.UTC(2026, 7, 1);
  const usage: Row[] = [];
  const generation: Row[] = [];
  for (let t = from; t < to; t += H) {
    usage.push({ start: t, end: t + H, kwh: 1 });
    const h = new Date(t).getUTCHours();
    // June has solar, July none: credit earned in June is carried into July.
    if ((opts.solar ?? true) && t < Date.UTC(2026, 6, 1) && h >= 10 && h < 14)
      generation.push({ start: t, end: t + H, kwh: 3 });
  }
  const contract = { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' };
  const flat = (p: number) => [
    {
      days_and_hours: [
        { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: p }] }] },
      ],
    },
  ];
  return {
    zone,
    from,
    to,
    usage,
    generation,
    metering: opts.metering,
    imports: [
      {
        id: 'trf_i',
        type: 'COMMODITY',
        direction: 'IMPORT',
        market_rates: false,
        ...contract,
        schedule: flat(opts.importPrice ?? 0.3),
        charges: opts.charges,
      },
    ],
    exports:
      opts.exportPrice === undefined
        ? []
        : [
            {
              id: 'trf_e',
              type: 'COMMODITY',
              direction: 'EXPORT',
              market_rates: false,
              ...contract,
              schedule: flat(opts.exportPrice),
            },
          ],
    label: 'worked',
  };
}

export const money = (micro: number) => Math.round(micro) / 1e6;

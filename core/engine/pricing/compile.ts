import type { Schedule, Rate } from '../schemas/schedule.js';
import { bandSpan, DAY_SECONDS } from '../schedule/names.js';
import { contractInstant } from '../schedule/contract.js';
import { selectorOf, selects, specificity, type DayKey, type DaySelector } from '../schedule/precedence.js';
import type { PricingComponent, ProfileSegment } from './types.js';

/** One band ready for matching: its day filters, span and precedence (pricing rules 2 and 3). */
interface CompiledBand {
  sel: DaySelector;
  from: number;
  /** May exceed 86400: the part past midnight belongs to the next day. */
  to: number;
  rate: Rate[];
  /** Higher wins: named dates over named days over All, then named months, then array order. */
  rank: number;
}

export interface CompiledComponent {
  source: PricingComponent;
  direction: NonNullable<PricingComponent['direction']>;
  market: boolean;
  /** Active on `[start, end)` epoch ms (rule 5). */
  start: number;
  end: number;
  /** The day's band runs covering `[0, 86400)` local seconds, gaps included. */
  profile(day: DayKey, prev: DayKey): ProfileSegment[];
}

export type { DayKey };

function compileBands(schedule: Schedule | undefined): CompiledBand[] {
  const bands: CompiledBand[] = [];
  if (!schedule) return bands;
  let order = 0;
  const total = schedule.reduce((n, e) => n + e.days_and_hours.reduce((m, d) => m + d.hours.length, 0), 0);
  schedule.forEach((entry) => {
    for (const item of entry.days_and_hours) {
      const sel = selectorOf(entry, item.days);
      for (const h of item.hours) {
        const span = bandSpan(h.valid_from, h.valid_to);
        if (!span) continue;
        const rank = specificity(sel) * (total + 1) + (total - order++);
        bands.push({ sel, from: span.from, to: span.to, rate: h.rate, rank });
      }
    }
  });
  return bands;
}

const matches = (b: CompiledBand, d: DayKey) => selects(b.sel, d);

/** Builds one day's profile: today's bands and yesterday's bands that wrap past midnight. */
function buildProfile(bands: CompiledBand[], day: DayKey, prev: DayKey): ProfileSegment[] {
  const parts: { from: number; to: number; band: CompiledBand }[] = [];
  for (const b of bands) {
    if (matches(b, day)) parts.push({ from: b.from, to: Math.min(b.to, DAY_SECONDS), band: b });
    if (b.to > DAY_SECONDS && matches(b, prev)) parts.push({ from: 0, to: b.to - DAY_SECONDS, band: b });
  }
  const edges = new Set<number>([0, DAY_SECONDS]);
  for (const p of parts) {
    edges.add(p.from);
    edges.add(p.to);
  }
  const cuts = [...edges].sort((a, b) => a - b);
  const out: ProfileSegment[] = [];
  for (let i = 0; i < cuts.length - 1; i++) {
    const a = cuts[i]!,
      b = cuts[i + 1]!;
    let best: CompiledBand | null = null;
    for (const p of parts) if (p.from <= a && p.to >= b && (!best || p.band.rank > best.rank)) best = p.band;
    const rate = best ? best.rate : null;
    const last = out[out.length - 1];
    if (last && last.rate === rate) last.to = b;
    else out.push({ from: a, to: b, rate });
  }
  return out;
}

/**
 * Compiles a tariff once: schedule names parsed, bands ranked, contract bounds resolved in the
 * location's zone, and day profiles memoised by the calendar facts they depend on.
 */
export function compileComponent(c: PricingComponent, zone: string): CompiledComponent {
  const bands = compileBands(c.schedule);
  const usesDates = bands.some((b) => b.sel.dates);
  const usesMonths = bands.some((b) => b.sel.months);
  const memo = new Map<number, ProfileSegment[]>();
  // Market tariffs without a schedule price the market all day with no surcharge.
  const wholeDay: ProfileSegment[] = [{ from: 0, to: DAY_SECONDS, rate: c.market_rates && !c.schedule ? [{}] : null }];
  return {
    source: c,
    direction: c.direction ?? 'IMPORT',
    market: c.market_rates,
    start: contractInstant(c.contract_start_date, zone),
    end: contractInstant(c.contract_end_date, zone),
    profile(day, prev) {
      if (bands.length === 0) return wholeDay;
      const key =
        ((usesMonths ? day.month : 0) * 32 + (usesDates ? day.day : 0)) * 8 +
        day.weekday +
        (((usesMonths ? prev.month : 0) * 32 + (usesDates ? prev.day : 0)) * 8 + prev.weekday) * 4096;
      let p = memo.get(key);
      if (!p) {
        p = buildProfile(bands, day, prev);
        memo.set(key, p);
      }
      return p;
    },
  };
}

import { DateTime } from 'luxon';
import type { PricingComponent } from '../../core/engine/pricing/types.js';
import type { DemandTier } from '../../core/engine/schemas/charges.js';
import type { Metering } from '../../core/engine/schemas/bill.js';
import type { Schedule } from '../../core/engine/schemas/schedule.js';
import { parseMonth } from '../../core/engine/schedule/names.js';
import { contractInstant } from '../../core/engine/schedule/contract.js';
import { referenceRates, referenceTierValue, type ReferenceRate } from './reference.js';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

export interface Row {
  start: number;
  end: number;
  kwh: number;
}

/** One month of the reference bill, money in major units (unrounded). */
export interface RefMonth {
  importKwh: number;
  exportKwh: number;
  unpricedKwh: number;
  unpricedExportKwh: number;
  peakKw: number;
  energy: number;
  fixed: number;
  demand: number;
  minimum: number;
  credit: number;
  applied: number;
  carried: number;
  trueUp: number;
  total: number;
  /** NET_METERING: banks summed at the month's end and the running surplus, kWh. */
  bankedKwh: number;
  surplusKwh: number;
}

/** Knobs a mutation test turns to show the comparison catches a wrong bill. */
export interface Mutation {
  /** Net usage and generation per month instead of per interval. */
  netPerMonth?: boolean;
  /** Let carried credit pay the monthly minimum. */
  creditPaysMinimum?: boolean;
  /** Bill each month's own flat peak, ignoring a demand ratchet. */
  noRatchet?: boolean;
  /** NET_METERING: leave each bank on its own price at the next month instead of moving it by the hour. */
  bankKeepsPrice?: boolean;
}

/** The energy of `rows` (sorted, on whole minutes) in the minute starting at `t`. */
class MinuteReader {
  private i = 0;
  constructor(private readonly rows: readonly Row[]) {}
  at(t: number): number {
    while (this.i < this.rows.length && this.rows[this.i]!.end <= t) this.i++;
    const r = this.rows[this.i];
    if (!r || r.start > t) return 0;
    return (r.kwh * MINUTE) / (r.end - r.start);
  }
}

/** Tiered pricing of one minute's energy with per-tariff counters (docs/costs.md, Tiers), as in the tier reference. */
function priceMinute(rates: ReferenceRate[], counters: Map<PricingComponent, number>, e: number) {
  const banded = rates.filter((r) => r.rate !== null);
  if (rates.length === 0 || banded.length < rates.length) {
    for (const r of banded) counters.set(r.component, (counters.get(r.component) ?? 0) + e);
    return { value: 0, unpriced: e };
  }
  let value = 0;
  let rem = e;
  while (rem > 1e-12) {
    let step = rem;
    let sum = 0;
    for (const r of rates) {
      const x = counters.get(r.component) ?? 0;
      const tiers = r.rate!;
      let i = 0;
      while (i < tiers.length - 1 && x >= tiers[i]!.to_kwh! - 1e-12) i++;
      if (i < tiers.length - 1) step = Math.min(step, tiers[i]!.to_kwh! - x);
      sum += referenceTierValue(r, i);
    }
    value += step * (Math.round(sum * 1e5) / 1e5);
    for (const r of rates) counters.set(r.component, (counters.get(r.component) ?? 0) + step);
    rem -= step;
  }
  return { value, unpriced: 0 };
}

/** kW priced by blocks, written out: each block's own kW at its own price. */
function blocks(kw: number, rate: readonly DemandTier[]): number {
  let sum = 0;
  for (let i = 0; i < rate.length; i++) {
    const lower = i === 0 ? 0 : rate[i - 1]!.to_kw!;
    const upper = rate[i]!.to_kw ?? Infinity;
    if (kw <= lower) break;
    sum += (Math.min(kw, upper) - lower) * rate[i]!.fixed;
  }
  return sum;
}

/** A tariff's demand schedule as a tariff whose band price is the period's number, for the slow rule reader. */
function periodsAsTariff(c: PricingComponent): PricingComponent | undefined {
  const d = c.charges?.demand;
  if (!d?.periods?.length) return undefined;
  const names = d.periods.map((p) => p.name);
  const schedule = (d.schedule ?? []).map((e) => ({
    months: e.months,
    days_and_hours: e.days_and_hours.map((x) => ({
      days: x.days,
      hours: x.hours.map((h) => ({
        valid_from: h.valid_from,
        valid_to: h.valid_to,
        rate: [{ fixed: names.indexOf(h.period) + 1 }],
      })),
    })),
  })) as Schedule;
  return { ...c, direction: 'IMPORT', market_rates: false, schedule, charges: undefined };
}

/**
 * The slow reference bill (docs/bills.md), minute by minute with plain loops: each minute takes
 * its share of the usage and generation intervals it lies in, nets them (NET_BILLING) or not,
 * prices the draw and credits the export by the slow price reference with tier counters per
 * local month, tracks each month's and each demand period's highest kW, then adds fixed,
 * demand and minimum charges and settles credits month by month.
 */
export function referenceBill(
  zone: string,
  from: number,
  to: number,
  usage: Row[],
  generation: Row[],
  metering: Metering,
  imports: PricingComponent[],
  exports: PricingComponent[],
  opts: { recorded?: boolean; mutation?: Mutation } = {},
): { total: number; months: RefMonth[] } {
  const mutation = opts.mutation ?? {};
  // Contract bounds as UTC instants: the same tariffs, read faster by the slow rule reader.
  const fixedBounds = (c: PricingComponent): PricingComponent => ({
    ...c,
    contract_start_date: new Date(contractInstant(c.contract_start_date, zone)).toISOString(),
    contract_end_date:
      c.contract_end_date === null ? null : new Date(contractInstant(c.contract_end_date, zone)).toISOString(),
  });
  imports = imports.map(fixedBounds);
  exports = exports.map(fixedBounds);
  const net = metering.mode !== 'BUY_ALL_SELL_ALL' && !opts.recorded;
  const nem = metering.mode === 'NET_METERING';
  const commodityExports = exports.filter((c) => c.type === 'COMMODITY');
  const monthStarts: number[] = [];
  for (let m = DateTime.fromMillis(from, { zone }); m.toMillis() < to; m = m.plus({ months: 1 }))
    monthStarts.push(m.toMillis());
  monthStarts.push(to);
  const months: RefMonth[] = monthStarts.slice(0, -1).map(() => ({
    importKwh: 0,
    exportKwh: 0,
    unpricedKwh: 0,
    unpricedExportKwh: 0,
    peakKw: 0,
    energy: 0,
    fixed: 0,
    demand: 0,
    minimum: 0,
    credit: 0,
    applied: 0,
    carried: 0,
    trueUp: 0,
    total: 0,
    bankedKwh: 0,
    surplusKwh: 0,
  }));
  // NET_METERING: per month, each price's net kWh, the tiers in force where it first came, and
  // the first local time of day (seconds) it held on a weekday and on a weekend day.
  interface RefPeriod {
    net: number;
    first: number;
    rates: ReferenceRate[];
    weekday: number;
    weekend: number;
  }
  const nemPeriods = months.map(() => new Map<number, RefPeriod>());
  let nemKey: number | undefined;
  // Highest kW per tariff and month: flat (key 'flat') and per period name.
  const peaks = imports.map(() => months.map(() => new Map<string, number>()));
  const periodTariffs = imports.map(periodsAsTariff);
  const periodOf = new Map<PricingComponent, number>();
  periodTariffs.forEach((p, k) => p && periodOf.set(p, k));
  const periodList = [...periodOf.keys()];
  const useR = new MinuteReader(usage);
  const genR = new MinuteReader(generation);
  const impCounters = new Map<PricingComponent, number>();
  const expCounters = new Map<PricingComponent, number>();
  // With the per-month netting mutation, a month's usage and generation are summed first.
  const monthUse = months.map(() => 0);
  const monthGen = months.map(() => 0);
  const contracts = imports.map(
    (c) => [contractInstant(c.contract_start_date, zone), contractInstant(c.contract_end_date, zone)] as const,
  );
  let mi = -1;
  let impRates: ReferenceRate[] = [];
  let expRates: ReferenceRate[] = [];
  let periodsNow: (string | undefined)[] = [];
  let inForce: boolean[] = [];
  for (let t = from; t < to; t += MINUTE) {
    if (t % QUARTER === 0 || mi < 0) {
      while (mi < months.length - 1 && t >= monthStarts[mi + 1]!) {
        mi++;
        impCounters.clear();
        expCounters.clear();
      }
      // The import tariffs and their demand periods read in one call: one instant, one set of rules.
      const all = referenceRates(t, zone, 'IMPORT', [...imports, ...periodList]);
      impRates = all.filter((r) => !periodOf.has(r.component));
      expRates = commodityExports.length ? referenceRates(t, zone, 'EXPORT', commodityExports) : [];
      inForce = imports.map((_c, k) => contracts[k]![0] <= t && t < contracts[k]![1]);
      periodsNow = imports.map(() => undefined);
      if (nem) {
        const pricedNow = impRates.length > 0 && impRates.every((r) => r.rate !== null);
        nemKey = pricedNow ? Math.round(impRates.reduce((s, r) => s + r.rate![0]!.fixed!, 0) * 1e5) : undefined;
        if (nemKey !== undefined) {
          const local = DateTime.fromMillis(t, { zone });
          const tod = local.hour * 3600 + local.minute * 60;
          let p = nemPeriods[mi]!.get(nemKey);
          if (!p)
            nemPeriods[mi]!.set(
              nemKey,
              (p = { net: 0, first: t, rates: impRates, weekday: Infinity, weekend: Infinity }),
            );
          if (local.weekday <= 5) p.weekday = Math.min(p.weekday, tod);
          else p.weekend = Math.min(p.weekend, tod);
        }
      }
      for (const r of all) {
        const k = periodOf.get(r.component);
        const n = r.rate?.[0]?.fixed ?? 0;
        if (k !== undefined && n > 0) periodsNow[k] = imports[k]!.charges!.demand!.periods![n - 1]!.name;
      }
    }
    const month = months[mi]!;
    const u = useR.at(t);
    const g = genR.at(t);
    // Generation below 0 is energy the system draws: usage.
    let draw = g < 0 ? u - g : u;
    let sent = g > 0 ? g : 0;
    if (nem) {
      if (nemKey !== undefined) nemPeriods[mi]!.get(nemKey)!.net += u - g;
      else if (u - g > 0) month.unpricedKwh += u - g;
      else {
        month.unpricedKwh += g - u;
        month.unpricedExportKwh += g - u;
      }
    }
    if (net && !mutation.netPerMonth) {
      draw = Math.max(0, u - g);
      sent = Math.max(0, g - u);
    }
    if (net && mutation.netPerMonth) {
      monthUse[mi]! += u;
      monthGen[mi]! += g;
      draw = u;
      sent = 0;
    }
    const kw = draw * 60;
    if (kw > month.peakKw) month.peakKw = kw;
    imports.forEach((_c, k) => {
      if (!inForce[k]) return;
      const m = peaks[k]![mi]!;
      m.set('flat', Math.max(m.get('flat') ?? 0, kw));
      const p = periodsNow[k];
      if (p !== undefined) m.set(p, Math.max(m.get(p) ?? 0, kw));
    });
    if (nem) {
      month.importKwh += draw;
      month.exportKwh += sent;
    } else if (draw > 0) {
      month.importKwh += draw;
      const p = priceMinute(impRates, impCounters, draw);
      month.energy += p.value;
      month.unpricedKwh += p.unpriced;
    }
    if (sent > 0 && !nem) {
      month.exportKwh += sent;
      const p = priceMinute(expRates, expCounters, sent);
      month.credit += p.value;
      month.unpricedKwh += p.unpriced;
      month.unpricedExportKwh += p.unpriced;
    }
  }
  if (net && mutation.netPerMonth)
    months.forEach((m, i) => {
      // The wrong way: the month's surplus is credited at its average import price.
      const surplus = Math.max(0, monthGen[i]! - monthUse[i]!);
      const avg = m.importKwh > 0 ? m.energy / m.importKwh : 0;
      m.energy = Math.max(0, monthUse[i]! - monthGen[i]!) * avg;
      m.credit = surplus * avg;
    });
  if (nem) settleNetMetering(zone, monthStarts, months, nemPeriods, metering, mutation);
  // Charges of the tariffs in force each month.
  const minMonth: number[] = [];
  const minYear: number[] = [];
  months.forEach((m, i) => {
    const a = monthStarts[i]!;
    const b = monthStarts[i + 1]!;
    const monthNo = DateTime.fromMillis(a, { zone }).month;
    let mm = 0;
    let my = 0;
    imports.forEach((c, k) => {
      const cs = contractInstant(c.contract_start_date, zone);
      const ce = contractInstant(c.contract_end_date, zone);
      if (!(cs < b && ce > a)) return;
      const ch = c.charges;
      if (!ch) return;
      for (const f of ch.fixed ?? []) {
        if (f.per === 'MONTH') m.fixed += f.amount;
        else
          for (let d = DateTime.fromMillis(a, { zone }); d.toMillis() < b; d = d.plus({ days: 1 }))
            if (d.toMillis() >= cs && d.toMillis() < ce) m.fixed += f.amount;
      }
      for (const min of ch.minimum ? [ch.minimum].flat() : []) {
        if (min.per === 'MONTH') mm += min.amount;
        else my += min.amount;
      }
      const d = ch.demand;
      if (!d) return;
      const flat = (d.flat ?? []).find(
        (f) =>
          !f.months || f.months.some((n) => parseMonth(n) === 'all' || (parseMonth(n) as number[]).includes(monthNo)),
      );
      if (flat) {
        let kw = peaks[k]![i]!.get('flat') ?? 0;
        const r = d.ratchet;
        if (r && !mutation.noRatchet) {
          // The look-back months by the calendar: a month before the window is the window's own of that name.
          const billedMonth = DateTime.fromMillis(a, { zone });
          const names = r.months?.flatMap((x) => {
            const v = parseMonth(x);
            return v === 'all' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : (v ?? []);
          });
          const offsets = names
            ? Array.from({ length: 12 }, (_, n) => n)
            : Array.from({ length: r.range_months! }, (_, n) => n + 1);
          let highest = 0;
          for (const n of offsets) {
            const when = billedMonth.minus({ months: n });
            if (names && !names.includes(when.month)) continue;
            let j = monthStarts.indexOf(when.toMillis());
            if (j < 0 || j >= months.length)
              j = monthStarts.slice(0, -1).findIndex((t) => DateTime.fromMillis(t, { zone }).month === when.month);
            if (j >= 0) highest = Math.max(highest, peaks[k]![j]!.get('flat') ?? 0);
          }
          kw = Math.max(kw, (highest * r.percent) / 100);
        }
        m.demand += blocks(kw, flat.rate);
      }
      for (const p of d.periods ?? []) m.demand += blocks(peaks[k]![i]!.get(p.name) ?? 0, p.rate);
    });
    minMonth.push(mm);
    minYear.push(my);
  });
  // Settlement, month by month.
  const carriedMode = !nem && metering.credits === 'CARRIED';
  const yearEnd = carriedMode || nem ? metering.true_up_month : 12;
  let carry = 0;
  const pre: number[] = [];
  months.forEach((m, i) => {
    const charges = m.energy + m.fixed + m.demand;
    if (!carriedMode) m.total = charges - m.credit;
    else {
      let owed = charges;
      let own = m.credit;
      if (metering.credits_from === 'SAME_MONTH') {
        const use = Math.max(0, Math.min(owed, own));
        owed -= use;
        own -= use;
        m.applied += use;
      }
      const fromCarry = Math.max(0, Math.min(owed, carry));
      owed -= fromCarry;
      carry -= fromCarry;
      m.applied += fromCarry;
      carry += own;
      m.total = owed;
    }
    if (minMonth[i]! > 0 && m.total < minMonth[i]!) {
      let short = minMonth[i]! - m.total;
      if (mutation.creditPaysMinimum && carriedMode) {
        const paid = Math.min(short, carry);
        carry -= paid;
        short -= paid;
      }
      m.minimum = short;
      m.total += short;
    }
    pre.push(m.total);
    const monthNo = DateTime.fromMillis(monthStarts[i]!, { zone }).month;
    if (monthNo === yearEnd) {
      let sum = 0;
      for (let j = Math.max(0, i - 11); j <= i; j++) sum += pre[j]!;
      if (minYear[i]! > 0 && sum < minYear[i]!) {
        m.minimum += minYear[i]! - sum;
        m.total += minYear[i]! - sum;
      }
      if (carriedMode) {
        m.trueUp = carry;
        m.total -= carry;
        carry = 0;
      }
      if (nem) m.total -= m.trueUp;
    }
    m.carried = carry;
  });
  return { total: months.reduce((s, m) => s + m.total, 0), months };
}

/**
 * Net energy metering written out (docs/bills.md, NET_METERING): per month and price, the net
 * kWh offset by the bank; the rest priced tier by tier with counters of the month's billed kWh
 * (periods in the order they first came); surplus banked; banks moved at the month's end to the
 * price in force at the old period's first weekday time on the new month's first weekday; the
 * running surplus paid at the true-up.
 */
function settleNetMetering(
  zone: string,
  monthStarts: number[],
  months: RefMonth[],
  periods: Map<number, { net: number; first: number; rates: ReferenceRate[]; weekday: number; weekend: number }>[],
  metering: Metering,
  mutation: Mutation,
): void {
  let banks = new Map<number, number>();
  let surplus = 0;
  months.forEach((m, i) => {
    const list = [...periods[i]!.entries()].sort((a, b) => a[1].first - b[1].first);
    const counters = new Map<PricingComponent, number>();
    let monthNet = 0;
    for (const [key, p] of list) {
      monthNet += p.net;
      const billed = p.net - (banks.get(key) ?? 0);
      if (billed >= 0) {
        banks.delete(key);
        if (billed > 0) m.energy += priceMinute(p.rates, counters, billed).value;
      } else banks.set(key, -billed);
    }
    surplus = Math.max(0, surplus - monthNet);
    m.surplusKwh = surplus;
    m.bankedKwh = [...banks.values()].reduce((a, b) => a + b, 0);
    const monthNo = DateTime.fromMillis(monthStarts[i]!, { zone }).month;
    if (monthNo === metering.true_up_month) {
      m.trueUp = surplus * (metering.true_up_rate ?? 0);
      surplus = 0;
      banks = new Map();
      return;
    }
    if (i + 1 >= months.length) return;
    const moved = new Map<number, number>();
    for (const [key, kwh] of banks) {
      const p = periods[i]!.get(key);
      let target = key;
      if (p && !mutation.bankKeepsPrice) {
        const weekday = p.weekday < Infinity;
        const tod = weekday ? p.weekday : p.weekend;
        let d = DateTime.fromMillis(monthStarts[i + 1]!, { zone });
        while (d.weekday <= 5 !== weekday) d = d.plus({ days: 1 });
        const at = d.set({ hour: Math.floor(tod / 3600), minute: Math.floor((tod % 3600) / 60) }).toMillis();
        const rates = referenceRates(at, zone, 'IMPORT', [...p.rates.map((r) => r.component)]);
        if (rates.length && rates.every((r) => r.rate !== null))
          target = Math.round(rates.reduce((s, r) => s + r.rate![0]!.fixed!, 0) * 1e5);
      }
      moved.set(target, (moved.get(target) ?? 0) + kwh);
    }
    banks = moved;
  });
}

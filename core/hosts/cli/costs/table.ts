import { DateTime } from 'luxon';
import { decimalsOf, localTime, table } from '../format.js';
import type { Cost } from '../../../engine/schemas/cost.js';

/** A period's label in the location's zone: its day, its month, or the whole window. */
function periodLabel(p: { start_time: string; end_time: string }, groupBy: string, zone: string): string {
  const a = DateTime.fromISO(p.start_time, { zone });
  if (groupBy === 'month') return a.toFormat('yyyy-MM');
  if (groupBy === 'day') return a.toFormat('yyyy-MM-dd');
  return `${a.toFormat('yyyy-MM-dd HH:mm')} – ${localTime(p.end_time, zone)}`;
}

/**
 * The answer as a table: one row per period, a column per alternative (named by `altNames`),
 * then the totals and the cost by tariff, each named by `names` (tariff id, or a candidate's
 * place in the request). Amounts are rounded to the currency's decimals row by row and each
 * Total is the sum of its shown rows, as on a bill; a footnote gives the exact total when that
 * differs (the JSON keeps the exact values).
 */
export function costTable(
  cost: Cost,
  groupBy: string,
  zone: string,
  names: Map<string, string>,
  altNames: string[] = [],
): string {
  const cur = cost.currency_code;
  const dp = decimalsOf(cur);
  const scale = 10 ** dp;
  // Rounded as shown, half away from zero on the answer's 6 decimals, in whole minor units, so
  // the shown rows add up with no float drift (61.995 * 100 is 6199.4999… in floating point).
  const step = 10 ** Math.max(0, 6 - dp);
  const minor = (v: number) => {
    const m = Math.round(v * 1e6);
    return Math.sign(m) * Math.floor((Math.abs(m) + step / 2) / step);
  };
  const money = (units: number) => (units / scale).toFixed(dp);
  const kwh = (v: number) => v.toFixed(3);
  const alts = cost.alternatives ?? [];
  const altName = (k: number) => altNames[k] || `Alternative ${k + 1}`;
  const billTotal = (c: Omit<Cost, 'alternatives'>) => c.periods.reduce((t, p) => t + minor(p.value), 0);
  const head = ['Period', 'kWh', `Cost (${cur})`, ...alts.map((_, k) => `${altName(k)} (${cur})`)];
  const rows = cost.periods.map((p, i) => [
    periodLabel(p, groupBy, zone),
    kwh(p.kwh),
    money(minor(p.value)),
    ...alts.map((a) => (a.periods[i] ? money(minor(a.periods[i].value)) : '')),
  ]);
  const total = billTotal(cost);
  const altTotals = alts.map(billTotal);
  rows.push(['Total', kwh(cost.kwh), money(total), ...altTotals.map(money)]);
  const right = head.map((_, i) => i > 0);
  const exact = [cost, ...alts]
    .map((c, k) => ({ c, k, shown: k === 0 ? total : altTotals[k - 1]! }))
    .filter(({ c, shown }) => shown !== minor(c.value))
    .map(({ c, k }) => `${k === 0 ? 'Cost' : altName(k - 1)} ${c.value.toFixed(6)} ${cur}`);
  const priced = cost.kwh - cost.unpriced_kwh;
  const lines = [
    `Location ${cost.location_id}  ${cost.tariff_direction}  ${localTime(cost.start_time, zone)} – ${localTime(cost.end_time, zone)} ${zone}`,
    '',
    table(head, rows, right),
    ...(exact.length
      ? [
          `Each row is rounded to ${dp} decimals and the Total row is their sum, as on a bill; exact: ${exact.join(', ')} (--format json).`,
        ]
      : []),
    '',
    `Total ${money(total)} ${cur} for ${kwh(cost.kwh)} kWh` +
      (priced > 0
        ? ` (average ${(cost.value / priced).toFixed(5)} ${cur}/kWh${cost.unpriced_kwh > 0 ? ` over the ${kwh(priced)} priced kWh` : ''})`
        : ''),
    ...unpricedLine(cost, '', zone),
    ...tierLine(cost, '', zone),
    ...alts.flatMap((a, k) => [
      `${altName(k)}: ${money(altTotals[k]!)} ${cur} (${money(altTotals[k]! - total)} vs. current)`,
      ...unpricedLine(a, `${altName(k)}: `, zone),
      ...tierLine(a, `${altName(k)}: `, zone),
    ]),
    '',
    'By tariff:',
    table(
      ['Tariff', 'Type', `Cost (${cur})`, 'Id'],
      cost.components.map((c) => [
        names.get(c.tariff_id ?? '') ?? '',
        c.type,
        money(minor(c.value)),
        c.tariff_id ?? 'candidate',
      ]),
      [false, false, true, false],
    ),
  ];
  return lines.join('\n');
}

/** "N kWh between A and B have no tariff …": from the first to the last period holding such usage. */
function unpricedLine(c: Omit<Cost, 'alternatives'>, prefix: string, zone: string): string[] {
  if (!(c.unpriced_kwh > 0)) return [];
  const hit = c.periods.filter((p) => p.unpriced_kwh > 0);
  const a = hit[0]?.start_time ?? c.start_time;
  const b = hit[hit.length - 1]?.end_time ?? c.end_time;
  return [
    `${prefix}${c.unpriced_kwh.toFixed(3)} kWh between ${localTime(a, zone)} and ${localTime(b, zone)} have no known price (no tariff, or no band of one) and are left out of the cost`,
  ];
}

/** "N kWh billed above the first tier …", and where a window starting mid-month began counting. */
function tierLine(c: Omit<Cost, 'alternatives'>, prefix: string, zone: string): string[] {
  if (!(c.above_first_tier_kwh > 0)) return [];
  const from = c.periods[0]?.tier_count_from;
  return [
    `${prefix}${c.above_first_tier_kwh.toFixed(3)} kWh billed above the first tier` +
      (from ? ` (tiers counted from ${localTime(from, zone)}, the window's start, not the month's)` : ''),
  ];
}

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { DateTime, FixedOffsetZone } from 'luxon';
import { commandArgs, withCodes } from './args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { api } from '../../engine/api/index.js';
import type { ApiClient } from '../../engine/api/client.js';
import { parseWith } from '../../engine/api/validate.js';
import { Timestamp } from '../../engine/schemas/common.js';
import { COST_LIMITS, type Cost } from '../../engine/schemas/cost.js';
import { usageBody, UsageCsvError, type UsageInterval } from '../../engine/usage/csv.js';
import { readUsageCsv } from '../../node/usage/csv.js';

export const COSTS_USAGE = `Usage: tariff-desk costs LOCATION_ID --usage FILE.csv [options]
       tariff-desk costs LOCATION_ID --profile NAME --kwh-per-year N --from T --to T [options]
       tariff-desk costs session REF | costs interval ID   what stored meter records cost (costs session --help)

Prices usage at a location on a running host (POST /costs/{id}) and prints the cost per period
and in total, in the location's currency.

Usage, one of:
  --usage FILE            a meter CSV: start,end,kwh or timestamp,kwh rows (docs/costs.md)
  --interval PT15M        the length of each timestamp,kwh row (default: the most common step)
  --timestamp-marks end   a timestamp,kwh row's timestamp ends its interval (default: start)
  --profile NAME          a standard profile (GET /usage-profiles) ...
  --kwh-per-year N        ... scaled to N kWh a year

Options:
  --from T --to T         the window: RFC 3339, or a date (local midnight at the location);
                          default: the span of the usage file. Usage outside it is left out,
                          an interval across its edge counted pro rata. A file of more than
                          50,000 intervals is sent in several requests and put together
  --direction D           IMPORT (default), EXPORT or LOCAL
  --group-by G            periods: day (default), month or none
  --candidate FILE        a tariff (JSON, as POST /tariffs takes it without location_id, or an
                          array of them) priced in place of the stored ones of its type; repeatable
  --alternative FILE      a set of candidate tariffs (JSON array) priced beside; repeatable, up to 3
  --format F              table (default), json (the answer) or csv (one row per period)
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key
  --account ID --key KEY  credentials instead of the data folder's test key`;

const OPTIONS = {
  ...CLIENT_OPTIONS,
  usage: { type: 'string' },
  interval: { type: 'string' },
  'timestamp-marks': { type: 'string' },
  profile: { type: 'string' },
  'kwh-per-year': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  direction: { type: 'string' },
  'group-by': { type: 'string' },
  candidate: { type: 'string', multiple: true },
  alternative: { type: 'string', multiple: true },
  format: { type: 'string' },
} as const;

/** A window edge: RFC 3339 as given, or a bare date meaning local midnight in the location's zone. */
export function edge(text: string, zone: string, name: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const d = DateTime.fromISO(text, { zone });
    if (d.isValid) return d.toMillis();
  } else if (Timestamp.safeParse(text).success) return Date.parse(text);
  throw new Error(
    `--${name} must be an RFC 3339 date-time or a YYYY-MM-DD date, not ${JSON.stringify(text.slice(0, 40))}`,
  );
}

/** An instant as RFC 3339 in the location's offset at that instant. */
export const local = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true }) ?? new Date(ms).toISOString();

/** The intervals inside [from, to): those across an edge cut, their energy pro rata by time. */
export function clip(intervals: UsageInterval[], from: number, to: number): UsageInterval[] {
  const out: UsageInterval[] = [];
  for (const iv of intervals) {
    const a = Math.max(iv.start, from);
    const b = Math.min(iv.end, to);
    if (b <= a) continue;
    const whole = a === iv.start && b === iv.end;
    out.push({ start: a, end: b, kwh: whole ? iv.kwh : (iv.kwh * (b - a)) / (iv.end - iv.start) });
  }
  return out;
}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`${what} ${file}: ${(e as Error).message}`, { cause: e });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${what} ${file} is not JSON: ${(e as Error).message.slice(0, 120)}`, { cause: e });
  }
}

/** Decimals the currency is written with (2 for EUR, 0 for JPY). */
export function decimalsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An answer's time as the location's wall clock (the answer writes one fixed offset all through). */
export const localTime = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('yyyy-MM-dd HH:mm');

/** A period's label in the location's zone: its day, its month, or the whole window. */
function periodLabel(p: { start_time: string; end_time: string }, groupBy: string, zone: string): string {
  const a = DateTime.fromISO(p.start_time, { zone });
  if (groupBy === 'month') return a.toFormat('yyyy-MM');
  if (groupBy === 'day') return a.toFormat('yyyy-MM-dd');
  return `${a.toFormat('yyyy-MM-dd HH:mm')} – ${localTime(p.end_time, zone)}`;
}

export function table(head: string[], rows: string[][], right: boolean[]): string {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right[i] ? c.padStart(width[i]!) : c.padEnd(width[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), width.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
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

/** A period's name in a CSV row: its local month (2026-09) or day (2026-09-14), or its local dates. */
function periodKey(p: { start_time: string; end_time: string }, groupBy: string, zone: string): string {
  const a = DateTime.fromISO(p.start_time, { zone });
  if (groupBy === 'month') return a.toFormat('yyyy-MM');
  if (groupBy === 'day') return a.toFormat('yyyy-MM-dd');
  return `${a.toFormat('yyyy-MM-dd')}/${DateTime.fromISO(p.end_time, { zone }).toFormat('yyyy-MM-dd')}`;
}

/**
 * One CSV row per period, full precision:
 * period,start_time,end_time,kwh,unpriced_kwh,value,currency[,alternative_N]. Each period's times
 * are written in the location's offset at that instant, so a September row starts on 1 September
 * even when the window ends in winter time.
 */
export function costCsv(cost: Cost, groupBy: string, zone: string): string {
  const alts = cost.alternatives ?? [];
  const head = [
    'period',
    'start_time',
    'end_time',
    'kwh',
    'unpriced_kwh',
    'value',
    'currency',
    ...alts.map((_, k) => `alternative_${k + 1}`),
  ];
  const at = (iso: string) => local(Date.parse(iso), zone);
  const rows = cost.periods.map((p, i) =>
    [
      periodKey(p, groupBy, zone),
      at(p.start_time),
      at(p.end_time),
      p.kwh,
      p.unpriced_kwh,
      p.value,
      cost.currency_code,
      ...alts.map((a) => a.periods[i]?.value ?? ''),
    ].join(','),
  );
  return [head.join(','), ...rows].join('\n');
}

/**
 * Windows of at most `max` intervals each, covering [from, to) in order: cut where a period of
 * the answer starts (a local day or month), or at any interval's start when there is one period,
 * so that no period is priced in two requests.
 */
export function windowsOf(
  intervals: UsageInterval[],
  from: number,
  to: number,
  groupBy: string,
  zone: string,
  max: number,
): [number, number][] {
  const out: [number, number][] = [];
  let a = from;
  let i = 0;
  while (intervals.length - i > max) {
    // Cutting at or before this start leaves at most `max` intervals before the cut.
    const limit = intervals[i + max]!.start;
    // Cut at a local month's start where one fits: tiers count each month's energy from its
    // start, so a month priced in one request is priced as its bill. Only a month holding more
    // intervals than one request takes is cut inside (its tiers then count from the cut).
    const month = DateTime.fromMillis(limit, { zone }).startOf('month').toMillis();
    const b =
      month > a
        ? month
        : groupBy === 'none'
          ? limit
          : DateTime.fromMillis(limit, { zone })
              .startOf(groupBy === 'month' ? 'month' : 'day')
              .toMillis();
    if (b <= a)
      throw new Error(
        `one ${groupBy === 'month' ? 'month' : 'day'} of the file holds more than ${max} intervals, the most one request takes; use --group-by none`,
      );
    out.push([a, b]);
    a = b;
    while (i < intervals.length && intervals[i]!.end <= b) i++;
  }
  out.push([a, to]);
  return out;
}

type CostPart = Omit<Cost, 'alternatives'>;

/** Answers for consecutive windows as one: periods in order (one, summed, for `none`), totals and tariffs summed. */
export function mergeCosts(parts: Cost[], groupBy: string): Cost {
  if (parts.length === 1) return parts[0]!;
  // Each part is exact to the micro-unit; their sum is kept to the same 6 decimals.
  const sum = (xs: number[]) => Math.round(xs.reduce((t, x) => t + x, 0) * 1e6) / 1e6;
  const one = (cs: CostPart[]): CostPart => {
    const first = cs[0]!;
    const last = cs[cs.length - 1]!;
    const all = cs.flatMap((c) => c.periods);
    const periods =
      groupBy === 'none'
        ? [
            {
              start_time: all[0]!.start_time,
              end_time: all[all.length - 1]!.end_time,
              kwh: sum(all.map((p) => p.kwh)),
              unpriced_kwh: sum(all.map((p) => p.unpriced_kwh)),
              above_first_tier_kwh: sum(all.map((p) => p.above_first_tier_kwh)),
              ...(all[0]!.tier_count_from ? { tier_count_from: all[0]!.tier_count_from } : {}),
              value: sum(all.map((p) => p.value)),
            },
          ]
        : all;
    const components = new Map<string, CostPart['components'][number]>();
    for (const c of cs.flatMap((x) => x.components)) {
      const key = `${c.tariff_id ?? ''}|${c.type}`;
      const seen = components.get(key);
      components.set(key, seen ? { ...seen, value: sum([seen.value, c.value]) } : { ...c });
    }
    return {
      ...first,
      end_time: last.end_time,
      kwh: sum(cs.map((c) => c.kwh)),
      unpriced_kwh: sum(cs.map((c) => c.unpriced_kwh)),
      above_first_tier_kwh: sum(cs.map((c) => c.above_first_tier_kwh)),
      value: sum(cs.map((c) => c.value)),
      periods,
      components: [...components.values()],
    };
  };
  const merged: Cost = one(parts);
  const alts = parts[0]!.alternatives;
  if (alts) merged.alternatives = alts.map((_, k) => one(parts.map((p) => p.alternatives![k]!)));
  return merged;
}

const displayName = (c: unknown): string | undefined => {
  const name = (c as { display_name?: unknown } | null)?.display_name;
  return typeof name === 'string' && name.trim() ? name.trim() : undefined;
};

/** An alternative set's name: its tariffs' display names, else its file's name without `.json`. */
function setName(set: unknown[], file: string): string {
  const named = set.map(displayName).filter((n): n is string => n !== undefined);
  return named.length ? named.join(' + ') : basename(file).replace(/\.json$/i, '');
}

/** Display names by tariff id, and of the candidates by their place in the request (`candidates[0]`, `alternatives[1][0]`). */
async function tariffNames(
  client: ApiClient,
  locationId: string,
  candidates: unknown[],
  alternatives: unknown[][],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const list = await client.call('tariffs.list', { query: { location_id: locationId, limit: 100 } });
  for (const t of list.data) names.set(t.id, t.display_name ?? '');
  const add = (c: unknown, key: string) => {
    const name = displayName(c);
    if (name !== undefined) names.set(key, name);
  };
  candidates.forEach((c, k) => add(c, `candidates[${k}]`));
  alternatives.forEach((set, a) => set.forEach((c, k) => add(c, `alternatives[${a}][${k}]`)));
  return names;
}

/**
 * `tariff-desk costs LOCATION_ID …`: reads a meter CSV (or names a profile), asks the running
 * host what it costs (`POST /costs/{id}`) and prints it as a table, JSON or CSV.
 */
export async function costsCommand(args: string[], defaultDataDir: string): Promise<number> {
  // Reports of stored meter records: `costs session REF`, `costs interval ID`.
  const report = args[0];
  if (report === 'session' || report === 'interval')
    return withCodes(async () => (await import('./reports.js')).reportCommand(report, args.slice(1), defaultDataDir));
  return withCodes(() => costs(args, defaultDataDir));
}

async function costs(args: string[], defaultDataDir: string): Promise<number> {
  const parsed = commandArgs(args, OPTIONS, COSTS_USAGE, { min: 1, max: 1 });
  if (parsed.exit !== undefined) return parsed.exit;
  const { values: v, positionals } = parsed;
  const format = v.format ?? 'table';
  if (!['table', 'json', 'csv'].includes(format)) throw new Error('--format must be table, json or csv');
  if ((v.usage === undefined) === (v.profile === undefined))
    throw new Error('give the usage: --usage FILE.csv, or --profile NAME --kwh-per-year N');
  if (v['timestamp-marks'] !== undefined && !['start', 'end'].includes(v['timestamp-marks']))
    throw new Error('--timestamp-marks must be start or end');
  if (v.usage !== undefined && v['kwh-per-year'] !== undefined)
    throw new Error('--kwh-per-year goes with --profile; a usage file has its own energy');
  if (v.profile !== undefined && (v.interval !== undefined || v['timestamp-marks'] !== undefined))
    throw new Error('--interval and --timestamp-marks describe a usage file; a profile has its own shape');
  // Checked by the route's own schemas first, so a typo is named before any request.
  const params = parseWith(api['costs.retrieve'].params, { id: positionals[0] }, 'path');
  const client = await connectClient(clientOptionsOf(v, defaultDataDir));
  const location = await client.call('locations.retrieve', { params: { id: params.id } });
  const zone = location.timezone;

  let usage: UsageInterval[] | { profile: string | undefined; kwh_per_year: number | undefined };
  let from = v.from === undefined ? undefined : edge(v.from, zone, 'from');
  let to = v.to === undefined ? undefined : edge(v.to, zone, 'to');
  if (v.usage !== undefined) {
    let text: string;
    try {
      text = readFileSync(v.usage, 'utf8');
    } catch (e) {
      throw new Error(`usage file ${v.usage}: ${(e as Error).message}`, { cause: e });
    }
    let intervals: UsageInterval[];
    try {
      intervals = readUsageCsv(text, {
        zone,
        interval: v.interval,
        timestampMarks: v['timestamp-marks'] as 'start' | 'end' | undefined,
      }).intervals;
    } catch (e) {
      if (e instanceof UsageCsvError) throw new UsageCsvError(e.code, `${v.usage}: ${e.message}`, e.line, e.column);
      throw e;
    }
    from ??= intervals[0]!.start;
    to ??= intervals[intervals.length - 1]!.end;
    const inside = clip(intervals, from, to);
    if (inside.length === 0)
      throw new Error(
        `${v.usage} has no usage inside the window (the file runs ${local(intervals[0]!.start, zone)} – ${local(intervals[intervals.length - 1]!.end, zone)})`,
      );
    usage = inside;
  } else {
    if (from === undefined || to === undefined) throw new Error('a profile needs the window: --from T --to T');
    usage = {
      profile: v.profile,
      kwh_per_year: v['kwh-per-year'] === undefined ? undefined : Number(v['kwh-per-year']),
    };
  }
  const candidates = (v.candidate ?? []).flatMap((f) => {
    const j = readJson(f, 'candidate');
    return Array.isArray(j) ? j : [j];
  });
  const alternatives = (v.alternative ?? []).map((f) => {
    const j = readJson(f, 'alternative');
    return Array.isArray(j) ? j : [j];
  });
  const groupBy = v['group-by'] ?? 'day';
  // Every window's end in the form of the whole window's end: the answers write their times in it.
  const endOffset = DateTime.fromMillis(to, { zone }).offset;
  const inForm = (ms: number) =>
    DateTime.fromMillis(ms, { zone: FixedOffsetZone.instance(endOffset) }).toISO({ suppressMilliseconds: true })!;
  const request = (a: number, b: number) =>
    parseWith(
      api['costs.retrieve'].body,
      {
        // In the location's offset: the answer's times are written in the form of the window's.
        start_time: local(a, zone),
        end_time: inForm(b),
        tariff_direction: (v.direction ?? 'IMPORT').toUpperCase(),
        usage: Array.isArray(usage) ? { intervals: usageBody(clip(usage, a, b)) } : usage,
        group_by: groupBy,
        ...(candidates.length ? { candidates } : {}),
        ...(alternatives.length ? { alternatives } : {}),
      },
      'body',
    );
  // A file over the API's limit is priced a window at a time, one request each, and put together.
  const windows = Array.isArray(usage)
    ? windowsOf(usage, from, to, groupBy, zone, COST_LIMITS.maxIntervals)
    : [[from, to] as [number, number]];
  const parts: Cost[] = [];
  for (const [a, b] of windows) parts.push(await client.call('costs.retrieve', { params, body: request(a, b) }));
  const cost = mergeCosts(parts, groupBy);
  const out =
    format === 'json'
      ? JSON.stringify(cost, null, 2)
      : format === 'csv'
        ? costCsv(cost, groupBy, zone)
        : costTable(
            cost,
            groupBy,
            zone,
            await tariffNames(client, params.id, candidates, alternatives),
            alternatives.map((set, k) => setName(set, v.alternative![k]!)),
          );
  process.stdout.write(out + '\n');
  return 0;
}

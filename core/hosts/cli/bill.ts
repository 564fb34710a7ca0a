import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { commandArgs, withCodes } from './args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { decimalsOf, local, localTime, table } from './format.js';
import { edge } from './args.js';
import { clip } from './costs/windows.js';
import { api } from '../../engine/api/index.js';
import { parseWith } from '../../engine/api/validate.js';
import type { Bill } from '../../engine/schemas/bill.js';
import { usageBody, UsageCsvError, type UsageInterval } from '../../engine/usage/csv.js';
import { readUsageCsv } from '../../node/usage/csv.js';

export const BILL_USAGE = `Usage: tariff-desk bill LOCATION_ID --from MONTH --to MONTH [options]

The whole bill of a location over whole local months on a running host (POST /bills/{id}):
energy, fixed, demand and minimum charges, export credit, credit carried and the true-up, one
row per month and the total, in the location's currency. Without --usage it bills the
location's stored meter records (IMPORT drawn from the grid, EXPORT sent to it).

Options:
  --from M --to M         the window: local months as YYYY-MM (--to is exclusive: 2026-01 to
                          2027-01 is the year 2026), or RFC 3339 month starts; default with
                          --usage: the months the file covers
  --usage FILE            a meter CSV of energy used: start,end,kwh or timestamp,kwh rows
  --generation FILE       a meter CSV of energy generated on site (with --usage); rows may be
                          negative, the inverter's night draw as SAM and PVWatts write it
  --pv KWH_PER_YEAR       or a solar profile at the location, N kWh a year (with --usage)
  --interval PT15M        the length of each timestamp,kwh row (default: the most common step)
  --timestamp-marks end   a timestamp,kwh row's timestamp ends its interval (default: start)
  --metering M            NET_BILLING (default), NET_METERING or BUY_ALL_SELL_ALL (also --mode)
  --credits C             PAID_MONTHLY (default) or CARRIED (net billing and buy-all-sell-all)
  --credits-from F        SAME_MONTH (default) or NEXT_MONTH (with CARRIED)
  --true-up-month N       1–12, the month carried credit or the net metering surplus is paid out (default 12)
  --true-up-rate R        NET_METERING: what each surplus kWh left at the true-up is paid (default 0)
  --battery K=V,…         a home battery: capacity=KWH,power=KW[,efficiency=0.9][,reserve=%]
                          [,initial=%][,final=%][,export=true][,grid-charging=false][,device=dev_…]
  --strategy S            the battery's OPTIMAL (default) or SELF_CONSUMPTION
  --car K=V,…             an electric car: power=KW,kwh=KWH_PER_DAY,plug-in=18:00:00,ready-by=07:00:00
                          [,strategy=CHEAPEST|ON_ARRIVAL]
  --format F              table (default), json (the answer) or csv (one row per month)
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key
  --account ID --key KEY  credentials instead of the data folder's test key`;

const OPTIONS = {
  ...CLIENT_OPTIONS,
  usage: { type: 'string' },
  generation: { type: 'string' },
  pv: { type: 'string' },
  interval: { type: 'string' },
  'timestamp-marks': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  mode: { type: 'string' },
  metering: { type: 'string' },
  'true-up-rate': { type: 'string' },
  credits: { type: 'string' },
  'credits-from': { type: 'string' },
  'true-up-month': { type: 'string' },
  format: { type: 'string' },
  battery: { type: 'string' },
  strategy: { type: 'string' },
  car: { type: 'string' },
} as const;

/** `k=v,k=v` as an object; the request's schema checks the values. */
function pairs(text: string, option: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const i = part.indexOf('=');
    if (i <= 0) throw new Error(`--${option}: write key=value pairs separated by commas (got "${part}")`);
    out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const bool = (v: string | undefined) => (v === undefined ? undefined : v === 'true');
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const BATTERY_KEYS = [
  'capacity',
  'power',
  'efficiency',
  'reserve',
  'initial',
  'final',
  'export',
  'grid-charging',
  'device',
];
const CAR_KEYS = ['power', 'kwh', 'plug-in', 'ready-by', 'strategy'];

function known(p: Record<string, string>, keys: string[], option: string): Record<string, string> {
  const unknown = Object.keys(p).find((k) => !keys.includes(k));
  if (unknown) throw new Error(`--${option}: unknown key "${unknown}" (known: ${keys.join(', ')})`);
  return p;
}

/** `--battery` and `--strategy` as the request's battery. */
export function batteryOption(text: string, strategy: string | undefined): Record<string, unknown> {
  const p = known(pairs(text, 'battery'), BATTERY_KEYS, 'battery');
  return defined({
    capacity_kwh: num(p.capacity),
    power_kw: num(p.power),
    round_trip_efficiency: num(p.efficiency),
    reserve_percent: num(p.reserve),
    initial_soc_percent: num(p.initial),
    final_soc_percent: num(p.final),
    export: bool(p.export),
    grid_charging: bool(p['grid-charging']),
    device_id: p.device,
    strategy: strategy?.toUpperCase(),
  });
}

/** `--car` as the request's car. */
export function carOption(text: string): Record<string, unknown> {
  const p = known(pairs(text, 'car'), CAR_KEYS, 'car');
  return defined({
    power_kw: num(p.power),
    kwh_per_day: num(p.kwh),
    plug_in: p['plug-in'],
    ready_by: p['ready-by'],
    strategy: p.strategy?.toUpperCase(),
  });
}

/** A month edge: YYYY-MM as the local month's start, else as `costs` reads a window edge. */
function monthEdge(text: string, zone: string, name: string): number {
  if (/^\d{4}-\d{2}$/.test(text)) {
    const d = DateTime.fromISO(`${text}-01`, { zone });
    if (d.isValid) return d.toMillis();
  }
  return edge(text, zone, name);
}

const startOfMonth = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).startOf('month');

/** A meter CSV's intervals, its errors named with the file. */
function readCsv(
  file: string,
  zone: string,
  v: { interval?: string; marks?: string },
  negative = false,
): UsageInterval[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`usage file ${file}: ${(e as Error).message}`, { cause: e });
  }
  try {
    return readUsageCsv(text, {
      zone,
      interval: v.interval,
      timestampMarks: v.marks as 'start' | 'end' | undefined,
      negative,
    }).intervals;
  } catch (e) {
    if (e instanceof UsageCsvError) throw new UsageCsvError(e.code, `${file}: ${e.message}`, e.line, e.column);
    throw e;
  }
}

type Month = Bill['months'][number];

/** The money columns of a month, in the order a utility's bill lists them. */
const MONEY: [string, (m: Month) => number][] = [
  ['Energy', (m) => m.energy_charge],
  ['Fixed', (m) => m.fixed_charge],
  ['Demand', (m) => m.demand_charge],
  ['Minimum', (m) => m.minimum_charge],
  ['Export credit', (m) => m.export_credit],
  ['Credit applied', (m) => m.credit_applied],
  ['Credit carried', (m) => m.credit_carried],
  ['True-up', (m) => m.true_up],
  ['Total', (m) => m.total],
];

const CREDIT_COLUMNS = new Set(['Export credit', 'Credit applied', 'Credit carried']);

/**
 * The bill as a table: one row per local month, amounts rounded to the currency's decimals as
 * on a bill; the total line sums the rows (credit carried shows what is left at the end).
 * Credits are written as the answer gives them, positive; a line says how they make the total.
 */
export function billTable(bill: Bill, zone: string): string {
  const cur = bill.currency_code;
  const dp = decimalsOf(cur);
  const minor = (v: number) => Math.round(v * 10 ** dp);
  const money = (m: number) => (m / 10 ** dp).toFixed(dp);
  const nem = bill.metering.mode === 'NET_METERING';
  // Net metering settles kWh: its columns are the banks and the surplus, not money credit.
  const money_ = nem ? MONEY.filter(([h]) => !CREDIT_COLUMNS.has(h)) : MONEY;
  const head = [
    'Month',
    'Import kWh',
    'Export kWh',
    ...(nem ? ['Banked kWh', 'Surplus kWh'] : []),
    'Peak kW',
    'Peak at',
    ...money_.map(([h]) => h),
  ];
  const rows = bill.months.map((m) => [
    DateTime.fromISO(m.start_time, { zone }).toFormat('yyyy-MM'),
    m.import_kwh.toFixed(3),
    m.export_kwh.toFixed(3),
    ...(nem ? [(m.banked_kwh ?? 0).toFixed(3), (m.surplus_kwh ?? 0).toFixed(3)] : []),
    m.peak_kw.toFixed(3),
    m.peak_time ? localTime(m.peak_time, zone).slice(5) : '',
    ...money_.map(([, f]) => money(minor(f(m)))),
  ]);
  const sum = (f: (m: Month) => number) => bill.months.reduce((t, m) => t + f(m), 0);
  const last = bill.months[bill.months.length - 1];
  const peak = Math.max(0, ...bill.months.map((m) => m.peak_kw));
  rows.push([
    'Total',
    sum((m) => m.import_kwh).toFixed(3),
    sum((m) => m.export_kwh).toFixed(3),
    ...(nem ? [(last?.banked_kwh ?? 0).toFixed(3), (last?.surplus_kwh ?? 0).toFixed(3)] : []),
    peak.toFixed(3),
    '',
    ...money_.map(([h, f]) =>
      h === 'Credit carried'
        ? money(last ? minor(f(last)) : 0)
        : money(bill.months.reduce((t, m) => t + minor(f(m)), 0)),
    ),
  ]);
  const shown = bill.months.reduce((t, m) => t + minor(m.total), 0);
  const demand = bill.months.flatMap((m) =>
    m.demand
      .filter((d) => d.charge !== 0)
      .map(
        (d) =>
          `  ${DateTime.fromISO(m.start_time, { zone }).toFormat('yyyy-MM')}  ${d.period ?? 'flat'}: ${d.kw.toFixed(3)} kW` +
          (d.ratchet_kw
            ? ` (ratchet floor ${d.ratchet_kw.toFixed(3)} kW, ${(d.billed_kw ?? d.kw).toFixed(3)} kW billed)`
            : '') +
          `${d.time ? ` at ${localTime(d.time, zone)}` : ''}, ${money(minor(d.charge))} ${cur}`,
      ),
  );
  const unpriced = sum((m) => m.unpriced_kwh);
  const { mode, credits, credits_from, true_up_month, true_up_rate } = bill.metering;
  return [
    `Location ${bill.location_id}  ${localTime(bill.start_time, zone)} – ${localTime(bill.end_time, zone)} ${zone}`,
    nem
      ? `Metering NET_METERING, true-up in month ${true_up_month} at ${true_up_rate ?? 0} ${cur}/kWh`
      : `Metering ${mode}, credits ${credits}${credits === 'CARRIED' ? ` from ${credits_from}, true-up in month ${true_up_month}` : ''}`,
    '',
    table(
      head,
      rows,
      head.map((h) => h !== 'Month' && h !== 'Peak at'),
    ),
    nem
      ? 'Total = energy + fixed + demand + minimum − true-up (kWh net per month and period; a surplus is banked, the year’s surplus paid at the true-up rate)'
      : credits === 'CARRIED'
        ? 'Total = energy + fixed + demand + minimum − credit applied − true-up (export credit pays charges, the rest is carried)'
        : 'Total = energy + fixed + demand + minimum − export credit',
    '',
    `Total ${money(shown)} ${cur}` +
      (shown !== minor(bill.total) ? ` (exact ${bill.total.toFixed(6)} ${cur}; rows are rounded as on a bill)` : ''),
    ...(demand.length ? ['', 'Demand charges:', ...demand] : []),
    ...(bill.battery
      ? [
          '',
          `Battery (${bill.battery.strategy}): saves ${money(minor(bill.battery.saving))} ${cur} against ${money(minor(bill.battery.total_without))} ${cur} without it; ` +
            `charged ${bill.battery.charged_kwh.toFixed(3)} kWh, discharged ${bill.battery.discharged_kwh.toFixed(3)} kWh, ${bill.battery.cycles.toFixed(2)} cycles`,
          ...bill.battery.warnings.map((w) => `  ${w}`),
        ]
      : []),
    ...(bill.months.some((m) => m.car_kwh !== undefined)
      ? [`Car: ${sum((m) => m.car_kwh ?? 0).toFixed(3)} kWh charged in the window (in the usage above)`]
      : []),
    ...(unpriced > 0
      ? [`${unpriced.toFixed(3)} kWh had no price at their time and were costed or credited 0 (--format json)`]
      : []),
  ].join('\n');
}

/** One CSV row per month, full precision, times in the location's offset at each instant. */
export function billCsv(bill: Bill, zone: string): string {
  const cols = [
    'import_kwh',
    'export_kwh',
    'unpriced_kwh',
    'peak_kw',
    'energy_charge',
    'fixed_charge',
    'demand_charge',
    'minimum_charge',
    'export_credit',
    'credit_applied',
    'credit_carried',
    'true_up',
    'total',
  ] as const;
  const at = (iso: string) => local(Date.parse(iso), zone);
  return [
    ['month', 'start_time', 'end_time', ...cols, 'peak_time', 'currency'].join(','),
    ...bill.months.map((m) =>
      [
        DateTime.fromISO(m.start_time, { zone }).toFormat('yyyy-MM'),
        at(m.start_time),
        at(m.end_time),
        ...cols.map((c) => m[c]),
        m.peak_time ? at(m.peak_time) : '',
        bill.currency_code,
      ].join(','),
    ),
  ].join('\n');
}

/**
 * `tariff-desk bill LOCATION_ID …`: asks the running host for the whole bill over whole local
 * months (`POST /bills/{id}`) of a meter CSV, or of the location's stored meter records, and
 * prints it as a table, JSON or CSV.
 */
export async function billCommand(args: string[], defaultDataDir: string): Promise<number> {
  return withCodes(() => bill(args, defaultDataDir));
}

async function bill(args: string[], defaultDataDir: string): Promise<number> {
  const parsed = commandArgs(args, OPTIONS, BILL_USAGE, { min: 1, max: 1 });
  if (parsed.exit !== undefined) return parsed.exit;
  const { values: v, positionals } = parsed;
  const format = v.format ?? 'table';
  if (!['table', 'json', 'csv'].includes(format)) throw new Error('--format must be table, json or csv');
  if (v.strategy !== undefined && v.battery === undefined) throw new Error('--strategy goes with --battery');
  if (v.generation !== undefined && v.pv !== undefined)
    throw new Error('give the generation as --generation FILE.csv or --pv KWH_PER_YEAR, not both');
  if ((v.generation !== undefined || v.pv !== undefined) && v.usage === undefined)
    throw new Error(
      'generation goes with --usage; without it the stored meter records are billed, their EXPORT records as sent to the grid',
    );
  if (v['timestamp-marks'] !== undefined && !['start', 'end'].includes(v['timestamp-marks']))
    throw new Error('--timestamp-marks must be start or end');
  const pv = v.pv === undefined ? undefined : Number(v.pv);
  if (pv !== undefined && !(Number.isFinite(pv) && pv >= 0)) throw new Error('--pv must be kWh a year, a number ≥ 0');
  const params = parseWith(api['bills.create'].params, { location_id: positionals[0] }, 'path');
  const client = await connectClient(clientOptionsOf(v, defaultDataDir));
  const location = await client.call('locations.retrieve', { params: { id: params.location_id } });
  const zone = location.timezone;
  const csv = { interval: v.interval, marks: v['timestamp-marks'] };
  const usage = v.usage === undefined ? undefined : readCsv(v.usage, zone, csv);
  // Generation as SAM and PVWatts write it: small negatives at night are the inverter's draw.
  const generation = v.generation === undefined ? undefined : readCsv(v.generation, zone, csv, true);
  // Without a window: the local months the usage file covers.
  let from = v.from === undefined ? undefined : monthEdge(v.from, zone, 'from');
  let to = v.to === undefined ? undefined : monthEdge(v.to, zone, 'to');
  if (usage && usage.length > 0) {
    from ??= startOfMonth(usage[0]!.start, zone).toMillis();
    to ??= startOfMonth(usage[usage.length - 1]!.end - 1, zone)
      .plus({ months: 1 })
      .toMillis();
  }
  if (from === undefined || to === undefined) throw new Error('give the window: --from YYYY-MM --to YYYY-MM');
  const body = parseWith(
    api['bills.create'].body,
    {
      start_time: local(from, zone),
      end_time: local(to, zone),
      ...(usage ? { usage: { intervals: usageBody(clip(usage, from, to)) } } : {}),
      ...(generation ? { generation: { intervals: usageBody(clip(generation, from, to)) } } : {}),
      ...(pv !== undefined ? { generation: { profile: 'PV', kwh_per_year: pv } } : {}),
      ...(v.battery !== undefined ? { battery: batteryOption(v.battery, v.strategy) } : {}),
      ...(v.car !== undefined ? { car: carOption(v.car) } : {}),
      metering: {
        ...((v.metering ?? v.mode) ? { mode: (v.metering ?? v.mode)!.toUpperCase() } : {}),
        ...(v['true-up-rate'] !== undefined ? { true_up_rate: Number(v['true-up-rate']) } : {}),
        ...(v.credits ? { credits: v.credits.toUpperCase() } : {}),
        ...(v['credits-from'] ? { credits_from: v['credits-from'].toUpperCase() } : {}),
        ...(v['true-up-month'] ? { true_up_month: Number(v['true-up-month']) } : {}),
      },
    },
    'body',
  );
  const answer = await client.call('bills.create', { params, body });
  const out =
    format === 'json'
      ? JSON.stringify(answer, null, 2)
      : format === 'csv'
        ? billCsv(answer, zone)
        : billTable(answer, zone);
  process.stdout.write(out + '\n');
  return 0;
}

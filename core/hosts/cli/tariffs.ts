import { minimumsOf } from '../../engine/schemas/charges.js';
import { readFileSync } from 'node:fs';
import { commandArgs, withCodes } from './args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { table } from './format.js';
import { api } from '../../engine/api/index.js';
import { parseWith } from '../../engine/api/validate.js';
import { idOf } from '../../engine/schemas/common.js';
import { urdbRateOf } from '../../engine/schemas/urdb.js';
import type { TariffImport, TariffImportRequest } from '../../engine/schemas/tariff-import.js';
import type { Schedule } from '../../engine/schemas/schedule.js';
import type { Charges, DemandTier } from '../../engine/schemas/charges.js';

export const TARIFFS_USAGE = `Usage: tariff-desk tariffs import FILE.json --location LOCATION_ID [options]

Imports a rate of the OpenEI Utility Rate Database (URDB) as a tariff of the location on a
running host (POST /tariffs/import, docs/import.md). FILE.json is one rate as the URDB API
returns it, or the API's whole answer ({"items": [...]}). Prints the tariff's schedule, its
fixed, minimum and demand charges, and a warning for each thing a tariff cannot hold (ratchets,
coincident peaks, other units…). --direction EXPORT makes the tariff of the rate's sell rates.

Options:
  --location ID           the location (loc_…); required
  --dry-run               show the tariff the rate becomes, and store nothing
  --from DATE --to DATE   the contract: a date (local midnight at the location) or RFC 3339;
                          default: the rate's startdate and enddate
  --label LABEL           which rate of a file holding several (its URDB label)
  --type T                COMMODITY (default) or NON_COMMODITY
  --direction D           IMPORT (default), EXPORT or LOCAL
  --name NAME             the tariff's name (default: the utility and the rate's name)
  --end TARIFF_ID         the location's supply tariff this one overlaps: end it where this one
                          starts, instead of being refused with commodity_overlap
  --format F              table (default) or json (the answer)
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key
  --account ID --key KEY  credentials instead of the data folder's test key`;

const OPTIONS = {
  ...CLIENT_OPTIONS,
  location: { type: 'string' },
  'dry-run': { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  label: { type: 'string' },
  type: { type: 'string' },
  direction: { type: 'string' },
  name: { type: 'string' },
  end: { type: 'string' },
  format: { type: 'string' },
} as const;

/** `tariff-desk tariffs import FILE --location LOC`. */
export async function tariffsCommand(args: string[], dataDir: string): Promise<number> {
  if (args[0] !== 'import' && args[0] !== '--help' && args[0] !== '-h') {
    process.stderr.write(TARIFFS_USAGE + '\n');
    return 2;
  }
  return withCodes(() => importCommand(args.slice(args[0] === 'import' ? 1 : 0), dataDir));
}

async function importCommand(args: string[], dataDir: string): Promise<number> {
  const parsed = commandArgs(args, OPTIONS, TARIFFS_USAGE, { min: 1, max: 1 });
  if (parsed.exit !== undefined) return parsed.exit;
  const { values: v, positionals } = parsed;
  const file = positionals[0]!;
  const format = v.format ?? 'table';
  if (!['table', 'json'].includes(format)) throw new Error('--format must be table or json');
  if (v.location === undefined) throw new Error('--location is required: the location the tariff belongs to');
  parseWith(idOf('location'), v.location, 'path');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`rate file ${file}: ${(e as Error).message}`, { cause: e });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`, { cause: e });
  }
  const found = urdbRateOf(json, v.label);
  if (found.problem !== undefined) throw new Error(`${file}: ${found.problem}`);
  const body = {
    location_id: v.location,
    format: 'urdb',
    rate: found.rate,
    ...(v.type !== undefined ? { type: v.type.toUpperCase() } : {}),
    ...(v.direction !== undefined ? { direction: v.direction.toUpperCase() } : {}),
    ...(v.name !== undefined ? { display_name: v.name } : {}),
    ...(v.from !== undefined ? { contract_start_date: v.from } : {}),
    ...(v.to !== undefined ? { contract_end_date: v.to } : {}),
    ...(v.end !== undefined ? { end_tariff_id: v.end } : {}),
  };
  // Checked by the route's own schema first, so a bad document or option is named before anything is sent.
  const checked: TariffImportRequest = parseWith(api['tariffs.import'].body, body, 'body');
  const client = await connectClient(clientOptionsOf(v, dataDir));
  const answer = await client.call('tariffs.import', {
    body: checked,
    ...(v['dry-run'] ? { query: { dry_run: 'true' } } : {}),
  });
  if (format === 'json') process.stdout.write(JSON.stringify(answer, null, 2) + '\n');
  else process.stdout.write(report(answer, !!v['dry-run']) + '\n');
  return 0;
}

const SHORT_MONTH = (m: string) => m.slice(0, 3);

/** A band's tiers in words: "0.1049 to 500 kWh · 0.1302 to 1000 kWh · 0.1548". */
const tiers = (rate: Schedule[number]['days_and_hours'][number]['hours'][number]['rate']) =>
  rate.map((r) => `${r.fixed}${r.to_kwh !== undefined ? ` to ${r.to_kwh} kWh` : ''}`).join(' · ');

const hhmm = (t: string) => t.slice(0, 5);
const until = (t: string) => (t === '00:00:00' ? '24:00' : hhmm(t));

/** kW blocks in words: "20.27 per kW to 50 kW · 18.02 per kW". */
const blocks = (rate: DemandTier[]) =>
  rate.map((r) => `${r.fixed} per kW${r.to_kw !== undefined ? ` to ${r.to_kw} kW` : ''}`).join(' · ');

/** The charges beside the schedule, a line each, and the demand schedule as a table. */
function chargeLines(c: Charges | undefined): string[] {
  if (!c) return [];
  const per = { DAY: 'a day', MONTH: 'a month', YEAR: 'a year' } as const;
  const lines = [
    ...(c.fixed ?? []).map((f) => `Fixed charge: ${f.amount} ${per[f.per]}${f.name ? ` (${f.name})` : ''}`),
    ...minimumsOf(c).map((m) => `Minimum charge: ${m.amount} ${per[m.per]}`),
    ...(c.demand?.ratchet
      ? [
          `Demand ratchet: at least ${c.demand.ratchet.percent} % of the highest flat peak of ${c.demand.ratchet.months ? `the months ${c.demand.ratchet.months.join(', ')} among the last 12` : `the ${c.demand.ratchet.range_months} months before`}`,
        ]
      : []),
    ...(c.demand?.flat ?? []).map(
      (f) => `Flat demand, ${(f.months ?? ['All']).map(SHORT_MONTH).join(', ')}: ${blocks(f.rate)}`,
    ),
    ...(c.demand?.periods ?? []).map((p) => `Demand period ${p.name}: ${blocks(p.rate)}`),
  ];
  const rows: string[][] = [];
  for (const e of c.demand?.schedule ?? [])
    for (const d of e.days_and_hours)
      for (const b of d.hours)
        rows.push([
          (e.months ?? ['All']).map(SHORT_MONTH).join(', '),
          d.days.join(', '),
          hhmm(b.valid_from),
          until(b.valid_to),
          b.period,
        ]);
  if (rows.length)
    lines.push('', table(['Months', 'Days', 'From', 'To', 'Demand period'], rows, [false, false, false, false, false]));
  return lines.length ? ['', ...lines] : [];
}

/** What was imported (or would be), its schedule as a table, and every warning. */
function report(answer: TariffImport, dryRun: boolean): string {
  const t = answer.tariff;
  const stored = 'id' in t ? t : undefined;
  const name = t.display_name ?? stored?.id ?? 'the tariff';
  const rows: string[][] = [];
  for (const e of t.schedule ?? [])
    for (const d of e.days_and_hours)
      for (const b of d.hours)
        rows.push([
          (e.months ?? ['All']).map(SHORT_MONTH).join(', '),
          d.days.join(', '),
          hhmm(b.valid_from),
          until(b.valid_to),
          tiers(b.rate),
        ]);
  const lines = [
    dryRun
      ? `Dry run, nothing stored: “${name}” for ${t.location_id}`
      : `Stored ${stored?.id ?? ''} “${name}” for ${t.location_id}`,
    // Dates as the app shows them: the local days (a stored contract is the location's local midnights).
    `${t.type} ${t.direction ?? 'IMPORT'} · contract ${t.contract_start_date.slice(0, 10)} → ${t.contract_end_date?.slice(0, 10) ?? 'open-ended'}${stored ? ` (${stored.timezone})` : ''}`,
    '',
    table(['Months', 'Days', 'From', 'To', 'Price per kWh (tiers)'], rows, [false, false, false, false, false]),
    ...chargeLines(t.charges),
    '',
    answer.warnings.length
      ? `${answer.warnings.length} warning${answer.warnings.length === 1 ? '' : 's'}:`
      : 'No warnings: the rate is imported whole.',
    ...answer.warnings.map(
      (w) =>
        `  ${w.field}${w.value !== undefined ? ` = ${JSON.stringify(w.value).slice(0, 60)}` : ''}: ${w.message} (${w.code})`,
    ),
  ];
  return lines.join('\n');
}

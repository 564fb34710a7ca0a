import { readFileSync } from 'node:fs';
import { DateTime, FixedOffsetZone } from 'luxon';
import { commandArgs, edge, withCodes } from '../args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from '../client.js';
import { local } from '../format.js';
import { costCsv } from './csv.js';
import { mergeCosts } from './merge.js';
import { setName, tariffNames } from './names.js';
import { costTable } from './table.js';
import { clip, windowsOf } from './windows.js';
import { api } from '../../../engine/api/index.js';
import { parseWith } from '../../../engine/api/validate.js';
import { COST_LIMITS, type Cost } from '../../../engine/schemas/cost.js';
import { usageBody, UsageCsvError, type UsageInterval } from '../../../engine/usage/csv.js';
import { readUsageCsv } from '../../../node/usage/csv.js';

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

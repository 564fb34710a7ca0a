import { DateTime } from 'luxon';
import { commandArgs, edge } from '../args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from '../client.js';
import { decimalsOf, table } from '../format.js';
import { api } from '../../../engine/api/index.js';
import { parseWith } from '../../../engine/api/validate.js';
import type { ApiClient } from '../../../engine/api/client.js';
import type { EnergyCost } from '../../../engine/schemas/energy-cost.js';

export const SESSION_USAGE = `Usage: tariff-desk costs session REF [options]

What the stored meter records of a charging (or any) session cost on a running host
(POST /costs/session/{REF}): one row per record and the total, in the location's currency.

Options:
  --direction D           IMPORT (default), EXPORT or LOCAL
  --format F              table (default), json (the answer) or csv (one row per record)
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key
  --account ID --key KEY  credentials instead of the data folder's test key`;

export const INTERVAL_USAGE = `Usage: tariff-desk costs interval ID [--aggregation DAY|MONTH] [options]

What the stored meter records of a location (every record at it) or a device (ID: loc_… or
dev_…) cost over a window on a running host (POST /costs/interval/{ID}): one row per record, or
per local day or month with --aggregation (empty ones too), and the total.

Options:
  --aggregation A         DAY or MONTH; without it, one row per record starting in the window
  --from T --to T         the window: RFC 3339, or a date (local midnight at the location);
                          default: the 30 local days up to the end of the service clock's today
  --direction D           IMPORT (default), EXPORT or LOCAL
  --format F              table (default), json (the answer) or csv (one row per entry)
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key
  --account ID --key KEY  credentials instead of the data folder's test key`;

const OPTIONS = {
  ...CLIENT_OPTIONS,
  direction: { type: 'string' },
  format: { type: 'string' },
} as const;

const INTERVAL_OPTIONS = {
  ...OPTIONS,
  aggregation: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
} as const;

/** The zone a report's dates are read in: the location's, or that of the device's newest record. */
async function zoneOf(client: ApiClient, id: string): Promise<string> {
  if (id.startsWith('loc_')) return (await client.call('locations.retrieve', { params: { id } })).timezone;
  await client.call('devices.retrieve', { params: { id } });
  const [record] = (await client.call('meter_records.list', { query: { device_id: id, limit: 1 } })).data;
  if (!record) return 'UTC';
  return (await client.call('locations.retrieve', { params: { id: record.location_id } })).timezone;
}

/**
 * A report as a table: a row per entry (its local start, and its session and record for a
 * record's), energy in kWh, cost rounded to the currency's decimals as on a bill, then the total.
 */
export function reportTable(r: EnergyCost): string {
  const zone = r.location_timezone;
  const cur = r.currency_code ?? '';
  const dp = decimalsOf(cur || 'EUR');
  const minor = (v: number) => Math.round(v * 10 ** dp);
  const money = (m: number) => (m / 10 ** dp).toFixed(dp);
  const when = (iso: string) => {
    const d = DateTime.fromISO(iso, { zone });
    return r.aggregation === 'MONTH'
      ? d.toFormat('yyyy-MM')
      : r.aggregation === 'DAY'
        ? d.toFormat('yyyy-MM-dd')
        : d.toFormat('yyyy-MM-dd HH:mm');
  };
  const perRecord = r.aggregation === null;
  const head = [
    perRecord ? 'Start' : r.aggregation === 'DAY' ? 'Day' : 'Month',
    ...(perRecord ? ['Session', 'Record'] : []),
    'kWh',
    `Cost (${cur})`,
    'Confidence',
  ];
  const rows = r.data.map((e) => [
    when(e.start_time),
    ...(perRecord ? [e.session_reference_id ?? '', e.record_reference_id ?? ''] : []),
    (e.energy.value / 1000).toFixed(3),
    money(minor(e.cost.value)),
    String(e.cost.confidence),
  ]);
  const shown = r.data.reduce((t, e) => t + minor(e.cost.value), 0);
  rows.push([
    'Total',
    ...(perRecord ? ['', ''] : []),
    (r.total.energy.value / 1000).toFixed(3),
    money(shown),
    String(r.total.cost.confidence),
  ]);
  const right = head.map((h) => h === 'kWh' || h.startsWith('Cost') || h === 'Confidence');
  const kwh = r.total.energy.value / 1000;
  return [
    `${r.object_id}  ${r.tariff_direction}  ${when(r.start_time)} – ${DateTime.fromISO(r.end_time, { zone }).toFormat('yyyy-MM-dd HH:mm')} ${zone}`,
    '',
    table(head, rows, right),
    '',
    `Total ${money(shown)} ${cur} for ${kwh.toFixed(3)} kWh` +
      (shown !== minor(r.total.cost.value) ? ` (exact ${r.total.cost.value.toFixed(6)} ${cur})` : '') +
      (r.unpriced_kwh > 0 ? `; ${r.unpriced_kwh.toFixed(3)} kWh have no tariff and are costed 0` : ''),
  ].join('\n');
}

/** One CSV row per entry, full precision. */
export function reportCsv(r: EnergyCost): string {
  const head = 'start_time,end_time,session_reference_id,record_reference_id,wh,cost,confidence,unpriced_kwh,currency';
  const quote = (v: string | null) => (v === null ? '' : /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [
    head,
    ...r.data.map((e) =>
      [
        e.start_time,
        e.end_time,
        quote(e.session_reference_id),
        quote(e.record_reference_id),
        e.energy.value,
        e.cost.value,
        e.cost.confidence,
        e.unpriced_kwh,
        r.currency_code ?? '',
      ].join(','),
    ),
  ].join('\n');
}

/** `tariff-desk costs session REF` and `tariff-desk costs interval ID`. */
export async function reportCommand(kind: 'session' | 'interval', args: string[], dataDir: string): Promise<number> {
  const parsed =
    kind === 'session'
      ? commandArgs(args, OPTIONS, SESSION_USAGE, { min: 1, max: 1 })
      : commandArgs(args, INTERVAL_OPTIONS, INTERVAL_USAGE, { min: 1, max: 1 });
  if (parsed.exit !== undefined) return parsed.exit;
  const v = parsed.values as { [K in keyof typeof INTERVAL_OPTIONS]?: string | undefined };
  const format = v.format ?? 'table';
  if (!['table', 'json', 'csv'].includes(format)) throw new Error('--format must be table, json or csv');
  const direction = v.direction?.toUpperCase();
  let report: EnergyCost;
  if (kind === 'session') {
    const contract = api['costs.session'];
    const params = parseWith(contract.params, { id: parsed.positionals[0] }, 'path');
    const query = parseWith(contract.query, direction ? { tariff_direction: direction } : {}, 'query');
    const client = await connectClient(clientOptionsOf(v, dataDir));
    report = await client.call('costs.session', { params, query });
  } else {
    const contract = api['costs.interval'];
    const params = parseWith(contract.params, { id: parsed.positionals[0] }, 'path');
    const query = parseWith(
      contract.query,
      {
        ...(direction ? { tariff_direction: direction } : {}),
        ...(v.aggregation ? { aggregation: v.aggregation.toUpperCase() } : {}),
      },
      'query',
    );
    const client = await connectClient(clientOptionsOf(v, dataDir));
    const zone = await zoneOf(client, params.id);
    const now = DateTime.fromISO((await client.call('clock.retrieve')).now, { zone });
    const to = v.to === undefined ? now.startOf('day').plus({ days: 1 }).toMillis() : edge(v.to, zone, 'to');
    const from =
      v.from === undefined
        ? DateTime.fromMillis(to, { zone }).minus({ days: 30 }).toMillis()
        : edge(v.from, zone, 'from');
    const iso = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
    const body = parseWith(contract.body, { start_time: iso(from), end_time: iso(to) }, 'body');
    report = await client.call('costs.interval', { params, query, body });
  }
  const out =
    format === 'json' ? JSON.stringify(report, null, 2) : format === 'csv' ? reportCsv(report) : reportTable(report);
  process.stdout.write(out + '\n');
  return 0;
}

import type { z } from 'zod';
import { DateTime } from 'luxon';
import { commandArgs, edge, withCodes } from './args.js';
import { CLIENT_OPTIONS, clientOptionsOf, connectClient } from './client.js';
import { decimalsOf, localTime, table } from './format.js';
import { batteryOption } from './bill.js';
import { api } from '../../engine/api/index.js';
import { parseWith } from '../../engine/api/validate.js';
import type { ScheduleAmount, ScheduleDuration, ScheduleLimit } from '../../engine/schemas/schedule-request.js';
import type { BatterySchedule } from '../../engine/schemas/battery-schedule.js';

export const SCHEDULE_USAGE = `Usage: tariff-desk schedule LOCATION_ID (--duration MIN | --limit PRICE | --relative R |
                             --energy KWH --max-power KW) [options]
       tariff-desk schedule battery LOCATION_ID (--battery K=V,… | --device ID) [options]

When to use energy at a location on a running host (docs/schedules.md): the cheapest (or
dearest) minutes of a window, the time priced under (or over) a limit, or when a device should
charge its energy at least cost. Prints the periods in the location's local time.

Mode, one of:
  --duration MIN          the cheapest MIN minutes (POST /schedules/duration/{id})
  --limit PRICE           the time priced at or below PRICE per kWh (POST /schedules/limit/{id})
  --relative R            ... or within the cheapest share R (0–1) of the window's price range;
                          with --limit too, a price must meet both
  --energy KWH            the energy a device needs, charged at up to --max-power KW at least
  --max-power KW          cost (POST /schedules/amount/{id})
  battery                 a home battery's plan at least energy cost (POST /schedules/battery/{id}):
  --battery K=V,…         capacity=KWH,power=KW[,efficiency=0.9][,reserve=%][,initial=%][,final=%]
                          [,export=true][,grid-charging=false][,device=ID], as bill takes it
  --device ID             a battery device: its stored properties and last reported state of
                          charge fill what --battery does not give

Options:
  --segment S             LOW (default): the cheapest time; HIGH: the dearest (--duration, --limit)
  --from T --to T         the window: RFC 3339, or a date (local midnight at the location);
                          default: from now, for 24 hours
  --direction D           IMPORT (default), EXPORT or LOCAL
  --format F              table (default) or json (the answer)
  --api-url URL           the running host's API (default: the host running on --data-dir, else http://127.0.0.1:7071)
  --data-dir DIR          the host's data folder, for its test key
  --account ID --key KEY  credentials instead of the data folder's test key`;

const OPTIONS = {
  ...CLIENT_OPTIONS,
  duration: { type: 'string' },
  limit: { type: 'string' },
  relative: { type: 'string' },
  energy: { type: 'string' },
  'max-power': { type: 'string' },
  segment: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  direction: { type: 'string' },
  format: { type: 'string' },
  battery: { type: 'string' },
  device: { type: 'string' },
} as const;

const DAY_MS = 86_400_000;

/** A number option, or a named mistake. */
function numberOf(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n))
    throw new Error(`--${name} must be a number, not ${JSON.stringify(text.slice(0, 20))}`);
  return n;
}

type Periods = z.output<typeof ScheduleDuration>['data'];

/** The periods of a duration or limit answer as a table, with their total and average. */
function periodTable(data: Periods, zone: string, currency: string): string {
  const minutes = (p: Periods[number]) => (Date.parse(p.end_time) - Date.parse(p.start_time)) / 60_000;
  const rows = data.map((p) => [
    localTime(p.start_time, zone),
    localTime(p.end_time, zone),
    String(Math.round(minutes(p) * 100) / 100),
    p.price.average.toFixed(5),
    String(p.price.confidence),
  ]);
  const total = data.reduce((t, p) => t + minutes(p), 0);
  const average = total > 0 ? data.reduce((t, p) => t + p.price.average * minutes(p), 0) / total : 0;
  return [
    table(['From', 'To', 'Minutes', `${currency}/kWh`, 'Confidence'], rows, [false, false, true, true, true]),
    '',
    data.length
      ? `${Math.round(total * 100) / 100} minutes in ${data.length} period${data.length === 1 ? '' : 's'}, average ${average.toFixed(5)} ${currency}/kWh`
      : 'No time of the window qualifies.',
  ].join('\n');
}

function header(
  a: { location_id: string; tariff_direction: string; location_timezone: string },
  from: string,
  to: string,
) {
  const zone = a.location_timezone;
  return `Location ${a.location_id}  ${a.tariff_direction}  ${localTime(from, zone)} – ${localTime(to, zone)} ${zone}`;
}

export function durationText(a: z.output<typeof ScheduleDuration>): string {
  const what = a.request.segment === 'LOW' ? 'Cheapest' : 'Dearest';
  return [
    header(a, a.request.start_time, a.request.end_time),
    `${what} ${a.request.duration} minutes:`,
    '',
    periodTable(a.data, a.location_timezone, a.currency_code),
  ].join('\n');
}

export function limitText(a: z.output<typeof ScheduleLimit>): string {
  const side = a.request.segment === 'LOW' ? 'at or below' : 'at or above';
  const limit = a.threshold === null ? 'no known price' : `${side} ${a.threshold.toFixed(5)} ${a.currency_code}/kWh`;
  return [
    header(a, a.request.start_time, a.request.end_time),
    `Priced ${limit}:`,
    '',
    periodTable(a.data, a.location_timezone, a.currency_code),
  ].join('\n');
}

export function amountText(a: z.output<typeof ScheduleAmount>): string {
  const zone = a.location_timezone;
  const cur = a.currency_code;
  const dp = decimalsOf(cur);
  const money = (v: number) => `${v.toFixed(dp)} ${cur}`;
  const lines: string[] = [];
  a.data.forEach((e, i) => {
    lines.push(
      header(a, e.start_time, e.end_time),
      `${e.device_id ?? `Device ${i + 1}`}: ${e.energy.value} ${e.energy.units} at up to ${e.max_power.value} ${e.max_power.units}`,
      '',
      table(
        ['From', 'To', `Power (${e.max_power.units})`],
        e.schedule.map((s) => [localTime(s.start_time, zone), localTime(s.end_time, zone), String(s.power.value)]),
        [false, false, true],
      ),
      '',
      `${a.tariff_direction === 'EXPORT' ? 'Earns' : 'Costs'} ${money(e.cost.value)}; ` +
        `${e.savings.value >= 0 ? 'saves' : 'loses'} ${money(Math.abs(e.savings.value))} (${e.savings.percentage} %) ` +
        `against ${a.tariff_direction === 'EXPORT' ? 'exporting' : 'charging'} at full power at once`,
      '',
    );
  });
  if (a.data.length > 1)
    lines.push(`All devices: ${money(a.cost.value)}, saving ${money(a.savings.value)} (${a.savings.percentage} %)`);
  return lines.join('\n').trimEnd();
}

/** A battery plan: a row per cell with charge, discharge, state of charge and prices, then the saving. */
export function batteryText(a: z.output<typeof BatterySchedule>, zone: string): string {
  const dp = decimalsOf(a.currency_code);
  const money = (v: number) => `${v.toFixed(dp)} ${a.currency_code}`;
  const kwh = (v: number) => v.toFixed(3);
  return [
    `Location ${a.location_id}  battery (${a.strategy})  ${localTime(a.start_time, zone)} – ${localTime(a.end_time, zone)} ${zone}`,
    `Starts at ${kwh(a.initial_soc_kwh)} kWh`,
    '',
    table(
      ['From', 'To', 'Charge kWh', 'Discharge kWh', 'State kWh', 'Import', 'Export', `Import ${a.currency_code}/kWh`],
      a.data.map((c) => [
        localTime(c.start_time, zone),
        localTime(c.end_time, zone),
        kwh(c.charge_kwh),
        kwh(c.discharge_kwh),
        kwh(c.soc_kwh),
        kwh(c.import_kwh),
        kwh(c.export_kwh),
        c.import_price.toFixed(5),
      ]),
      [false, false, true, true, true, true, true, true],
    ),
    '',
    `Energy cost ${money(a.cost_with)} with the battery, ${money(a.cost_without)} without: ` +
      `${a.saving >= 0 ? 'saves' : 'loses'} ${money(Math.abs(a.saving))}`,
    ...a.warnings.map((w) => `  ${w}`),
  ].join('\n');
}

/**
 * `tariff-desk schedule LOCATION_ID …`: asks the running host when to use energy (one of the
 * three schedules) and prints the periods as a table or the answer as JSON.
 */
export async function scheduleCommand(args: string[], defaultDataDir: string): Promise<number> {
  return withCodes(() => schedule(args, defaultDataDir));
}

async function schedule(args: string[], defaultDataDir: string): Promise<number> {
  const parsed = commandArgs(args, OPTIONS, SCHEDULE_USAGE, { min: 1, max: 2 });
  if (parsed.exit !== undefined) return parsed.exit;
  const { values: v } = parsed;
  const format = v.format ?? 'table';
  if (!['table', 'json'].includes(format)) throw new Error('--format must be table or json');
  const isBattery = parsed.positionals[0] === 'battery';
  if (parsed.positionals.length !== (isBattery ? 2 : 1))
    throw new Error(isBattery ? 'schedule battery takes one LOCATION_ID' : 'give one LOCATION_ID');
  const positionals = isBattery ? parsed.positionals.slice(1) : parsed.positionals;
  if (isBattery) return batterySchedule(v, positionals[0]!, format, defaultDataDir);
  if (v.battery !== undefined || v.device !== undefined)
    throw new Error('--battery and --device go with schedule battery LOCATION_ID');
  const duration = numberOf(v.duration, 'duration');
  const limit = numberOf(v.limit, 'limit');
  const relative = numberOf(v.relative, 'relative');
  const energy = numberOf(v.energy, 'energy');
  const power = numberOf(v['max-power'], 'max-power');
  const modes = [
    duration !== undefined,
    limit !== undefined || relative !== undefined,
    energy !== undefined || power !== undefined,
  ];
  if (modes.filter(Boolean).length !== 1)
    throw new Error(
      'give one mode: --duration MIN, --limit PRICE and/or --relative R, or --energy KWH with --max-power KW',
    );
  if (modes[2] && (energy === undefined || power === undefined))
    throw new Error('--energy and --max-power go together: the energy a device needs and its power');
  if (modes[2] && v.segment !== undefined) throw new Error('--segment goes with --duration or --limit');
  // Checked by the route's own schemas first, so a typo is named before any request.
  const params = parseWith(api['schedules.duration'].params, { id: positionals[0] }, 'path');
  const client = await connectClient(clientOptionsOf(v, defaultDataDir));
  const location = await client.call('locations.retrieve', { params: { id: params.id } });
  const zone = location.timezone;
  const from = v.from === undefined ? undefined : edge(v.from, zone, 'from');
  // The default window runs from the service's now (its clock may be shifted) for a day.
  const start = from ?? (v.to === undefined ? Date.parse((await client.call('clock.retrieve')).now) : undefined);
  const to = v.to === undefined ? start! + DAY_MS : edge(v.to, zone, 'to');
  // In the location's offsets: the answer writes its times in the form of end_time.
  const iso = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
  const window = { ...(start !== undefined ? { start_time: iso(start) } : {}), end_time: iso(to) };
  const direction = v.direction === undefined ? undefined : v.direction.toUpperCase();
  const segment = v.segment === undefined ? undefined : v.segment.toUpperCase();
  let out: string;
  if (modes[0]) {
    const body = parseWith(
      api['schedules.duration'].body,
      { ...window, tariff_direction: direction, segment, duration },
      'body',
    );
    const a = await client.call('schedules.duration', { params, body });
    out = format === 'json' ? JSON.stringify(a, null, 2) : durationText(a);
  } else if (modes[1]) {
    const body = parseWith(
      api['schedules.limit'].body,
      { ...window, tariff_direction: direction, segment, relative, absolute: limit },
      'body',
    );
    const a = await client.call('schedules.limit', { params, body });
    out = format === 'json' ? JSON.stringify(a, null, 2) : limitText(a);
  } else {
    const body = parseWith(
      api['schedules.amount'].body,
      {
        tariff_direction: direction,
        data: [{ ...window, max_power: { units: 'KW', value: power }, energy: { units: 'KWH', value: energy } }],
      },
      'body',
    );
    const a = await client.call('schedules.amount', { params, body });
    out = format === 'json' ? JSON.stringify(a, null, 2) : amountText(a);
  }
  process.stdout.write(out + '\n');
  return 0;
}

type Values = Extract<ReturnType<typeof commandArgs<typeof OPTIONS>>, { exit: undefined }>['values'];

/** `schedule battery LOCATION_ID`: the plan over the window (default: the service's next 24 hours). */
async function batterySchedule(v: Values, id: string, format: string, defaultDataDir: string): Promise<number> {
  if (v.battery === undefined && v.device === undefined)
    throw new Error('schedule battery needs --battery capacity=KWH,power=KW or --device ID');
  const battery = {
    ...(v.battery === undefined ? {} : batteryOption(v.battery, undefined)),
    ...(v.device === undefined ? {} : { device_id: v.device }),
  };
  const params = parseWith(api['schedules.battery'].params, { id }, 'path');
  const client = await connectClient(clientOptionsOf(v, defaultDataDir));
  const location = await client.call('locations.retrieve', { params: { id: params.id } });
  const zone = location.timezone;
  const start =
    v.from === undefined ? Date.parse((await client.call('clock.retrieve')).now) : edge(v.from, zone, 'from');
  const to = v.to === undefined ? start + DAY_MS : edge(v.to, zone, 'to');
  const iso = (ms: number) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;
  const body = parseWith(api['schedules.battery'].body, { start_time: iso(start), end_time: iso(to), battery }, 'body');
  const a = await client.call('schedules.battery', { params, body });
  process.stdout.write((format === 'json' ? JSON.stringify(a, null, 2) : batteryText(a, zone)) + '\n');
  return 0;
}

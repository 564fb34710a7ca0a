import { DateTime } from 'luxon';
import { DEMO_HOME } from '../../../../core/engine/demo-home';
import type { z } from 'zod';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import type { Tariff } from '../../../../core/engine/schemas/tariff';
import type {
  ScheduleAmount,
  ScheduleAmountRequest,
  ScheduleDuration,
  ScheduleDurationRequest,
  ScheduleLimit,
  ScheduleLimitRequest,
} from '../../../../core/engine/schemas/schedule-request';

/** The three schedules and a battery's plan, as the page names them. */
export type Mode = 'amount' | 'duration' | 'limit' | 'battery';
export const MODES: { id: Mode; label: string; hint: string }[] = [
  { id: 'amount', label: 'Charge an amount', hint: 'When a device takes its energy at least cost' },
  { id: 'duration', label: 'Cheapest hours', hint: 'The cheapest (or dearest) minutes of the window' },
  { id: 'limit', label: 'Under a price', hint: 'All the time at or below (or above) a price' },
  { id: 'battery', label: 'Battery', hint: 'A home battery’s next hours from its reported state' },
];

/** What the form holds, as typed (numbers stay text until a request is made of them). */
export interface Params {
  mode: Mode;
  direction: TariffDirection;
  /** Local wall-clock times, as a datetime-local field has them: 2026-03-02T18:00. */
  from: string;
  to: string;
  energyKwh: string;
  powerKw: string;
  minutes: string;
  segment: 'LOW' | 'HIGH';
  limit: string;
  relative: string;
  /** The device that charges (an amount's `device_id`), or '' for none; in Battery mode the battery. */
  device: string;
  /** Battery mode: hours planned from the service's now, and the home's yearly usage and solar. */
  hours: string;
  usageKwh: string;
  solarKwh: string;
}

/** An electric car's evening: 21 kWh at 7 kW is three hours of charging. */
export const DEFAULT_PARAMS: Omit<Params, 'from' | 'to'> = {
  mode: 'amount',
  direction: 'IMPORT',
  energyKwh: '21',
  powerKw: '7',
  minutes: '180',
  segment: 'LOW',
  limit: '',
  relative: '0.25',
  device: '',
  hours: '24',
  usageKwh: String(DEMO_HOME.usage.kwh_per_year),
  solarKwh: String(DEMO_HOME.generation.kwh_per_year),
};

const LOCAL = "yyyy-MM-dd'T'HH:mm";

/**
 * Tonight at a location: from 18:00 (or now, if later) to the next 07:00, as local wall-clock
 * times. After midnight it is the rest of the night, unless fewer than `needMinutes` of it are
 * left: then it is the coming night, so the page never opens on a window the job cannot fit.
 */
export function tonight(now: number, zone: string, needMinutes = 0): { from: string; to: string } {
  const t = DateTime.fromMillis(now, { zone }).startOf('minute');
  let end = t.set({ hour: 7, minute: 0 });
  if (end <= t) end = end.plus({ days: 1 });
  const evening = end.minus({ days: 1 }).set({ hour: 18, minute: 0 });
  let start = evening > t ? evening : t;
  if (end.diff(start, 'minutes').minutes < needMinutes) {
    start = end.set({ hour: 18, minute: 0 });
    end = end.plus({ days: 1 });
  }
  return { from: start.toFormat(LOCAL), to: end.toFormat(LOCAL) };
}

/** Minutes the job needs of its window: an amount at full power, or the hours asked; 0 otherwise. */
export function minutesNeeded(p: Pick<Params, 'mode' | 'energyKwh' | 'powerKw' | 'minutes'>): number {
  const m =
    p.mode === 'amount'
      ? (Number(p.energyKwh) / Number(p.powerKw)) * 60
      : p.mode === 'duration'
        ? Number(p.minutes)
        : 0;
  return Number.isFinite(m) && m > 0 ? Math.ceil(m) : 0;
}

/** A local wall-clock time as RFC 3339 with the zone's offset at it; null when it is not a time. */
export function instantOf(local: string, zone: string): string | null {
  const d = DateTime.fromISO(local, { zone });
  return d.isValid ? d.toISO({ suppressMilliseconds: true }) : null;
}

/** Whether a tariff's price moves within a day: market-linked, or more than one rate in its schedule. */
export function varies(t: Pick<Tariff, 'market_rates' | 'schedule'>): boolean {
  if (t.market_rates) return true;
  const rates = new Set<number>();
  for (const e of t.schedule ?? [])
    for (const dh of e.days_and_hours) for (const h of dh.hours) for (const r of h.rate) rates.add(r.fixed ?? 0);
  return rates.size > 1;
}

/** Whether a location's tariffs give it a supply price that moves (time of day or market): worth scheduling. */
export const pricesMove = (tariffs: readonly Pick<Tariff, 'type' | 'direction' | 'market_rates' | 'schedule'>[]) =>
  tariffs.some((t) => t.type === 'COMMODITY' && (t.direction ?? 'IMPORT') === 'IMPORT' && varies(t));

type In<T extends z.ZodType> = z.input<T>;
export type ScheduleRequest =
  | { mode: 'duration'; body: In<typeof ScheduleDurationRequest> }
  | { mode: 'limit'; body: In<typeof ScheduleLimitRequest> }
  | { mode: 'amount'; body: In<typeof ScheduleAmountRequest> };

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The request the form stands for, or what keeps it from being one (said as the page shows it). */
export function requestOf(p: Params, zone: string): ScheduleRequest | Problem {
  const start_time = instantOf(p.from, zone);
  const end_time = instantOf(p.to, zone);
  if (!start_time) return { problem: 'Pick when the window starts.', field: 'from' };
  if (!end_time) return { problem: 'Pick when the window ends.', field: 'to' };
  if (Date.parse(end_time) <= Date.parse(start_time))
    return { problem: 'The window ends before it starts: pick a To after From.', field: 'to' };
  const window = { start_time, end_time, tariff_direction: p.direction };
  if (p.mode === 'duration') {
    const duration = num(p.minutes);
    if (duration === undefined || !Number.isInteger(duration) || duration < 1)
      return { problem: 'Give the minutes wanted, a whole number from 1.', field: 'minutes' };
    return { mode: 'duration', body: { ...window, segment: p.segment, duration } };
  }
  if (p.mode === 'limit') {
    const absolute = num(p.limit);
    const relative = num(p.relative);
    if (absolute === undefined && relative === undefined)
      return { problem: 'Give a price limit, a share of the range, or both.', field: 'limit' };
    if (relative !== undefined && (relative < 0 || relative > 1))
      return {
        problem: 'The share of the range is from 0 (the lowest price) to 1 (the highest).',
        field: 'relative',
      };
    return {
      mode: 'limit',
      body: {
        ...window,
        segment: p.segment,
        ...(absolute !== undefined ? { absolute } : {}),
        ...(relative !== undefined ? { relative } : {}),
      },
    };
  }
  const energy = num(p.energyKwh);
  const power = num(p.powerKw);
  if (energy === undefined || !(energy > 0))
    return { problem: 'Give the energy wanted, more than 0 kWh.', field: 'energyKwh' };
  if (power === undefined || !(power > 0)) return { problem: 'Give the power, more than 0 kW.', field: 'powerKw' };
  return {
    mode: 'amount',
    body: {
      tariff_direction: p.direction,
      data: [
        {
          ...(p.device ? { device_id: p.device } : {}),
          start_time,
          end_time,
          max_power: { units: 'KW', value: power },
          energy: { units: 'KWH', value: energy },
        },
      ],
    },
  };
}

/** The fields of the form a person types into. */
export type TextKey =
  'from' | 'to' | 'energyKwh' | 'powerKw' | 'minutes' | 'limit' | 'relative' | 'hours' | 'usageKwh' | 'solarKwh';

/** What stops a request from being sent, in the form's words, and the field to fix. */
export interface Problem {
  problem: string;
  field?: TextKey;
}

/** The request's fields as the form labels them (the price limit's unit is the location's currency). */
const FIELDS: [path: RegExp, field: TextKey, label: string][] = [
  [/^(data\[0\]\.)?energy(?![a-z])/, 'energyKwh', 'Energy (kWh)'],
  [/^(data\[0\]\.)?max_power(?![a-z])/, 'powerKw', 'Power (kW)'],
  [/^duration(?![a-z])/, 'minutes', 'Minutes'],
  [/^relative(?![a-z])/, 'relative', 'Share of the range'],
  [/^absolute(?![a-z])/, 'limit', 'Price limit'],
  [/^(data\[0\]\.)?start_time(?![a-z])/, 'from', 'From'],
  [/^(data\[0\]\.)?end_time(?![a-z])/, 'to', 'To'],
];

/**
 * A refusal of the service in the form's words: its codes and messages name the request's
 * fields (`energy_unreachable`, "data[0].energy: at most 91 KWH fits"); the form shows the field
 * it is about, and the message with the field's label in place of its path.
 */
export function fieldProblem(code: string, message: string): { field: TextKey | undefined; message: string } {
  for (const [path, field, label] of FIELDS) {
    if (path.test(code)) return { field, message: message.replace(path, label) };
    if (path.test(message)) return { field, message: message.replace(path, label) };
  }
  return { field: undefined, message };
}

/** The request as a command to paste into a terminal, with the bearer as `$TOKEN` (GET /login gives one). */
export function curlOf(apiUrl: string, locationId: string, r: { mode: string; body: unknown }): string {
  const body = JSON.stringify(r.body, null, 2).replace(/'/g, "'\\''");
  return [
    `curl -s -X POST ${apiUrl}/schedules/${r.mode}/${locationId} \\`,
    `  -H "Authorization: Bearer $TOKEN" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}

export type Answer =
  | { mode: 'duration'; answer: z.output<typeof ScheduleDuration> }
  | { mode: 'limit'; answer: z.output<typeof ScheduleLimit> }
  | { mode: 'amount'; answer: z.output<typeof ScheduleAmount> };

/** One chosen period: its instants, and the price or power it has. */
export interface Chosen {
  from: number;
  to: number;
  start_time: string;
  end_time: string;
  /** Average price per kWh (duration, limit), or the device's power in kW (amount). */
  average?: number;
  powerKw?: number;
}

/** The periods an answer chose: its periods, or the device's runs. */
export function chosenOf(a: Answer): Chosen[] {
  if (a.mode === 'amount')
    return (a.answer.data[0]?.schedule ?? []).map((s) => ({
      from: Date.parse(s.start_time),
      to: Date.parse(s.end_time),
      start_time: s.start_time,
      end_time: s.end_time,
      powerKw: s.power.units === 'KW' ? s.power.value : s.power.value / 1000,
    }));
  return a.answer.data.map((p) => ({
    from: Date.parse(p.start_time),
    to: Date.parse(p.end_time),
    start_time: p.start_time,
    end_time: p.end_time,
    average: p.price.average,
  }));
}

/** A local wall-clock time: "01:30"; with its weekday ("Tue 01:30") where a window spans more than a night. */
export function clockOf(iso: string, zone: string, withDay: boolean): string {
  const d = DateTime.fromISO(iso, { setZone: true }).setZone(zone);
  return d.toFormat(withDay ? 'ccc HH:mm' : 'HH:mm');
}

/**
 * Whether times of a window need their weekday to be told apart: a day or longer, where a clock
 * time can stand twice (07:00 to 07:00 holds both 07:00s).
 */
export const needsDays = (p: Pick<Params, 'from' | 'to'>) =>
  DateTime.fromISO(p.to).diff(DateTime.fromISO(p.from), 'hours').hours >= 24;

/** "01:30 to 04:30", or "23:00 to 00:30, 02:00 to 03:00 and 04:00 to 04:25" for several periods. */
export function spans(chosen: Chosen[], zone: string, withDay: boolean): string {
  const parts = chosen.map((c) => `${clockOf(c.start_time, zone, withDay)} to ${clockOf(c.end_time, zone, withDay)}`);
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The answer in one sentence, as a sales engineer would say it. */
export function sentence(a: Answer, zone: string, withDay: boolean): string {
  const chosen = chosenOf(a);
  if (chosen.length === 0) return a.mode === 'limit' ? 'No time of the window is priced within the limit.' : '';
  const when = spans(chosen, zone, withDay);
  if (a.mode === 'amount') {
    const sells = a.answer.tariff_direction === 'EXPORT';
    return `${sells ? 'It exports' : 'Your car charges'} from ${when}.`;
  }
  if (a.mode === 'duration')
    return `The ${a.answer.request.segment === 'LOW' ? 'cheapest' : 'dearest'} ${a.answer.request.duration} minutes: ${when}.`;
  // The limit the request's share works out to (or the absolute one), so "a quarter of the range" is a price.
  const limit = a.answer.threshold === null ? 'the limit' : `${a.answer.threshold.toFixed(4)} per kWh`;
  return `${a.answer.request.segment === 'LOW' ? 'At or below' : 'At or above'} ${limit}: ${when}.`;
}

/** The time-weighted average price of the chosen periods (duration, limit), or the plan's (amount). */
export function averagePrice(a: Answer): number | null {
  if (a.mode === 'amount') {
    const e = a.answer.data[0];
    if (!e) return null;
    const kwh = e.energy.units === 'KWH' ? e.energy.value : e.energy.value / 1000;
    return kwh > 0 ? e.cost.value / kwh : null;
  }
  let ms = 0;
  let money = 0;
  for (const c of chosenOf(a)) {
    ms += c.to - c.from;
    money += (c.average ?? 0) * (c.to - c.from);
  }
  return ms > 0 ? money / ms : null;
}

/** Minutes of the chosen periods. */
export const minutesOf = (chosen: Chosen[]) => Math.round(chosen.reduce((t, c) => t + c.to - c.from, 0) / 60_000);

import { z } from 'zod';
import type { BatteryRequest, CarRequest } from '../../../../core/engine/schemas/battery';

/**
 * A household's home battery and electric car as a page holds them: every field said, on or off,
 * so switching one off and on again keeps what was typed. The request sends only what is on.
 */
export interface BatteryChoice {
  on: boolean;
  capacity_kwh: number;
  power_kw: number;
  strategy: 'OPTIMAL' | 'SELF_CONSUMPTION';
  /** OPTIMAL: may it send energy to the grid. */
  export: boolean;
  /** The state of charge never goes below it, % of the capacity. */
  reserve_percent: number;
  /** % at the window's start; null: the reserve. */
  initial_soc_percent: number | null;
  /** OPTIMAL: the window ends with at least this %; null: the initial. */
  final_soc_percent: number | null;
}

export interface CarChoice {
  on: boolean;
  power_kw: number;
  kwh_per_day: number;
  /** Local wall times, HH:mm:ss. */
  plug_in: string;
  ready_by: string;
  strategy: 'CHEAPEST' | 'ON_ARRIVAL';
}

/** A common home battery and a car that drives about 40 km a day: first figures to change. */
export const NO_BATTERY: BatteryChoice = {
  on: false,
  capacity_kwh: 10,
  power_kw: 5,
  strategy: 'OPTIMAL',
  export: false,
  // The model's own defaults: no reserve, starting at it and ending where it started.
  reserve_percent: 0,
  initial_soc_percent: null,
  final_soc_percent: null,
};
export const NO_CAR: CarChoice = {
  on: false,
  power_kw: 7.4,
  kwh_per_day: 8,
  plug_in: '18:00:00',
  ready_by: '07:00:00',
  strategy: 'CHEAPEST',
};

export const BATTERY_STRATEGY_WORDS: Record<BatteryChoice['strategy'], [string, string]> = {
  OPTIMAL: [
    'Cheapest plan (perfect foresight)',
    'Charges and discharges to make the bill as low as the tariffs allow, knowing every price and the usage in advance.',
  ],
  SELF_CONSUMPTION: [
    'Self-consumption',
    'Stores solar surplus and covers the home’s use with it; never charges from or sends to the grid.',
  ],
};

export const CAR_STRATEGY_WORDS: Record<CarChoice['strategy'], [string, string]> = {
  CHEAPEST: ['Cheapest hours overnight', 'Each night’s need in the night’s cheapest hours before it must be ready.'],
  ON_ARRIVAL: ['As soon as it plugs in', 'Full power from plug-in until the need is met.'],
};

/** The states of charge in force: a field left empty takes the model's default (initial = reserve, final = initial). */
export function socOf(b: BatteryChoice): { reserve: number; initial: number; final: number } {
  const initial = b.initial_soc_percent ?? b.reserve_percent;
  return { reserve: b.reserve_percent, initial, final: b.final_soc_percent ?? initial };
}

export type SocField = 'reserve_percent' | 'initial_soc_percent' | 'final_soc_percent';

/** What is wrong with the battery's states of charge, per field, in the API's own terms; empty when nothing. */
export function socProblems(b: BatteryChoice): Partial<Record<SocField, string>> {
  const out: Partial<Record<SocField, string>> = {};
  const { reserve, initial, final } = socOf(b);
  const pct = (v: number) => Number.isFinite(v) && v >= 0 && v <= 100;
  if (!pct(reserve)) out.reserve_percent = 'The reserve is a percentage from 0 to 100.';
  if (!pct(initial)) out.initial_soc_percent = 'The start is a percentage from 0 to 100.';
  else if (pct(reserve) && initial < reserve)
    out.initial_soc_percent = `The start cannot be below the reserve (${reserve} %).`;
  if (b.strategy === 'OPTIMAL') {
    if (!pct(final)) out.final_soc_percent = 'The end is a percentage from 0 to 100.';
    else if (pct(reserve) && final < reserve)
      out.final_soc_percent = `The end cannot be below the reserve (${reserve} %).`;
  }
  return out;
}

/**
 * The request's `battery`, or nothing with the battery off. Export and the final state of charge
 * apply to the cheapest plan only. The states of charge are sent as they are in force.
 */
export function batteryRequest(b: BatteryChoice): BatteryRequest | undefined {
  if (!b.on) return undefined;
  const { reserve, initial, final } = socOf(b);
  return {
    capacity_kwh: b.capacity_kwh,
    power_kw: b.power_kw,
    strategy: b.strategy,
    reserve_percent: reserve,
    initial_soc_percent: initial,
    ...(b.strategy === 'OPTIMAL' ? { final_soc_percent: final, export: b.export } : {}),
  };
}

/** The battery's state of charge at the window's start, kWh (where its day view's line starts). */
export const initialKwhOf = (b: BatteryChoice) => (b.capacity_kwh * socOf(b).initial) / 100;

/** The request's `car`, or nothing with the car off. */
export function carRequest(c: CarChoice): CarRequest | undefined {
  if (!c.on) return undefined;
  return {
    power_kw: c.power_kw,
    kwh_per_day: c.kwh_per_day,
    plug_in: c.plug_in,
    ready_by: c.ready_by,
    strategy: c.strategy,
  };
}

/** The part of a request both pages add: the battery and car that are on, and the battery's every interval. */
export function flexibleBody(b: BatteryChoice, c: CarChoice) {
  const battery = batteryRequest(b);
  const car = carRequest(c);
  return {
    ...(battery ? { battery, include_dispatch: true } : {}),
    ...(car ? { car } : {}),
  };
}

/** "HH:mm" as a time field shows it, back to the request's "HH:mm:ss". */
export const timeOfField = (v: string) => (/^\d{2}:\d{2}$/.test(v) ? `${v}:00` : v);

const time = z.string().regex(/^\d{2}:\d{2}:\d{2}$/);

/** How the choices are kept in the browser's storage (read back checked: an edited value starts afresh). */
export const KeptBattery = z.object({
  on: z.boolean(),
  capacity_kwh: z.number().positive(),
  power_kw: z.number().positive(),
  strategy: z.enum(['OPTIMAL', 'SELF_CONSUMPTION']),
  export: z.boolean(),
  // Kept before the states of charge were offered: the model's defaults.
  reserve_percent: z.number().min(0).max(100).default(0),
  initial_soc_percent: z.number().min(0).max(100).nullable().default(null),
  final_soc_percent: z.number().min(0).max(100).nullable().default(null),
});
export const KeptCar = z.object({
  on: z.boolean(),
  power_kw: z.number().positive(),
  kwh_per_day: z.number().min(0),
  plug_in: time,
  ready_by: time,
  strategy: z.enum(['CHEAPEST', 'ON_ARRIVAL']),
});

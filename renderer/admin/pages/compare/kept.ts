import { z } from 'zod';
import { DateTime } from 'luxon';
import { TariffCandidate } from '../../../../core/engine/schemas/cost';
import { Metering } from '../../../../core/engine/schemas/bill';
import { MAX_CANDIDATES, type CompareOption } from './model';
import type { SolarChoice } from './solar';
import type { CompareWindow } from './window';
import { KeptBattery, KeptCar, type BatteryChoice, type CarChoice } from '../../components/battery/model';

/**
 * What Compare keeps of an analyst's work, per mode and location, so that a visit to another
 * page or a reload brings it back: the candidates, the usage profile and its kWh per year, the
 * solar, the metering and the window. A meter file (usage or solar) is not kept: a year of
 * intervals is too much for the browser's storage, and the file is at hand to load again. The
 * household's battery and car are kept too, on or off.
 */
export interface CompareKept {
  options: CompareOption[];
  usage: { profile: string; kwh_per_year: number; auto?: true } | null;
  solar: SolarChoice;
  metering: Metering;
  /** The true-up month was picked by hand; else it follows the window's last month. */
  true_up_by_hand?: boolean;
  window: CompareWindow;
  /** The household's battery and car (kept off and at their first figures when never set). */
  battery?: BatteryChoice;
  car?: CarChoice;
  /** An export tariff tried for a location that has none (ExportCandidate.tsx). */
  export_option?: CompareOption;
}

/** The storage key: test and live work are apart, as are locations. */
export const keptKey = (live: boolean, locationId: string) =>
  `tariff-desk:compare:${live ? 'live' : 'test'}:${locationId}`;

const Option = z.object({
  key: z.string(),
  name: z.string(),
  own: z.string().optional(),
  origin: z.string().optional(),
  source: z.enum(['library', 'copy', 'edited', 'new']),
  candidate: z.unknown(),
  foreign: z.string().optional(),
});

const Window = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('next') }),
  z.object({ kind: z.literal('calendar'), year: z.number().int().min(1900).max(3000) }),
  z.object({ kind: z.literal('from'), month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) }),
]);

const Solar = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('profile'), kwh_per_year: z.number().min(0) }),
]);

const Kept = z.object({
  version: z.literal(1),
  options: z.array(Option).max(MAX_CANDIDATES),
  usage: z
    .object({ profile: z.string(), kwh_per_year: z.number().min(0), auto: z.literal(true).optional() })
    .nullable(),
  solar: Solar,
  metering: Metering,
  true_up_by_hand: z.boolean().optional(),
  window: Window,
  // Read apart below: a battery or car that is not as written costs only itself.
  battery: z.unknown().optional(),
  car: z.unknown().optional(),
  export_option: Option.optional(),
});

/**
 * The kept work read back from its stored text, or null where there is none or it is not
 * what this version writes (another version's, or edited by hand): a page starts afresh then.
 * A candidate the API would refuse is dropped alone, so one bad entry costs only itself.
 */
export function readKept(text: string | null): CompareKept | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const kept = Kept.safeParse(raw);
  if (!kept.success) return null;
  const { version: _v, battery: b, car: c, export_option: e, ...rest } = kept.data;
  const options = rest.options.filter((o) => TariffCandidate.safeParse(o.candidate).success) as CompareOption[];
  const exported = TariffCandidate.safeParse(e?.candidate).data;
  const exportOption = e && exported?.direction === 'EXPORT' ? ({ ...e, candidate: exported } as CompareOption) : null;
  const battery = KeptBattery.safeParse(b).data;
  const car = KeptCar.safeParse(c).data;
  return {
    ...rest,
    options,
    ...(battery ? { battery } : {}),
    ...(car ? { car } : {}),
    ...(exportOption ? { export_option: exportOption } : {}),
  };
}

/**
 * The text kept for the page's state. A meter file's usage keeps no usage (the profile picked
 * for the location comes back); a meter file's solar is kept as no solar.
 */
export function writeKept(k: CompareKept): string {
  const solar: SolarChoice = k.solar.kind === 'csv' ? { kind: 'none' } : k.solar;
  return JSON.stringify({ version: 1, ...k, solar });
}

/** The month (1–12) of the last day before `to` (an end date, exclusive), in the zone. */
export const lastMonthOf = (to: string, zone: string) => DateTime.fromISO(to, { zone }).minus({ days: 1 }).month;

/** The months (1–12) of the span [from, to) of local dates. */
export function monthsIn(from: string, to: string, zone: string): number[] {
  const out: number[] = [];
  const end = DateTime.fromISO(to, { zone });
  for (let m = DateTime.fromISO(from, { zone }).startOf('month'); m < end && out.length < 12; m = m.plus({ months: 1 }))
    out.push(m.month);
  return out;
}

/**
 * Standard usage profiles: a daily shape per season and day type, laid on a location's local
 * time and scaled to a yearly energy (`layout.ts`).
 *
 * The shapes are APPROXIMATIONS of the published profiles, written here as 24 hourly anchor
 * values (relative power) per season and day type and interpolated to the profile's interval.
 * They keep each published profile's structure (its seasons, its day types, its interval) and
 * its broad daily pattern (night trough, morning rise, midday and evening peaks), not its
 * published quarter-hour numbers. What each one leaves out is said beside it.
 */

export type DayType = 'weekday' | 'saturday' | 'sunday';
export const DAY_TYPES: readonly DayType[] = ['weekday', 'saturday', 'sunday'];

export interface Season {
  name: string;
  /** `MM-DD`, inclusive. */
  from: string;
  /** `MM-DD`, inclusive; a season may wrap past the new year. */
  to: string;
}

interface ProfileDef {
  name: string;
  description: string;
  source: string;
  country: string | null;
  interval_minutes: 15 | 30;
  seasons: Season[];
  /** Season name → day type → 24 hourly anchors (relative power at each hour's middle). */
  hourly: Record<string, Record<DayType, readonly number[]>>;
}

type Days = Record<DayType, readonly number[]>;
/** One anchor row per day type, made by `row`. */
const eachDay = (row: (t: DayType) => readonly number[]): Days => ({
  weekday: row('weekday'),
  saturday: row('saturday'),
  sunday: row('sunday'),
});
/** The same anchors on every day type. */
const allDays = (h: readonly number[]) => eachDay(() => h);
/** Saturday and Sunday share one shape (profiles with two day types). */
const weekdayWeekend = (weekday: readonly number[], weekend: readonly number[]) =>
  eachDay((t) => (t === 'weekday' ? weekday : weekend));

/** The hour-by-hour mean of two anchor rows (a transition season between two others). */
const mean = (a: readonly number[], b: readonly number[]) => a.map((x, i) => (x + b[i]!) / 2);
const scaled = (a: readonly number[], f: number) => a.map((x) => x * f);
/** Each day type's mean of two seasons, scaled by `f`. */
const meanDays = (a: Days, b: Days, f = 1) => eachDay((t) => scaled(mean(a[t], b[t]), f));
const scaledDays = (a: Days, f: number) => eachDay((t) => scaled(a[t], f));

// BDEW H0 (household): anchors in watts per 1 000 kWh a year, read off the published curves'
// shape. Seasons and day types as BDEW defines them; public holidays (Sunday in H0) and
// 24/31 December (Saturday) are not recognised, and the published day-of-year
// "dynamisation" polynomial is left out: the seasons alone carry the year's swing.
const H0_WINTER = {
  weekday: [
    80, 65, 58, 55, 55, 60, 85, 130, 140, 130, 125, 130, 150, 145, 130, 125, 140, 175, 210, 215, 195, 170, 140, 105,
  ],
  saturday: [
    90, 72, 62, 58, 56, 58, 68, 95, 130, 155, 165, 170, 180, 170, 150, 140, 150, 180, 205, 205, 190, 170, 145, 115,
  ],
  sunday: [
    95, 78, 66, 60, 57, 57, 62, 78, 110, 150, 175, 195, 210, 185, 155, 140, 145, 170, 195, 200, 185, 160, 135, 105,
  ],
};
const H0_SUMMER = {
  weekday: [
    70, 58, 52, 50, 50, 55, 75, 105, 110, 105, 105, 110, 125, 120, 108, 102, 108, 130, 150, 155, 150, 150, 135, 95,
  ],
  saturday: [
    78, 64, 56, 52, 50, 52, 60, 82, 110, 130, 140, 145, 155, 145, 125, 115, 118, 135, 150, 150, 145, 145, 135, 100,
  ],
  sunday: [
    85, 70, 60, 55, 52, 52, 56, 68, 95, 128, 150, 165, 175, 155, 130, 118, 118, 130, 145, 148, 145, 140, 125, 95,
  ],
};

// Elexon profile class 1 (domestic unrestricted): half-hourly, five seasons and three day
// types. The published class is a regression on temperature and sunset time per settlement
// day; these anchors stand for a typical day of each season, and the season boundaries are
// calendar dates (Elexon's follow the clock changes and the school summer holiday).
const PC1_WINTER = {
  weekday: [
    0.42, 0.32, 0.28, 0.26, 0.26, 0.28, 0.38, 0.6, 0.66, 0.56, 0.52, 0.53, 0.56, 0.54, 0.52, 0.56, 0.72, 0.95, 1.0,
    0.92, 0.82, 0.74, 0.64, 0.52,
  ],
  saturday: [
    0.46, 0.35, 0.3, 0.27, 0.26, 0.27, 0.32, 0.42, 0.58, 0.68, 0.7, 0.7, 0.72, 0.68, 0.64, 0.66, 0.78, 0.96, 0.98, 0.9,
    0.8, 0.72, 0.64, 0.54,
  ],
  sunday: [
    0.48, 0.37, 0.31, 0.28, 0.27, 0.27, 0.3, 0.36, 0.5, 0.66, 0.74, 0.8, 0.84, 0.74, 0.66, 0.66, 0.78, 0.95, 0.97, 0.88,
    0.78, 0.7, 0.6, 0.5,
  ],
};
const PC1_SUMMER = {
  weekday: [
    0.32, 0.25, 0.22, 0.21, 0.21, 0.22, 0.3, 0.44, 0.46, 0.42, 0.4, 0.41, 0.44, 0.42, 0.4, 0.41, 0.48, 0.6, 0.64, 0.62,
    0.6, 0.6, 0.54, 0.42,
  ],
  saturday: [
    0.35, 0.27, 0.23, 0.21, 0.21, 0.21, 0.25, 0.32, 0.44, 0.5, 0.52, 0.53, 0.55, 0.52, 0.48, 0.47, 0.52, 0.6, 0.62, 0.6,
    0.58, 0.58, 0.52, 0.43,
  ],
  sunday: [
    0.37, 0.29, 0.24, 0.22, 0.21, 0.21, 0.23, 0.28, 0.38, 0.48, 0.55, 0.6, 0.63, 0.56, 0.5, 0.48, 0.52, 0.6, 0.62, 0.6,
    0.57, 0.56, 0.5, 0.41,
  ],
};
const PC1_MID = meanDays(PC1_WINTER, PC1_SUMMER);

// An EV charged overnight on a timer (a typical off-peak window 23:30–05:30 at home), with a
// small evening plug-in top-up; weekends charge a little less at night and a little by day.
// Constructed, not published: the same all year.
const EV_WEEKDAY = [
  0.95, 1.0, 1.0, 1.0, 1.0, 0.8, 0.15, 0.02, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.02, 0.04, 0.06, 0.06,
  0.05, 0.05, 0.1, 0.6,
];
const EV_WEEKEND = [
  0.8, 0.85, 0.85, 0.85, 0.85, 0.7, 0.12, 0.02, 0.02, 0.04, 0.06, 0.08, 0.08, 0.08, 0.06, 0.05, 0.05, 0.06, 0.06, 0.06,
  0.05, 0.05, 0.1, 0.5,
];

// An air-source heat pump for space heating and hot water: a nearly flat day with morning and
// evening peaks and a lower night setback; its level falls from winter to summer, when only
// hot water is left. Constructed from that pattern, not a published profile.
const HP_DAY = [
  0.7, 0.68, 0.68, 0.7, 0.74, 0.85, 1.0, 1.05, 1.0, 0.9, 0.82, 0.78, 0.75, 0.74, 0.75, 0.8, 0.88, 0.96, 1.0, 0.98, 0.92,
  0.85, 0.78, 0.72,
];
const HP_SUMMER = [
  0.1, 0.1, 0.1, 0.1, 0.1, 0.12, 0.25, 0.3, 0.2, 0.12, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.12, 0.18, 0.28, 0.3, 0.22, 0.15,
  0.12, 0.1,
];

/** Weekday anchors, and one set for both weekend days (profiles with two day types). */
// AEMO net system load profile (NSLP), NSW: the half-hourly load of the meters read only by
// accumulation, mostly households. Southern-hemisphere seasons (summer is December–February).
// Summer afternoons climb with air conditioning to an early-evening peak; winter has a morning
// peak and the year's highest evening peak (heating, lighting); autumn and spring sit below
// both. The published NSLP is a new curve every day (the area's load, weather and all); these
// anchors stand for a typical day of each calendar season, weekday and weekend.
const NSLP_SUMMER = weekdayWeekend(
  [
    0.58, 0.5, 0.46, 0.44, 0.44, 0.47, 0.55, 0.64, 0.66, 0.66, 0.68, 0.72, 0.76, 0.8, 0.84, 0.88, 0.93, 0.99, 1.02, 1.0,
    0.95, 0.88, 0.78, 0.67,
  ],
  [
    0.62, 0.53, 0.48, 0.45, 0.44, 0.45, 0.49, 0.56, 0.66, 0.74, 0.8, 0.85, 0.88, 0.9, 0.92, 0.94, 0.97, 1.0, 1.02, 1.0,
    0.95, 0.88, 0.79, 0.69,
  ],
);
const NSLP_WINTER = weekdayWeekend(
  [
    0.6, 0.52, 0.48, 0.46, 0.47, 0.52, 0.7, 0.92, 0.9, 0.78, 0.7, 0.66, 0.64, 0.62, 0.63, 0.7, 0.88, 1.12, 1.18, 1.12,
    1.02, 0.92, 0.8, 0.68,
  ],
  [
    0.64, 0.55, 0.5, 0.47, 0.47, 0.49, 0.56, 0.72, 0.88, 0.94, 0.9, 0.84, 0.8, 0.76, 0.74, 0.78, 0.92, 1.12, 1.18, 1.12,
    1.02, 0.93, 0.82, 0.7,
  ],
);
const NSLP_SHOULDER = meanDays(NSLP_SUMMER, NSLP_WINTER, 0.85);

// ERCOT residential load profile: 15-minute, summer-peaking with air conditioning (the
// afternoon and early evening of June–September carry the year), a smaller winter peak morning
// and evening from electric heating, mild spring and autumn. ERCOT's profiles are computed per
// day and weather zone from the weather; these anchors stand for a typical day of each calendar
// season, weekday and weekend (ERCOT's two day types).
const ERCOT_SUMMER = weekdayWeekend(
  [
    0.62, 0.56, 0.52, 0.5, 0.49, 0.5, 0.54, 0.56, 0.56, 0.58, 0.62, 0.68, 0.75, 0.83, 0.9, 0.97, 1.02, 1.05, 1.04, 0.99,
    0.92, 0.84, 0.76, 0.68,
  ],
  [
    0.64, 0.58, 0.54, 0.51, 0.5, 0.5, 0.52, 0.55, 0.6, 0.65, 0.71, 0.77, 0.84, 0.9, 0.95, 1.0, 1.03, 1.05, 1.03, 0.98,
    0.92, 0.85, 0.77, 0.7,
  ],
);
const ERCOT_WINTER = weekdayWeekend(
  [
    0.46, 0.43, 0.42, 0.42, 0.44, 0.5, 0.6, 0.66, 0.6, 0.5, 0.45, 0.42, 0.4, 0.39, 0.39, 0.41, 0.46, 0.56, 0.64, 0.66,
    0.64, 0.6, 0.55, 0.5,
  ],
  [
    0.48, 0.45, 0.43, 0.43, 0.44, 0.47, 0.53, 0.6, 0.63, 0.6, 0.55, 0.5, 0.47, 0.45, 0.44, 0.45, 0.49, 0.57, 0.64, 0.66,
    0.64, 0.6, 0.55, 0.51,
  ],
);
const ERCOT_SHOULDER = meanDays(ERCOT_SUMMER, ERCOT_WINTER, 0.75);

// A Norwegian household: most homes heat with electricity (panel heaters, heat pumps) and
// hot water, so the year swings about threefold from winter to summer, and a winter night stays
// high. Morning and evening peaks on weekdays; a late, broad morning at weekends. Constructed
// from that pattern, not a published profile.
const NO_WINTER = weekdayWeekend(
  [
    0.78, 0.74, 0.72, 0.72, 0.74, 0.8, 0.95, 1.12, 1.15, 1.02, 0.94, 0.92, 0.92, 0.9, 0.9, 0.95, 1.08, 1.22, 1.26, 1.22,
    1.15, 1.06, 0.96, 0.86,
  ],
  [
    0.82, 0.77, 0.74, 0.73, 0.73, 0.75, 0.8, 0.9, 1.04, 1.14, 1.18, 1.16, 1.12, 1.08, 1.04, 1.04, 1.1, 1.2, 1.24, 1.2,
    1.14, 1.06, 0.98, 0.9,
  ],
);
const NO_SUMMER = weekdayWeekend(
  [
    0.26, 0.24, 0.23, 0.23, 0.23, 0.25, 0.32, 0.4, 0.38, 0.32, 0.3, 0.3, 0.31, 0.3, 0.3, 0.32, 0.38, 0.44, 0.45, 0.43,
    0.41, 0.39, 0.35, 0.3,
  ],
  [
    0.28, 0.25, 0.24, 0.23, 0.23, 0.23, 0.26, 0.3, 0.36, 0.4, 0.42, 0.42, 0.41, 0.39, 0.37, 0.36, 0.38, 0.42, 0.44,
    0.42, 0.4, 0.38, 0.35, 0.31,
  ],
);
const NO_SHOULDER = meanDays(NO_WINTER, NO_SUMMER);

/** Calendar seasons of three months, northern or southern hemisphere (summer takes 29 February in the south). */
const calendarSeasons = (south: boolean): Season[] => [
  { name: south ? 'summer' : 'winter', from: '12-01', to: '02-29' },
  { name: south ? 'autumn' : 'spring', from: '03-01', to: '05-31' },
  { name: south ? 'winter' : 'summer', from: '06-01', to: '08-31' },
  { name: south ? 'spring' : 'autumn', from: '09-01', to: '11-30' },
];

const BDEW_SEASONS: Season[] = [
  { name: 'winter', from: '11-01', to: '03-20' },
  { name: 'transition_spring', from: '03-21', to: '05-14' },
  { name: 'summer', from: '05-15', to: '09-14' },
  { name: 'transition_autumn', from: '09-15', to: '10-31' },
];
// Texas summers are long: June to September.
const ERCOT_SEASONS: Season[] = [
  { name: 'winter', from: '12-01', to: '02-29' },
  { name: 'spring', from: '03-01', to: '05-31' },
  { name: 'summer', from: '06-01', to: '09-30' },
  { name: 'autumn', from: '10-01', to: '11-30' },
];
const H0_TRANSITION = meanDays(H0_WINTER, H0_SUMMER);

export const PROFILES: readonly ProfileDef[] = [
  {
    name: 'bdew_h0',
    description:
      'German household standard load profile H0: 96 quarter hours per day; winter, transition and summer; working day, Saturday, Sunday. An approximation of the published shape.',
    source:
      'BDEW (formerly VDEW) representative load profiles, 1999, profile H0; shape approximated from the published curves, without the day-of-year dynamisation and without public holidays.',
    country: 'DE',
    interval_minutes: 15,
    seasons: BDEW_SEASONS,
    hourly: {
      winter: H0_WINTER,
      transition_spring: H0_TRANSITION,
      summer: H0_SUMMER,
      transition_autumn: H0_TRANSITION,
    },
  },
  {
    name: 'elexon_pc1',
    description:
      'GB profile class 1, domestic unrestricted: 48 half hours per day; five seasons; weekday, Saturday, Sunday. An approximation of the published shape.',
    source:
      'Elexon load profiles, profile class 1 (domestic unrestricted); shape approximated for a typical day per season (the published class is a regression on temperature and sunset), seasons as calendar dates.',
    country: 'GB',
    interval_minutes: 30,
    seasons: [
      { name: 'winter', from: '11-01', to: '03-31' },
      { name: 'spring', from: '04-01', to: '05-31' },
      { name: 'summer', from: '06-01', to: '07-19' },
      { name: 'high_summer', from: '07-20', to: '08-31' },
      { name: 'autumn', from: '09-01', to: '10-31' },
    ],
    hourly: {
      winter: PC1_WINTER,
      spring: PC1_MID,
      summer: PC1_SUMMER,
      high_summer: scaledDays(PC1_SUMMER, 0.95),
      autumn: PC1_MID,
    },
  },
  {
    name: 'aemo_nslp',
    description:
      'Australian household, AEMO NSLP (NSW net system load profile): 48 half hours per day; summer, autumn, winter, spring (summer is December to February); weekday, weekend. An approximation of the published shape.',
    source:
      'AEMO net system load profile (NSLP), NSW; shape approximated for a typical day per calendar season (the published NSLP is a new curve each day, from the area’s metered load), weekday and weekend.',
    country: 'AU',
    interval_minutes: 30,
    seasons: calendarSeasons(true),
    hourly: { summer: NSLP_SUMMER, autumn: NSLP_SHOULDER, winter: NSLP_WINTER, spring: NSLP_SHOULDER },
  },
  {
    name: 'ercot_residential',
    description:
      'US household, ERCOT residential (Texas): 96 quarter hours per day; summer-peaking with air conditioning, a smaller winter peak; weekday, weekend. An approximation of the published shape.',
    source:
      'ERCOT residential load profile; shape approximated for a typical day per calendar season (ERCOT computes its profiles per day and weather zone from the weather), weekday and weekend.',
    country: 'US',
    interval_minutes: 15,
    seasons: ERCOT_SEASONS,
    hourly: { winter: ERCOT_WINTER, spring: ERCOT_SHOULDER, summer: ERCOT_SUMMER, autumn: ERCOT_SHOULDER },
  },
  {
    name: 'no_household',
    description:
      'Norwegian household with electric heating: 96 quarter hours per day; strongly winter-peaking (about three times the summer); weekday, weekend.',
    source:
      'Constructed shape (not a published profile): a household heating and heating water with electricity, morning and evening peaks, on calendar seasons.',
    country: 'NO',
    interval_minutes: 15,
    seasons: calendarSeasons(false),
    hourly: { winter: NO_WINTER, spring: NO_SHOULDER, summer: NO_SUMMER, autumn: NO_SHOULDER },
  },
  {
    name: 'ev_overnight',
    description:
      'An electric car charged at home overnight on a timer (about 23:30–05:30), with a small evening top-up.',
    source: 'Constructed shape (not a published profile): timer charging in an off-peak night window.',
    country: null,
    interval_minutes: 15,
    seasons: [{ name: 'all_year', from: '01-01', to: '12-31' }],
    hourly: { all_year: { weekday: EV_WEEKDAY, saturday: EV_WEEKEND, sunday: EV_WEEKEND } },
  },
  {
    name: 'heat_pump',
    description:
      'An air-source heat pump for heating and hot water: morning and evening peaks, night setback; high in winter, hot water only in summer.',
    source: 'Constructed shape (not a published profile): heating-season levels on BDEW’s season dates.',
    country: null,
    interval_minutes: 15,
    seasons: BDEW_SEASONS,
    hourly: {
      winter: allDays(HP_DAY),
      transition_spring: allDays(scaled(HP_DAY, 0.55)),
      summer: allDays(HP_SUMMER),
      transition_autumn: allDays(scaled(HP_DAY, 0.45)),
    },
  },
];

/** A profile ready for layout: per season and day type, one weight per interval of the day. */
export interface UsageShape {
  name: string;
  description: string;
  source: string;
  country: string | null;
  interval_minutes: 15 | 30;
  seasons: Season[];
  /** Slots per nominal day (96 or 48). */
  slots: number;
  /** `weights[season index][day type index][slot]`; the reference year's layout sums to 1. */
  weights: Float64Array[][];
  /** The season index of each day of a non-leap year's `month * 32 + day`. */
  seasonOf(month: number, day: number): number;
}

/** The anchors interpolated to the slot midpoints, read as a cycle over the day. */
function expand(hourly: readonly number[], slots: number): Float64Array {
  const out = new Float64Array(slots);
  const perHour = slots / 24;
  for (let s = 0; s < slots; s++) {
    // Anchors sit at each hour's middle; a slot's middle lies between two of them.
    const x = (s + 0.5) / perHour - 0.5;
    const i = Math.floor(x);
    const f = x - i;
    const a = hourly[(i + 24) % 24]!;
    const b = hourly[(i + 25) % 24]!;
    out[s] = a + (b - a) * f;
  }
  return out;
}

const md = (s: string) => Number(s.slice(0, 2)) * 100 + Number(s.slice(3, 5));

function seasonIndex(seasons: Season[]): (month: number, day: number) => number {
  const table = new Int8Array(13 * 32).fill(-1);
  for (let m = 1; m <= 12; m++)
    for (let d = 1; d <= 31; d++) {
      const v = m * 100 + d;
      table[m * 32 + d] = seasons.findIndex((s) =>
        md(s.from) <= md(s.to) ? v >= md(s.from) && v <= md(s.to) : v >= md(s.from) || v <= md(s.to),
      );
    }
  return (month, day) => table[month * 32 + day]!;
}

/** ISO weekday (1 = Monday) to day type. */
export const dayTypeOf = (weekday: number) => (weekday === 7 ? 2 : weekday === 6 ? 1 : 0);

function build(def: ProfileDef): UsageShape {
  const slots = (24 * 60) / def.interval_minutes;
  const seasonOf = seasonIndex(def.seasons);
  const raw = def.seasons.map((s) => DAY_TYPES.map((t) => expand(def.hourly[s.name]![t], slots)));
  // The reference year: 2025, 365 days of 24 hours (no clock change), weekdays as they fall.
  let sum = 0;
  for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2026, 0, 1); t += 86_400_000) {
    const d = new Date(t);
    const day = raw[seasonOf(d.getUTCMonth() + 1, d.getUTCDate())]![dayTypeOf(((d.getUTCDay() + 6) % 7) + 1)]!;
    for (let s = 0; s < slots; s++) sum += day[s]!;
  }
  const weights = raw.map((byType) => byType.map((w) => w.map((x) => x / sum)));
  return { ...def, slots, weights, seasonOf };
}

const SHAPES = new Map(PROFILES.map((p) => [p.name, build(p)]));

export const usageShape = (name: string): UsageShape | undefined => SHAPES.get(name);
export const usageShapes = (): UsageShape[] => [...SHAPES.values()];

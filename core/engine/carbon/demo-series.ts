import { DateTime } from 'luxon';

/**
 * A synthetic, deterministic grid carbon-intensity series for demos and tests: no real grid data
 * is fetched. Each region has a typical intensity (low where hydro or nuclear dominate, high where
 * coal does), a midday solar dip sized to its solar share and the season, an evening peak, a
 * lighter night, and noise seeded by the region and the hour, so the same hour always reads the same.
 */

/** Typical grid intensity in gCO2/kWh, by market region or country code. */
const BASE: Readonly<Record<string, number>> = {
  GB: 190,
  'DE-LU': 380,
  DE: 380,
  FR: 60,
  NO1: 30,
  NO: 30,
  SE: 45,
  'AU-NSW': 680,
  AU: 600,
  'US-ERCOT': 390,
  'US-CAISO': 230,
  US: 380,
  PL: 700,
  NL: 330,
  ES: 160,
  IT: 300,
  AT: 120,
  CH: 50,
  DK: 150,
  BE: 160,
  IE: 280,
};
const DEFAULT_BASE = 400;

/** Share of the midday demand met by solar at the height of summer. */
const SOLAR: Readonly<Record<string, number>> = {
  'US-CAISO': 0.35,
  'AU-NSW': 0.25,
  AU: 0.25,
  ES: 0.3,
  'DE-LU': 0.25,
  DE: 0.25,
  IT: 0.2,
  NL: 0.15,
  GB: 0.1,
  NO1: 0,
  NO: 0,
  SE: 0.02,
};
const DEFAULT_SOLAR = 0.15;

const EVENING = 0.12;
const NIGHT = 0.08;
const NOISE = 0.08;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A number in [0, 1) from a string (FNV-1a): the series' noise. */
function unit(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

export interface CarbonReading {
  /** gCO2 per kWh. */
  intensity: number;
  /** 0 at the cleanest the region's series can be, 1 at the dirtiest; 2 decimals. */
  relative: number;
  /** 1 for an hour that has begun; lower the further ahead the hour lies. */
  confidence: number;
}

/** How sure a reading is: begun hours are known, the next day nearly, then less by the day. */
function confidenceOf(hourStart: number, now: number): number {
  if (hourStart <= now) return 1;
  const ahead = hourStart - now;
  if (ahead <= DAY) return 0.9;
  if (ahead <= 3 * DAY) return 0.8;
  return Math.max(0.3, Math.round((0.8 - 0.1 * Math.ceil((ahead - 3 * DAY) / DAY)) * 10) / 10);
}

/**
 * The demo series' reading for the UTC hour that holds `at`, in a region (a market region such as
 * `DE-LU`, else a country code) whose wall clock is `zone`; `now` decides the confidence.
 */
export function demoCarbon(region: string, zone: string, at: number, now: number): CarbonReading {
  const hourStart = Math.floor(at / HOUR) * HOUR;
  const base = BASE[region] ?? BASE[region.slice(0, 2)] ?? DEFAULT_BASE;
  const solarShare = SOLAR[region] ?? SOLAR[region.slice(0, 2)] ?? DEFAULT_SOLAR;
  const local = DateTime.fromMillis(hourStart + HOUR / 2, { zone });
  const h = local.hour + local.minute / 60;
  // Solar is strongest at midsummer: the northern one in June, the southern in December.
  const south = zone.startsWith('Australia/') || zone.startsWith('Pacific/Auckland');
  const season = 0.65 + 0.35 * Math.cos((2 * Math.PI * (local.ordinal - (south ? 355 : 172))) / 365);
  const solar = h > 6 && h < 18 ? solarShare * season * Math.sin((Math.PI * (h - 6)) / 12) : 0;
  const evening = EVENING * Math.exp(-((h - 18.5) ** 2) / 4);
  const night = NIGHT * Math.exp(-((h - 3) ** 2) / 6);
  const noise = (unit(`${region}:${hourStart / HOUR}`) - 0.5) * 2 * NOISE;
  const intensity = Math.max(0, Math.round(base * (1 - solar + evening - night + noise)));
  const lo = base * (1 - solarShare - NIGHT - NOISE);
  const hi = base * (1 + EVENING + NOISE);
  const relative = Math.min(1, Math.max(0, (intensity - lo) / (hi - lo)));
  return {
    intensity,
    relative: Math.round(relative * 100) / 100,
    confidence: confidenceOf(hourStart, now),
  };
}

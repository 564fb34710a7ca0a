import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PostalAddress } from '../../engine/schemas/location.js';

/** A city row of the package's table: name, country, state code, latitude, longitude. */
type CityRow = [string, string, string, string, string];
interface Area {
  name: string;
  isoCode: string;
  countryCode: string;
  latitude: string | null;
  longitude: string | null;
}

const require = createRequire(import.meta.url);
const asset = (name: string) => require.resolve(`country-state-city/lib/assets/${name}`);

/** Each country's cities by folded name (case and accents aside). */
const cities = new Map<string, Map<string, CityRow[]>>();
let states: Area[] | undefined;
let countries: Area[] | undefined;

/**
 * One country's cities. The table (8 MB, sorted by country) is read once per country asked
 * for and only that country's rows are decoded and kept: the whole table parsed would hold
 * about 50 MiB, and a host serves a handful of countries.
 */
function citiesOf(country: string): Map<string, CityRow[]> {
  const known = cities.get(country);
  if (known) return known;
  // Searched as bytes: decoding all 8 MB to a string would take most of the time.
  const bytes = readFileSync(asset('city.json'));
  /** The row around byte `at`, and where the next one starts. */
  const rowAt = (at: number) => {
    const start = bytes.lastIndexOf('["', at);
    const end = bytes.indexOf('"]', at) + 2;
    return { row: JSON.parse(bytes.toString('utf8', start, end)) as CityRow, next: end + 1 };
  };
  const rows: CityRow[] = [];
  const mark = `","${country}","`;
  // The first row of the country (the code may also be a state code in another country's row).
  let at = bytes.indexOf(mark);
  while (at >= 0 && rowAt(at).row[1] !== country) at = bytes.indexOf(mark, at + 1);
  // Rows are sorted by country: read on until the country changes.
  for (let pos = at; pos >= 0 && pos < bytes.length;) {
    const { row, next } = rowAt(pos);
    if (row[1] !== country) break;
    rows.push(row);
    pos = bytes.indexOf('["', next);
  }
  const byName = new Map<string, CityRow[]>();
  for (const r of rows) {
    const k = fold(r[0]);
    const list = byName.get(k);
    if (list) list.push(r);
    else byName.set(k, [r]);
  }
  cities.set(country, byName);
  return byName;
}

const point = (lat: string | null, lng: string | null) =>
  lat && lng && Number.isFinite(Number(lat)) && Number.isFinite(Number(lng))
    ? { lat: Number(lat), lng: Number(lng) }
    : null;

/** A name without case or accents, so München and munchen meet. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const same = (a: string, b: string) => fold(a) === fold(b);

/** The country's state (subdivision) an address names, by its ISO code or its name, from the package's table. */
function stateOf(address: PostalAddress): Area | undefined {
  const country = address.country_code.toUpperCase();
  states ??= JSON.parse(readFileSync(asset('state.json'), 'utf8')) as Area[];
  const wanted = address.state?.trim();
  return wanted
    ? states.find((s) => s.countryCode === country && (same(s.isoCode, wanted) || same(s.name, wanted)))
    : undefined;
}

/**
 * The state code of an address ("CA" for "California" or "ca"), so that a market region's
 * `states` meet it however it was written; a state the table does not know is kept as written,
 * upper-cased; null without one.
 */
export function stateCodeOf(address: PostalAddress): string | null {
  const wanted = address.state?.trim();
  if (!wanted) return null;
  return stateOf(address)?.isoCode.toUpperCase() ?? wanted.toUpperCase();
}

/**
 * Approximate coordinates of an address, offline: its city's (in its state where the country
 * has several cities of that name), else its state's, else its country's; null for none.
 */
export function coordinatesOf(address: PostalAddress): { lat: number; lng: number } | null {
  const country = address.country_code.toUpperCase();
  const state = stateOf(address);
  const city = address.city?.trim();
  if (city) {
    const named = citiesOf(country).get(fold(city)) ?? [];
    const hit = (state && named.find((r) => r[2] === state.isoCode)) ?? named[0];
    const p = hit && point(hit[3], hit[4]);
    if (p) return p;
  }
  const s = state && point(state.latitude, state.longitude);
  if (s) return s;
  countries ??= JSON.parse(readFileSync(asset('country.json'), 'utf8')) as Area[];
  const c = countries.find((x) => x.isoCode === country);
  return c ? point(c.latitude, c.longitude) : null;
}

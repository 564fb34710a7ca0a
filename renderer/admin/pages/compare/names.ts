import type { Charges } from '../../../../core/engine/schemas/charges';
import type { Schedule } from '../../../../core/engine/schemas/schedule';
import type { CompareOption } from './model';

/**
 * How a candidate is named on the page. A name given by hand (`own`) stays as given; otherwise
 * the name follows what the candidate is: the offer or saved tariff it came from, with ", edited"
 * once its schedule is changed here, or "Flat 0.42" for one made from scratch while it is a
 * single flat rate. Every name is unique among the page's columns, so the verdict, the legend,
 * the table and the CSV never show two alike: a repeat is numbered, "Flat 0.42 (2)".
 */

/** "0.42", "0.245": a price as typed, with at least two decimals. */
const priceWords = (v: number) => {
  const shortest = String(Number(v.toPrecision(12)));
  const decimals = shortest.split('.')[1]?.length ?? 0;
  return decimals >= 2 ? shortest : v.toFixed(2);
};

/** The one price of a schedule that is a single flat rate all year and all day, else null. */
export function flatRate(schedule: Schedule | undefined): number | null {
  if (schedule?.length !== 1) return null;
  const [entry] = schedule;
  const dh = entry!.days_and_hours;
  if (dh.length !== 1 || dh[0]!.hours.length !== 1) return null;
  const band = dh[0]!.hours[0]!;
  if (band.valid_from !== band.valid_to || band.rate.length !== 1) return null;
  const { fixed, surcharge_fixed, surcharge_percentage } = band.rate[0]!;
  return typeof fixed === 'number' && !surcharge_fixed && !surcharge_percentage ? fixed : null;
}

/** What a candidate would be called with no name of its own. */
export function autoName(o: Pick<CompareOption, 'source' | 'origin' | 'candidate'>): string {
  if (o.source === 'new') {
    if (o.candidate.market_rates) return 'New tariff';
    const flat = flatRate(o.candidate.schedule);
    return flat === null ? 'New tariff' : `Flat ${priceWords(flat)}`;
  }
  const origin = o.origin ?? 'Candidate';
  return o.source === 'edited' ? `${origin}, edited` : origin;
}

/** `base`, or `base (2)`, `base (3)`…: the first not in `taken`. */
export function uniqueName(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} (${n})`)) return `${base} (${n})`;
}

/**
 * Every candidate named: names given by hand first (they were checked unique when given), then
 * the others in the page's order, each numbered past a name already taken. `reserved` is the
 * stored column's name. The name is also the candidate's `display_name`, as the API echoes it.
 */
export function settleNames(options: CompareOption[], reserved: string): CompareOption[] {
  const taken = new Set([reserved, ...options.flatMap((o) => (o.own ? [o.own] : []))]);
  return options.map((o) => {
    const name = o.own ?? uniqueName(autoName(o), taken);
    taken.add(name);
    return { ...o, name, candidate: { ...o.candidate, display_name: name } };
  });
}

/** Why `name` cannot name candidate `key`, or null: every column's name is its own. */
export function nameProblem(name: string, key: string, options: CompareOption[], reserved: string): string | null {
  const n = name.trim();
  if (!n) return 'A candidate needs a name.';
  if (n.length > 100) return 'At most 100 characters.';
  if (n === reserved || options.some((o) => o.key !== key && o.name === n)) return `Another column is called “${n}”.`;
  return null;
}

/**
 * A candidate after its dialog: its figures are no longer the offer's once its schedule or
 * charges change, so it is named as edited, until a name is given by hand.
 */
export function applyEdit(
  o: CompareOption,
  e: { name: string; schedule: Schedule; charges: Charges | undefined },
): CompareOption {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changed = !same(e.schedule, o.candidate.schedule) || !same(e.charges, o.candidate.charges);
  const { charges: _old, ...candidate } = o.candidate;
  return {
    ...o,
    own: e.name !== o.name ? e.name : o.own,
    source: changed && o.source !== 'new' ? 'edited' : o.source,
    candidate: { ...candidate, schedule: e.schedule, ...(e.charges ? { charges: e.charges } : {}) },
  };
}

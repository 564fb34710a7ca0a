import { money } from '../../candidate';
import type { Column } from './model';

/** The comparison's conclusions in words, from the totals as the page shows them. */

/** Whole cents apart: what the page shows as a difference (a sub-cent one reads as "saves €0.00"). */
// Rounded the way the shown amount is (half away from zero, on the number's shortest decimal form):
// 67.695 is shown €67.70, though as a double it is a hair under.
export const cents = (v: number) => Math.sign(v) * Math.round(Number(Math.abs(v * 100).toPrecision(12)));

/** `a - b` of the totals as shown, in whole cents: €80.40 and €67.70 are €12.70 apart, whatever their sub-cent parts. */
export const apart = (a: number, b: number) => (cents(a) - cents(b)) / 100;

/** "A", "A and B", "A, B and C". */
const names = (list: string[]) =>
  list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;

/**
 * What switching to the cheapest candidate would save (or cost) over the compared span, in one
 * sentence. A candidate that costs the same as the stored tariffs (an unchanged copy, say) is
 * never called the cheapest: it is said to cost the same, and the dearer ones are weighed apart.
 */
export function verdict(
  columns: Column[],
  currency: string,
  span = 'per year',
  /** What the totals include besides the usage ("the battery and the car"): said after the verdict. */
  flexible?: string,
): { text: string; saves: boolean } | null {
  const said = weighed(columns, currency, span);
  // The stored tariffs alone: what the battery does on them is the one conclusion there is.
  const own = columns[0]?.battery;
  if (!said && own && columns.length === 1) {
    // A negative saving (say, an end state bought and never used) is what the battery adds.
    const does =
      own.saving < 0
        ? `the battery adds ${money(-own.saving, currency)} to them`
        : `the battery saves ${money(own.saving, currency)} on them`;
    return {
      text: `With the battery the stored tariffs cost ${money(columns[0]!.value, currency)} ${span}; ${does}.`,
      saves: own.saving > 0,
    };
  }
  if (!said || !flexible) return said;
  return { ...said, text: `${said.text} The comparison includes ${flexible}.` };
}

/**
 * What the columns' totals include besides the usage, in words: the battery (dispatched on each
 * column's own tariffs) and the car's charging; undefined with neither.
 */
export function flexibleWords(columns: Column[]): string | undefined {
  const battery = columns.some((c) => c.battery);
  const car = columns.some((c) => c.car_kwh !== undefined);
  if (battery && car) return 'the home battery, run on each tariff’s own prices, and the car’s charging';
  if (battery) return 'the home battery, run on each tariff’s own prices';
  if (car) return 'the car’s charging';
  return undefined;
}

function weighed(columns: Column[], currency: string, span: string): { text: string; saves: boolean } | null {
  const [stored, ...candidates] = columns;
  if (!stored || !candidates.length) return null;
  const best = candidates.reduce((a, b) => (b.value < a.value ? b : a));
  const diff = apart(stored.value, best.value);
  if (diff > 0) return { text: `Switching to ${best.name} saves ${money(diff, currency)} ${span}.`, saves: true };
  const same = candidates.filter((c) => apart(c.value, stored.value) === 0);
  const dearer = candidates.filter((c) => !same.includes(c));
  const next = dearer.length ? dearer.reduce((a, b) => (b.value < a.value ? b : a)) : null;
  if (!next)
    return {
      text: `${names(same.map((c) => c.name))} cost${same.length === 1 ? 's' : ''} the same as the stored tariffs.`,
      saves: false,
    };
  const more = money(apart(next.value, stored.value), currency);
  if (same.length)
    return {
      text: `No candidate is cheaper than the stored tariffs: ${names(same.map((c) => c.name))} cost${same.length === 1 ? 's' : ''} the same; ${next.name} costs ${more} more ${span}.`,
      saves: false,
    };
  return {
    text: `Keeping the stored tariffs is cheaper: the cheapest candidate, ${next.name}, costs ${more} more ${span}.`,
    saves: false,
  };
}

/**
 * Between the candidates themselves, when there are two or more: the cheapest against the next
 * ("Of the candidates, B is cheaper than A by £5.50 per year."), or that they cost the same.
 */
export function candidatesVerdict(columns: Column[], currency: string, span = 'per year'): string | null {
  const ranked = columns.slice(1).sort((a, b) => a.value - b.value);
  const [best, next] = ranked;
  if (!best || !next) return null;
  const diff = apart(next.value, best.value);
  if (diff === 0) {
    // Alike and as dear as the stored tariffs: the verdict has said so already.
    if (apart(best.value, columns[0]!.value) === 0) return null;
    const same = ranked.filter((c) => apart(c.value, best.value) === 0).map((c) => c.name);
    return `Of the candidates, ${names(same)} cost the same${same.length === ranked.length ? '' : ' and least'}.`;
  }
  const alike = ranked.filter((c) => apart(c.value, next.value) === 0).map((c) => c.name);
  return `Of the candidates, ${best.name} is cheaper than ${names(alike)} by ${money(diff, currency)} ${span}.`;
}

import { DateTime } from 'luxon';
import type { z } from 'zod';
import type { Cost, TariffCandidate } from '../../../../core/engine/schemas/cost';

/** At most this many candidates beside the stored tariffs: the API prices three alternatives at most. */
export const MAX_CANDIDATES = 3;

/** Where a candidate came from, as the picker names it. */
export type CandidateSource = 'library' | 'copy' | 'edited';

/** One tariff to compare with the stored ones. */
export interface CompareOption {
  key: string;
  name: string;
  source: CandidateSource;
  candidate: TariffCandidate;
}

/** How a span of months is said: "per year" for twelve, else "over 3 months". */
export const spanWords = (months: number) =>
  months === 12 ? 'per year' : `over ${months} month${months === 1 ? '' : 's'}`;

/**
 * A meter file's own span [from, to) (epoch ms) in days and its first and last local dates:
 * "over 35 days, 15 Sep – 19 Oct" (a file ending at midnight of the 20th ends on the 19th).
 */
export function fileSpan(from: number, to: number, zone: string) {
  const a = DateTime.fromMillis(from, { zone });
  const b = DateTime.fromMillis(to, { zone });
  const days = Math.round(b.diff(a, 'days').days);
  const last = b.minus({ milliseconds: 1 });
  const fmt = a.year === last.year ? 'd LLL' : 'd LLL yyyy';
  const dates = a.hasSame(last, 'day') ? a.toFormat(fmt) : `${a.toFormat(fmt)} – ${last.toFormat(fmt)}`;
  return { days, words: `over ${days} day${days === 1 ? '' : 's'}, ${dates}` };
}

/**
 * The compared months: from the start of the month of `first` (a local date), twelve local
 * months, or fewer when `until` (epoch ms, a usage file's end) comes first.
 */
export function yearFrom(first: string, zone: string, until?: number) {
  const start = DateTime.fromISO(first, { zone }).startOf('month');
  let end = start.plus({ months: 12 });
  if (until !== undefined) {
    const last = DateTime.fromMillis(until, { zone });
    // The month the data end in, whole (an end at midnight of the 1st closes the month before).
    const through = last.equals(last.startOf('month')) ? last : last.startOf('month').plus({ months: 1 });
    if (through < end) end = through;
  }
  return {
    start_time: start.toISO({ suppressMilliseconds: true })!,
    end_time: end.toISO({ suppressMilliseconds: true })!,
    fromMs: start.toMillis(),
    toMs: end.toMillis(),
    /** Contract dates that cover the months, for a candidate that has none of its own. */
    from: start.toISODate()!,
    to: end.toISODate()!,
    months: Math.round(end.diff(start, 'months').months),
    label:
      end.diff(start, 'months').months <= 1
        ? start.toFormat('LLL yyyy')
        : `${start.toFormat('LLL yyyy')} – ${end.minus({ months: 1 }).toFormat('LLL yyyy')}`,
  };
}
export type CompareYear = ReturnType<typeof yearFrom>;

type Answer = z.output<typeof Cost>;

/** One column of the comparison: the stored tariffs, then each candidate, with the API's figures. */
export interface Column {
  key: string;
  name: string;
  kwh: number;
  /** Energy no tariff of the column prices (costed 0). */
  unpriced_kwh: number;
  value: number;
  periods: { start_time: string; value: number }[];
}

/** The answer's main cost and its alternatives as columns, in the order asked. */
export function columnsOf(answer: Answer, storedName: string, options: CompareOption[]): Column[] {
  const col = (key: string, name: string, c: Pick<Answer, 'kwh' | 'unpriced_kwh' | 'value' | 'periods'>): Column => ({
    key,
    name,
    kwh: c.kwh,
    unpriced_kwh: c.unpriced_kwh,
    value: c.value,
    periods: c.periods.map((p) => ({ start_time: p.start_time, value: p.value })),
  });
  return [
    col('stored', storedName, answer),
    ...options.map((o, i) =>
      col(o.key, o.name, answer.alternatives?.[i] ?? { kwh: 0, unpriced_kwh: 0, value: 0, periods: [] }),
    ),
  ];
}

/** A month of the year in the location's zone, as a chart and a file label it: "2026-03". */
export const monthOf = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat('yyyy-MM');

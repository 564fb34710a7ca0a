import type { Generation, Metering, MeteringRequest } from '../../../../core/engine/schemas/bill';

/**
 * A household's solar as Compare asks the bill for it: none, the PV profile scaled to a year's
 * generation, or a CSV of generation intervals read in the browser; and how its exports are
 * metered and credited, in the words of a bill.
 */
export type SolarChoice =
  | { kind: 'none' }
  | { kind: 'profile'; kwh_per_year: number }
  | {
      kind: 'csv';
      name: string;
      intervals: { start: number; end: number; kwh: number }[];
      total_kwh: number;
      /** The file's span, epoch ms. */
      from: number;
      to: number;
    };

/** A year of a small rooftop system, as a first figure to change. */
export const DEFAULT_PV_KWH_PER_YEAR = 3000;

export const NO_SOLAR: SolarChoice = { kind: 'none' };

/** The request's `generation` for the window [from, to): a file's intervals inside it only (the API refuses others). */
export function generationOf(s: SolarChoice, from: number, to: number): Generation | undefined {
  if (s.kind === 'none') return undefined;
  if (s.kind === 'profile') return { profile: 'PV', kwh_per_year: s.kwh_per_year };
  return {
    intervals: s.intervals
      .filter((i) => i.start >= from && i.end <= to)
      .map((i) => ({
        start_time: new Date(i.start).toISOString(),
        end_time: new Date(i.end).toISOString(),
        kwh: i.kwh,
      })),
  };
}

/** Solar in a query key: a file by its summary, not its rows. */
export const solarKey = (s: SolarChoice) =>
  s.kind === 'csv' ? [s.name, s.intervals.length, s.total_kwh, s.from, s.to] : s;

/** The arrangement as the page holds it, every field said (the request sends only those that apply). */
export const DEFAULT_METERING: Metering = {
  mode: 'NET_BILLING',
  credits: 'PAID_MONTHLY',
  credits_from: 'SAME_MONTH',
  true_up_month: 12,
  true_up_rate: 0,
};

/**
 * The arrangement as the request sends it: only the fields that mean something in it (the API
 * refuses the others rather than ignore them).
 */
export function meteringRequest(m: Metering): MeteringRequest {
  if (m.mode === 'NET_METERING')
    return { mode: m.mode, true_up_month: m.true_up_month, true_up_rate: m.true_up_rate ?? 0 };
  if (m.mode === 'NET_BILLING' && m.credits === 'PAID_MONTHLY') return { mode: m.mode, credits: m.credits };
  return { mode: m.mode, credits: m.credits, credits_from: m.credits_from, true_up_month: m.true_up_month };
}

/** Each choice as the closed field says it, and in a sentence below it. */
export const MODE_WORDS: Record<Metering['mode'], [string, string]> = {
  NET_BILLING: [
    'Net billing',
    'Solar first covers what the home uses at the same time; only the rest is bought from the grid or sold to it.',
  ],
  NET_METERING: [
    'Net metering (kWh credits, yearly true-up)',
    'Within each month and time-of-use period the kWh net; a surplus is banked as kWh for later months, and what is left at the true-up is paid at the true-up rate.',
  ],
  BUY_ALL_SELL_ALL: [
    'Buy all, sell all',
    'Every kWh the home uses is bought and every kWh the panels make is sold; nothing nets.',
  ],
};

export const CREDIT_WORDS: Record<Metering['credits'], [string, string]> = {
  PAID_MONTHLY: ['Paid each month', 'Each month’s export credit comes off that month’s bill, which may go below zero.'],
  CARRIED: [
    'Carried to a yearly true-up',
    'Export credit pays later bills (never below zero); what is left is paid out at the end of the true-up month.',
  ],
};

export const FROM_WORDS: Record<Metering['credits_from'], string> = {
  SAME_MONTH: 'Same month',
  NEXT_MONTH: 'Next month',
};

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

import type { Schedule } from '../schemas/schedule.js';

export type StructureType = 'FIXED' | 'TIME_OF_DAY' | 'MARKET';

/** How a tariff is shaped, for status pages and summaries: market-based, one rate, or several. */
export function structureOf(t: {
  market_rates?: boolean | undefined;
  schedule?: Schedule | undefined | null;
}): StructureType {
  if (t.market_rates) return 'MARKET';
  const rates = new Set<number>();
  for (const e of t.schedule ?? [])
    for (const d of e.days_and_hours) for (const h of d.hours) rates.add(h.rate[0]?.fixed ?? 0);
  return rates.size > 1 ? 'TIME_OF_DAY' : 'FIXED';
}

export function isTiered(schedule: Schedule | undefined | null): boolean {
  return (schedule ?? []).some((e) => e.days_and_hours.some((d) => d.hours.some((h) => h.rate.length > 1)));
}

/** A one-day schedule from bands with a cost each (connect rate pages). */
export function dailySchedule(
  bands: {
    valid_from: string;
    valid_to: string;
    rate: Schedule[number]['days_and_hours'][number]['hours'][number]['rate'];
  }[],
): Schedule {
  return [{ months: ['All'], days_and_hours: [{ days: ['All'], hours: bands }] }];
}

import { DateTime } from 'luxon';
import type { TariffCandidate } from '../../core/engine/schemas/cost';
import type { Schedule } from '../../core/engine/schemas/schedule';
import type { Tariff } from '../../core/engine/schemas/tariff';

/**
 * A stored tariff as a candidate (a POST /tariffs body without location_id), with `schedule` in
 * place of its own when given: the API prices it as if saved, and stores nothing. An open-ended
 * contract (the connect flow stores those) runs on to `openEnd` (a candidate needs an end).
 */
export function candidateOf(t: Tariff, openEnd: string, schedule?: Schedule | null): TariffCandidate {
  const s = schedule ?? t.schedule;
  return {
    type: t.type,
    ...(t.direction ? { direction: t.direction } : {}),
    ...(t.display_name ? { display_name: t.display_name } : {}),
    ...(t.provider_id ? { provider_id: t.provider_id } : {}),
    market_rates: t.market_rates,
    contract_start_date: t.contract_start_date.slice(0, 10),
    contract_end_date: t.contract_end_date?.slice(0, 10) ?? openEnd,
    ...(s ? { schedule: s } : {}),
    // Fixed, minimum and demand charges go with it: the bill prices them.
    ...(t.charges ? { charges: t.charges } : {}),
  };
}

/** A date well past a window ending at `to` (ms): the end of an open-ended contract as a candidate. */
export const openEndAfter = (to: number) => DateTime.fromMillis(to, { zone: 'UTC' }).plus({ years: 2 }).toISODate()!;

/** An amount in the location's currency, as people read it ("€12.34", "£0.50"). */
export function money(value: number, currency: string | undefined, digits = 2): string {
  if (!currency) return value.toFixed(digits);
  try {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    return `${value.toFixed(digits)} ${currency}`; // a code Intl does not know
  }
}

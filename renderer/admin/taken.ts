import type { Tariff } from '../../core/engine/schemas/tariff';
import { slotWords } from '../../core/engine/labels';

/** A contract window as dates; an open end runs forever. */
export const windowOf = (t: Pick<Tariff, 'contract_start_date' | 'contract_end_date'>) =>
  [t.contract_start_date.slice(0, 10), t.contract_end_date?.slice(0, 10) ?? '9999-12-31'] as const;
const overlaps = (a: readonly [string, string], b: readonly [string, string]) => a[0] < b[1] && b[0] < a[1];

/**
 * The tariff of the location that keeps a kind from a contract window: a location has at most
 * one supply, feed-in or local tariff at a time (grid fees add up, so they are never taken).
 */
export function takenBy(tariffs: Tariff[], code: string, window: readonly [string, string]): Tariff | undefined {
  return tariffs.find(
    (t) => t.type === 'COMMODITY' && slotWords(t.type, t.direction).code === code && overlaps(windowOf(t), window),
  );
}

import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api';
import { TariffCreate as TariffCreateSchema, type Tariff, type TariffCreate } from '../../core/engine/schemas/tariff';

/**
 * What re-creates a deleted tariff through the API: its stored body. The copy gets a new id and
 * is a typed-in (MANUAL) tariff, whatever its origin; an open-ended contract (no end date, as the
 * connect flow stores them) cannot be created through the API, so it has no copy: null.
 */
export function restorable(t: Tariff, locationId = t.location_id): TariffCreate | null {
  if (!t.contract_end_date) return null;
  // The fields a create takes, as the tariff has them.
  const stored = t as unknown as Record<string, unknown>;
  const fields = Object.keys(TariffCreateSchema.shape).filter((k) => stored[k] !== undefined);
  return { ...(Object.fromEntries(fields.map((k) => [k, stored[k]])) as TariffCreate), location_id: locationId };
}

/** Re-creates the tariffs of `bodies` in order; answers the new tariffs. */
export async function recreate(api: ApiClient, bodies: TariffCreate[]): Promise<Tariff[]> {
  const out: Tariff[] = [];
  for (const body of bodies) out.push(await api.call('tariffs.create', { body }));
  return out;
}

/** A tariff's name for people: its display name, else its id. */
export const tariffName = (t: Pick<Tariff, 'id' | 'display_name'> | { id: string; display_name?: string | null }) =>
  t.display_name ?? t.id;

/**
 * Drops a deleted object from the cached lists before its page moves on, so the page selects
 * another and nothing shown asks for the deleted one again (a 404) while the lists are fetched anew.
 */
export function forget(qc: QueryClient, goneId: string): void {
  qc.setQueriesData<unknown>({}, (old: unknown) => {
    const list = old as { object?: string; data?: { id?: string }[] } | undefined;
    return list?.object === 'list' && Array.isArray(list.data)
      ? { ...list, data: list.data.filter((x) => x.id !== goneId) }
      : old;
  });
}

/** Refreshes every query except those about `goneId` (see `forget`). */
export function refreshWithout(qc: QueryClient, goneId: string): Promise<void> {
  return qc.invalidateQueries({ predicate: (q) => !q.queryKey.includes(goneId) });
}

import type { Db } from './database.js';
import { DocumentTable } from './documents.js';
import type { StoredLocation } from '../../engine/schemas/location.js';
import type { Tariff } from '../../engine/schemas/tariff.js';

/** Tariffs are stored without the fields derived at read time from their location. */
export type StoredTariff = Omit<Tariff, 'timezone'>;

/** The typed tables of the service. */
export function createStore(db: Db) {
  return {
    // Filtered by their references, read from the stored JSON (expression indexes, migration 13).
    locations: new DocumentTable<StoredLocation, never, 'reference_id' | 'customer_id'>(
      db,
      'locations',
      [],
      () => ({}),
      { reference_id: '$.reference_id', customer_id: '$.customer_id' },
    ),
    tariffs: new DocumentTable<StoredTariff, 'location_id' | 'type' | 'direction'>(
      db,
      'tariffs',
      ['location_id', 'type', 'direction'],
      (t) => ({
        location_id: t.location_id,
        type: t.type,
        direction: t.direction ?? 'IMPORT',
      }),
    ),
  };
}
export type Store = ReturnType<typeof createStore>;

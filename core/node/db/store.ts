import type { Db } from './database.js';
import { DocumentTable } from './documents.js';
import type { StoredLocation } from '../../engine/schemas/location.js';
import type { Tariff } from '../../engine/schemas/tariff.js';
import type { Customer, Device } from '../../engine/schemas/customer.js';

/** Customers are stored without their locations, which are read from the locations that name them. */
export type StoredCustomer = Omit<Customer, 'locations'>;

/** Tariffs are stored without the fields derived at read time from their location. */
export type StoredTariff = Omit<Tariff, 'timezone'>;

/** Customers, devices and meter data: tables a new world (an import, a demo reset) empties beside the others. */
export const CUSTOMER_AND_METER_TABLES = ['meter_records', 'meter_readings', 'customers', 'devices'] as const;

/** The typed tables of the service. */
export function createStore(db: Db) {
  return {
    // By customer through its column; by reference through the stored JSON (an expression index).
    locations: new DocumentTable<StoredLocation, 'customer_id', 'reference_id'>(
      db,
      'locations',
      ['customer_id'],
      (l) => ({ customer_id: l.customer_id ?? null }),
      { reference_id: '$.reference_id' },
    ),
    customers: new DocumentTable<StoredCustomer, 'reference_id'>(db, 'customers', ['reference_id'], (c) => ({
      reference_id: c.reference_id,
    })),
    devices: new DocumentTable<Device, 'reference_id'>(db, 'devices', ['reference_id'], (d) => ({
      reference_id: d.reference_id,
    })),
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

import type { Db } from './database.js';
import { DocumentTable, type Scope } from './documents.js';
import type { StoredLocation } from '../../engine/schemas/location.js';
import type { Tariff } from '../../engine/schemas/tariff.js';
import type { Customer, Device } from '../../engine/schemas/customer.js';

/** Customers are stored without their locations, which are read from the locations that name them. */
export type StoredCustomer = Omit<Customer, 'locations'>;

/** Tariffs are stored without the fields derived at read time from their location. */
export type StoredTariff = Omit<Tariff, 'timezone'>;

/**
 * Empties an account's world in one mode (a demo reset, a workspace import with replace), the
 * rows that hang off its objects first: sent lifecycle events, caught messages, delivery
 * attempts. Joins the caller's transaction; the other mode and other accounts are not touched.
 */
export function clearWorld(db: Db, scope: Scope): void {
  const args = [scope.accountId, scope.liveMode ? 1 : 0];
  const scoped = 'account_id = ? AND live_mode = ?';
  db.prepare(`DELETE FROM tariff_lifecycle WHERE tariff_id IN (SELECT id FROM tariffs WHERE ${scoped})`).run(...args);
  db.prepare(
    `DELETE FROM catcher_messages WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE ${scoped})`,
  ).run(...args);
  db.prepare(
    `DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE ${scoped})`,
  ).run(...args);
  for (const t of [
    'webhook_deliveries',
    'tariffs',
    'locations',
    'connect_tokens',
    'events',
    'webhook_endpoints',
    // Customers, devices and meter data.
    'meter_records',
    'meter_readings',
    'meter_batch_locations',
    'meter_batches',
    'customers',
    'device_states',
    'devices',
  ])
    db.prepare(`DELETE FROM ${t} WHERE ${scoped}`).run(...args);
}

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

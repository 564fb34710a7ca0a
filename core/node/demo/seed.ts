import { DateTime } from 'luxon';
import type { Scope } from '../db/documents.js';
import type { Location, LocationCreate, StoredLocation } from '../../engine/schemas/location.js';
import type { Service } from '../service.js';
import { dailySchedule } from '../../engine/schedule/structure.js';

const SEEDED = 'demo_seeded';

const DEMO_ADDRESSES: LocationCreate[] = [
  {
    reference_id: 'demo-berlin',
    postal_address: { address_line1: 'Invalidenstraße 44', city: 'Berlin', post_code: '10115', country_code: 'DE' },
  },
  {
    reference_id: 'demo-london',
    postal_address: { address_line1: '10 Lambeth Road', city: 'London', post_code: 'SE1 7PB', country_code: 'GB' },
  },
  {
    reference_id: 'demo-austin',
    postal_address: {
      address_line1: '500 Congress Ave',
      city: 'Austin',
      post_code: '78701',
      state: 'TX',
      country_code: 'US',
    },
  },
  {
    reference_id: 'demo-sydney',
    postal_address: {
      address_line1: '1 George St',
      city: 'Sydney',
      post_code: '2000',
      state: 'NSW',
      country_code: 'AU',
    },
  },
];

/** The demo world made ready to store: deriving a location's zone is asynchronous, storing it is not. */
async function prepareDemo(svc: Service, scope: Scope): Promise<() => void> {
  const prepared: StoredLocation[] = [];
  for (const input of DEMO_ADDRESSES) prepared.push(await svc.locations.prepare(scope, input));
  return () => writeDemo(svc, scope, prepared);
}

/**
 * The demo account's data, so a sales engineer can show everything at once with no network:
 * locations in four countries, a time-of-use tariff with a feed-in and a grid fee, a market
 * tariff, a US time-of-use plan, and a catcher webhook endpoint. Written in one transaction
 * with its marker row, so a crash leaves either all of it or none.
 */
export async function seedDemo(svc: Service, scope: Scope): Promise<void> {
  const write = await prepareDemo(svc, scope);
  svc.db.transaction(write).immediate();
}

/** The providers whose library tariffs the demo world links to. */
const DEMO_PROVIDERS = ['prv_nordlichtenergie', 'prv_thamespower', 'prv_prairiesun'] as const;
/** The grid fee the demo stacks on Berlin's supply. */
const DEMO_GRID_FEE = 'grf_spreenetzberlin';

function writeDemo(svc: Service, scope: Scope, locations: StoredLocation[]): void {
  // A tester may have edited or emptied them since: the demo links to them as shipped.
  svc.providers.restoreSeeded(DEMO_PROVIDERS);
  svc.gridFees.restoreSeeded([DEMO_GRID_FEE]);
  const today = DateTime.fromJSDate(svc.clock.now()).toISODate()!;
  const start = DateTime.fromJSDate(svc.clock.now()).minus({ months: 2 }).startOf('month').toISODate()!;
  const end = DateTime.fromISO(today).plus({ years: 1 }).startOf('month').toISODate()!;
  const [berlin, london, austin, sydney] = locations.map((l) => svc.locations.insert(scope, l)) as [
    Location,
    Location,
    Location,
    Location,
  ];
  const lib = { connection_type: 'LIBRARY' as const, is_linked: true };
  {
    svc.tariffs.create(
      scope,
      {
        location_id: berlin.id,
        type: 'COMMODITY',
        direction: 'IMPORT',
        display_name: 'Nordlicht Nacht',
        provider_id: 'prv_nordlichtenergie',
        contract_start_date: start,
        contract_end_date: end,
        schedule: svc.providers.libraryTariff('prv_nordlichtenergie', 'ltf_nordlichtnacht')!.schedule,
      },
      lib,
    );
    svc.tariffs.create(
      scope,
      {
        location_id: berlin.id,
        type: 'COMMODITY',
        direction: 'EXPORT',
        display_name: 'Nordlicht Sonne Einspeisung',
        provider_id: 'prv_nordlichtenergie',
        contract_start_date: start,
        contract_end_date: end,
        schedule: svc.providers.libraryTariff('prv_nordlichtenergie', 'ltf_nordlichtsonne')!.schedule,
      },
      lib,
    );
    const fee = svc.gridFees.get(DEMO_GRID_FEE);
    svc.tariffs.create(
      scope,
      {
        location_id: berlin.id,
        type: 'NON_COMMODITY',
        direction: 'IMPORT',
        display_name: `${fee.grid_operator}: ${fee.display_name}`,
        contract_start_date: start,
        contract_end_date: end,
        schedule: fee.schedule,
      },
      lib,
    );
    svc.tariffs.create(
      scope,
      {
        location_id: london.id,
        type: 'COMMODITY',
        direction: 'IMPORT',
        display_name: 'Agile Thames',
        provider_id: 'prv_thamespower',
        market_rates: true,
        contract_start_date: start,
        contract_end_date: end,
        schedule: svc.providers.libraryTariff('prv_thamespower', 'ltf_thamesagile')!.schedule,
      },
      lib,
    );
    svc.tariffs.create(
      scope,
      {
        location_id: austin.id,
        type: 'COMMODITY',
        direction: 'IMPORT',
        display_name: 'Time of Use 4-9 pm',
        provider_id: 'prv_prairiesun',
        contract_start_date: start,
        contract_end_date: end,
        schedule: svc.providers.libraryTariff('prv_prairiesun', 'ltf_prairietou')!.schedule,
      },
      lib,
    );
    svc.tariffs.create(scope, {
      location_id: sydney.id,
      type: 'COMMODITY',
      direction: 'IMPORT',
      display_name: 'Home three-rate',
      contract_start_date: start,
      contract_end_date: end,
      schedule: dailySchedule([
        { valid_from: '00:00:00', valid_to: '07:00:00', rate: [{ fixed: 0.2211 }] },
        { valid_from: '07:00:00', valid_to: '15:00:00', rate: [{ fixed: 0.2864 }] },
        { valid_from: '15:00:00', valid_to: '21:00:00', rate: [{ fixed: 0.4925 }] },
        { valid_from: '21:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.2864 }] },
      ]),
    });
    svc.webhooks.create(scope, {
      catcher: true,
      enabled_events: ['*'],
      description: 'Built-in catcher (demo)',
      disabled: false,
      retry_schedule: 'compressed',
    });
    svc.db
      .prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)')
      .run(`${SEEDED}:${scope.accountId}`, '1');
  }
}

/**
 * Seeds the demo on an account's first start. The marker is read inside the seeding
 * transaction (taking the write lock first), so two starts on one folder seed once.
 */
export async function seedDemoIfNew(svc: Service, scope: Scope): Promise<boolean> {
  const marker = svc.db.prepare('SELECT 1 FROM settings WHERE key = ?');
  if (marker.get(`${SEEDED}:${scope.accountId}`)) return false;
  const write = await prepareDemo(svc, scope);
  return svc.db
    .transaction(() => {
      if (marker.get(`${SEEDED}:${scope.accountId}`)) return false;
      write();
      return true;
    })
    .immediate();
}

/**
 * Removes the account's test-mode data and seeds the demo again (live mode is never touched),
 * in one transaction: a crash midway keeps the old world.
 */
export async function resetDemo(svc: Service, scope: Scope): Promise<void> {
  const args = [scope.accountId, 0];
  const write = await prepareDemo(svc, scope);
  svc.db
    .transaction(() => {
      for (const t of ['tariffs', 'locations', 'connect_tokens', 'events', 'webhook_endpoints'])
        svc.db.prepare(`DELETE FROM ${t} WHERE account_id = ? AND live_mode = ?`).run(...args);
      svc.db
        .prepare(
          'DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT id FROM webhook_deliveries WHERE account_id = ? AND live_mode = ?)',
        )
        .run(...args);
      svc.db.prepare('DELETE FROM webhook_deliveries WHERE account_id = ? AND live_mode = ?').run(...args);
      write();
    })
    .immediate();
}

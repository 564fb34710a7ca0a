import { DateTime } from 'luxon';
import type { Scope } from '../db/documents.js';
import type { Location, LocationCreate, StoredLocation } from '../../engine/schemas/location.js';
import type { Service } from '../service.js';
import { dailySchedule } from '../../engine/schedule/structure.js';
import { microKwhOf } from '../../engine/meters/records.js';
import { clearWorld } from '../db/store.js';
import { isoSeconds } from '../../engine/clock.js';
import { DEMO_HOME, DEMO_SHOWCASE_LOCATION } from '../../engine/demo-home.js';

const SEEDED = 'demo_seeded';

const DEMO_ADDRESSES: LocationCreate[] = [
  {
    reference_id: DEMO_SHOWCASE_LOCATION,
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
  const home = await svc.locations.prepare(scope, {
    reference_id: DEMO_HOME.location,
    postal_address: { ...DEMO_HOME.postal_address },
  });
  return () => writeDemo(svc, scope, prepared, home);
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
const DEMO_PROVIDERS = ['prv_nordlichtenergie', 'prv_octopusenergy', 'prv_prairiesun'] as const;
/** The grid fee the demo stacks on Berlin's supply. */
const DEMO_GRID_FEE = 'grf_spreenetzberlin';

function writeDemo(svc: Service, scope: Scope, locations: StoredLocation[], home: StoredLocation): void {
  // A tester may have edited or emptied them since: the demo links to them as shipped.
  svc.providers.restoreSeeded(DEMO_PROVIDERS);
  svc.gridFees.restoreSeeded([DEMO_GRID_FEE]);
  const today = DateTime.fromJSDate(svc.clock.now(), { zone: 'utc' }).toISODate()!;
  const start = DateTime.fromJSDate(svc.clock.now(), { zone: 'utc' })
    .minus({ months: 2 })
    .startOf('month')
    .toISODate()!;
  const end = DateTime.fromISO(today).plus({ years: 1 }).startOf('month').toISODate()!;
  // Stored first, so it lists last (lists are newest first) and every other demo default stays.
  writeSolarHome(svc, scope, home, start, end);
  // A household customer owns the Berlin and London locations.
  const customer = svc.customers.create(scope, { reference_id: DEMO_CUSTOMER });
  const owned = new Set([DEMO_SHOWCASE_LOCATION, 'demo-london']);
  const [berlin, london, austin, sydney] = locations.map((l) =>
    svc.locations.insert(scope, owned.has(l.reference_id ?? '') ? { ...l, customer_id: customer.id } : l),
  ) as [Location, Location, Location, Location];
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
    const agile = svc.providers.libraryTariff('prv_octopusenergy', 'ltf_octopusagile')!;
    svc.tariffs.create(
      scope,
      {
        location_id: london.id,
        type: 'COMMODITY',
        direction: 'IMPORT',
        display_name: 'Agile Octopus',
        provider_id: 'prv_octopusenergy',
        market_rates: true,
        contract_start_date: start,
        contract_end_date: end,
        schedule: agile.schedule,
        ...(agile.charges ? { charges: agile.charges } : {}),
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
    writeCharging(svc, scope, berlin);
    svc.db
      .prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)')
      .run(`${SEEDED}:${scope.accountId}`, '1');
  }
}

/**
 * The solar home with a battery, its own customer and location: Nordlicht Nacht's cheap nights
 * to import, its feed-in to export, and a battery device with its properties and a reported
 * state of charge. Its yearly usage, its solar and its car are presets the app sends
 * (core/engine/demo-home.ts): the service stores none of them.
 */
function writeSolarHome(svc: Service, scope: Scope, prepared: StoredLocation, start: string, end: string): void {
  const customer = svc.customers.create(scope, { reference_id: DEMO_HOME.customer });
  const home = svc.locations.insert(scope, { ...prepared, customer_id: customer.id });
  const lib = { connection_type: 'LIBRARY' as const, is_linked: true };
  const library = [
    ['IMPORT', 'Nordlicht Nacht', 'ltf_nordlichtnacht'],
    ['EXPORT', 'Nordlicht Sonne Einspeisung', 'ltf_nordlichtsonne'],
  ] as const;
  for (const [direction, display_name, id] of library)
    svc.tariffs.create(
      scope,
      {
        location_id: home.id,
        type: 'COMMODITY',
        direction,
        display_name,
        provider_id: 'prv_nordlichtenergie',
        contract_start_date: start,
        contract_end_date: end,
        schedule: svc.providers.libraryTariff('prv_nordlichtenergie', id)!.schedule,
      },
      lib,
    );
  const battery = svc.devices.create(scope, { reference_id: DEMO_HOME.battery, ...DEMO_HOME.batteryProperties });
  svc.devices.reportState(scope, battery.id, { time: isoSeconds(svc.clock.now()), ...DEMO_HOME.state });
}

/** The demo customer's and EV charger's references. */
export const DEMO_CUSTOMER = 'demo-household';
export const DEMO_CHARGER = 'demo-ev-charger';

/**
 * The demo's EV charger at a location and a week of its meter records before the clock's
 * local today: four charging sessions of quarter-hour power readings (7.4 kW, tapering off
 * in the last hour), in the evening and overnight, where the night rate makes a difference.
 */
function writeCharging(svc: Service, scope: Scope, at: Location): void {
  const charger = svc.devices.create(scope, { reference_id: DEMO_CHARGER });
  const day0 = DateTime.fromJSDate(svc.clock.now(), { zone: at.timezone }).startOf('day').minus({ days: 7 });
  // Days after day0, the local hour a session starts, and its quarter hours.
  const sessions: [number, number, number][] = [
    [1, 18, 14],
    [3, 22, 24],
    [5, 23.5, 20],
    [6, 19, 10],
  ];
  sessions.forEach(([day, hour, quarters], s) => {
    const begin = day0.plus({ days: day }).set({ hour: Math.floor(hour), minute: (hour % 1) * 60 });
    for (let q = 0; q < quarters; q++) {
      const a = begin.plus({ minutes: 15 * q }).toMillis();
      const b = a + 900_000;
      // Full power, then the battery's last hour tapers to a third.
      const left = quarters - q;
      const watts = left > 4 ? 7400 : Math.round(7400 * (0.33 + (0.67 * (left - 1)) / 4));
      svc.meters.put(scope, {
        location_id: at.id,
        device_id: charger.id,
        session_reference_id: `demo-session-${s + 1}`,
        record_reference_id: `demo-session-${s + 1}-${String(q + 1).padStart(2, '0')}`,
        tariff_direction: 'IMPORT',
        energy_flow_direction: 'INBOUND',
        units: 'W',
        value: watts,
        start_ms: a,
        end_ms: b,
        micro_kwh: microKwhOf('W', watts, a, b),
        confidence: 1,
      });
    }
  });
  svc.devices.touch(scope, [charger.id]);
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
  const write = await prepareDemo(svc, scope);
  svc.db
    .transaction(() => {
      clearWorld(svc.db, { ...scope, liveMode: false });
      write();
    })
    .immediate();
}

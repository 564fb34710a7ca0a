import { DateTime } from 'luxon';
import type { Service } from '../service.js';
import type { Scope } from '../db/documents.js';
import type { StoredTariff } from '../db/store.js';
import type { StoredLocation } from '../../engine/schemas/location.js';
import type { Provider } from '../../engine/schemas/misc.js';
import type { GridFee } from '../../engine/schemas/connect.js';
import type {
  CustomerFile,
  DeviceFile,
  DeviceStateLine,
  GridFeeFile,
  LocationFile,
  MeterReadingLine,
  MeterRecordLine,
  MarketRegionsFile,
  ProviderFile,
  TariffFile,
  WebhookFile,
} from '../../engine/schemas/workspace.js';
import type { MarketRegion, DemoShape } from '../../engine/market/regions.js';
import { demoDay } from '../../engine/market/demo-series.js';
import { DEVICE_BATTERY_FIELDS } from '../../engine/schemas/customer.js';
import { clockFileOf, toFiles, type Workspace } from './model.js';
import type { MarketPoint, WorkspaceFiles } from './format.js';

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export function locationFile(l: StoredLocation): LocationFile {
  return defined({
    id: l.id,
    reference_id: l.reference_id ?? null,
    postal_address: l.postal_address,
    timezone: l.timezone,
    currency_code: l.currency_code,
    market_region: l.market_region ?? null,
    time_created: l.time_created,
    customer_id: l.customer_id,
    location_reference_id: l.location_reference_id,
    flex_allowed: l.flex_allowed,
  });
}

export function tariffFile(t: StoredTariff, timeUpdated: string): TariffFile {
  return defined({
    id: t.id,
    location_id: t.location_id,
    type: t.type,
    direction: t.direction,
    status: t.status,
    connection_type: t.connection_type,
    is_linked: t.is_linked,
    display_name: t.display_name,
    provider_id: t.provider_id ?? undefined,
    market_rates: t.market_rates,
    contract_start_date: t.contract_start_date,
    contract_end_date: t.contract_end_date,
    schedule: t.schedule,
    imported_from: t.imported_from,
    charges: t.charges,
    time_created: t.time_created,
    time_updated: timeUpdated,
  });
}

type StoredProvider = Omit<Provider, 'live_mode' | 'object'>;

function providerFile(p: StoredProvider): ProviderFile {
  return defined({
    id: p.id,
    display_name: p.display_name,
    logo_url: p.logo_url,
    country_codes: p.country_codes,
    connection_types: p.connection_types,
    grid_fees_included: p.grid_fees_included,
    direct_behaviour: p.direct_behaviour,
    tariffs: p.tariffs.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      type: t.type,
      direction: t.direction,
      market_rates: t.market_rates,
      schedule: t.schedule,
      charges: t.charges,
    })),
  });
}

function gridFeeFile(g: GridFee): GridFeeFile {
  return {
    id: g.id,
    country_code: g.country_code,
    post_code_prefix: g.post_code_prefix,
    grid_operator: g.grid_operator,
    display_name: g.display_name,
    schedule: g.schedule,
    time_updated: g.time_updated,
  };
}

/** The market points of a region that the demo generator would not make: what was imported. */
function importedPoints(svc: Service, id: string, region: MarketRegion & { shape?: DemoShape }): MarketPoint[] {
  const rows = svc.db
    .prepare(
      'SELECT start_ms AS start, end_ms AS end, price AS value FROM market_prices WHERE region = ? ORDER BY start_ms',
    )
    .all(id) as MarketPoint[];
  if (!region.demo || !region.shape) return rows;
  const days = new Map<string, Map<number, MarketPoint>>();
  const demoAt = (start: number) => {
    const d = DateTime.fromMillis(start, { zone: region.timezone });
    const key = d.toISODate()!;
    let day = days.get(key);
    if (!day) {
      day = new Map(
        demoDay(id, region.timezone, region.shape!, d.year, d.month, d.day, region.resolution_minutes).map((p) => [
          p.start,
          p,
        ]),
      );
      days.set(key, day);
    }
    return day.get(start);
  };
  return rows.filter((p) => {
    const demo = demoAt(p.start);
    return !(demo && demo.end === p.end && demo.value === p.value);
  });
}

/** The scope's meter records by location, each location's in list order, as workspace lines. */
function meterRecords(svc: Service, scope: Scope): Record<string, MeterRecordLine[]> {
  const out: Record<string, MeterRecordLine[]> = {};
  for (const r of svc.meters.all(scope)) {
    // The record as the API shows it, less its account, mode, location (the file's name) and energy (derived).
    const { object: _o, live_mode: _m, account_id: _a, location_id, kwh: _k, ...line } = svc.meters.view(scope, r);
    (out[location_id] ??= []).push(line);
  }
  return out;
}

/** The scope's register readings by location, by register and time. */
function meterReadings(svc: Service, scope: Scope): Record<string, MeterReadingLine[]> {
  const out: Record<string, MeterReadingLine[]> = {};
  for (const r of svc.meters.allReadings(scope))
    (out[r.location_id] ??= []).push({
      device_id: r.device_id || null,
      tariff_direction: r.tariff_direction,
      energy_flow_direction: r.energy_flow_direction,
      // A reading's own instant: to the millisecond it was read, whole seconds written without a fraction.
      time: new Date(r.time_ms).toISOString().replace('.000Z', 'Z'),
      kwh: r.micro_kwh / 1e6,
    });
  return out;
}

/** The scope's reported device states by device, in the order reported, less what the file's name says. */
function deviceStates(svc: Service, scope: Scope): Record<string, DeviceStateLine[]> {
  const out: Record<string, DeviceStateLine[]> = {};
  for (const { object: _o, account_id: _a, device_id, ...line } of svc.devices.allStates(scope))
    (out[device_id] ??= []).push(line);
  return out;
}

/**
 * The test-mode world of an account as a workspace: its locations, tariffs, webhook
 * endpoints (without secrets), customers, devices (with their reported states) and meter data (records, readings, batches), the service's provider library and grid fees, the imported
 * market series, the account's settings and the service clock. Reads only.
 */
export function readWorld(svc: Service, scope: Scope): Workspace {
  const args = [scope.accountId, scope.liveMode ? 1 : 0];
  const tariffs = (
    svc.db
      .prepare(
        "SELECT body, COALESCE(time_updated, json_extract(body, '$.time_created')) AS updated FROM tariffs WHERE account_id = ? AND live_mode = ? ORDER BY seq",
      )
      .all(...args) as { body: string; updated: string }[]
  ).map((r) => tariffFile(JSON.parse(r.body) as StoredTariff, r.updated));
  const bodies = <T>(table: string) =>
    (svc.db.prepare(`SELECT body FROM ${table} ORDER BY seq`).all() as { body: string }[]).map(
      (r) => JSON.parse(r.body) as T,
    );
  const regions = svc.db.prepare('SELECT id, body, time_updated FROM market_regions ORDER BY id').all() as {
    id: string;
    body: string;
    time_updated: string;
  }[];
  const market_regions: MarketRegionsFile = {};
  const market: Record<string, MarketPoint[]> = {};
  for (const r of regions) {
    market_regions[r.id] = { time_updated: r.time_updated };
    const points = importedPoints(svc, r.id, JSON.parse(r.body) as MarketRegion & { shape?: DemoShape });
    if (points.length > 0) market[r.id] = points;
  }
  const account = svc.accounts.get(scope.accountId);
  return {
    settings: {
      bearer_token_ttl_seconds: account?.token_ttl_seconds ?? 3600,
      connect_token_ttl_seconds: svc.settings.get('connect_token_ttl_seconds'),
      rate_limit_per_minute: svc.settings.rateLimit(scope.accountId),
      wire_profile: svc.settings.wireProfile(scope.accountId),
    },
    clock: clockFileOf(svc.clock.saved()),
    locations: svc.store.locations.all(scope).map(locationFile),
    tariffs,
    providers: bodies<StoredProvider>('providers').map(providerFile),
    grid_fees: bodies<GridFee>('grid_fees').map(gridFeeFile),
    webhooks: svc.webhooks.endpoints.all(scope).map((e): WebhookFile => ({
      id: e.id,
      url: e.catcher ? null : e.url,
      catcher: e.catcher,
      name: e.name,
      enabled_events: e.enabled_events,
      description: e.description,
      disabled: e.disabled,
      disabled_reason: e.disabled_reason,
      retry_schedule: e.retry_schedule,
      faults: e.faults,
      time_created: e.time_created,
    })),
    customers: svc.store.customers
      .all(scope)
      .map((c): CustomerFile => ({ id: c.id, reference_id: c.reference_id, time_created: c.time_created })),
    devices: svc.store.devices.all(scope).map((d): DeviceFile => ({
      id: d.id,
      reference_id: d.reference_id,
      last_seen: d.last_seen,
      time_created: d.time_created,
      ...Object.fromEntries(DEVICE_BATTERY_FIELDS.filter((k) => d[k] !== undefined).map((k) => [k, d[k]])),
    })),
    meter_batches: svc.meters.allBatches(scope).map(({ batch, locations }) => ({
      id: batch.id,
      records_submitted: batch.records_submitted,
      records_accepted: batch.records_accepted,
      records_processed: batch.records_processed,
      failed_records: batch.failed_records,
      location_ids: locations,
      time_created: batch.time_created,
    })),
    meter_records: meterRecords(svc, scope),
    meter_readings: meterReadings(svc, scope),
    device_states: deviceStates(svc, scope),
    market_regions,
    market,
  };
}

/** The world's files, paths sorted. */
export function exportWorkspace(svc: Service, scope: Scope): WorkspaceFiles {
  return toFiles(readWorld(svc, scope));
}

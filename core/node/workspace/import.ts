import type { Service } from '../service.js';
import type { Scope } from '../db/documents.js';
import type { StoredLocation } from '../../engine/schemas/location.js';
import { coordinatesOf } from '../geo/coordinates.js';
import type { WebhookEndpoint } from '../../engine/webhooks/schemas.js';
import type { ClockSetting } from '../../engine/clock.js';
import { ApiError, invalid } from '../../engine/errors.js';
import { contractInstant, contractDateTime } from '../../engine/schedule/contract.js';
import { EXPIRING_NOTICE_MS } from '../services/lifecycle.js';
import { newSecret } from '../webhooks/signing.js';
import { endpointName } from '../webhooks/endpoints.js';
import { microKwhOf } from '../../engine/meters/records.js';
import { clearWorld, type StoredTariff } from '../db/store.js';
import { clockSettingOf, parseWorkspace, type Workspace } from './model.js';
import type { WorkspaceFiles } from './format.js';
import { isoSeconds } from '../../engine/clock.js';

export interface ImportOptions {
  /** Replace a non-empty test-mode world; without it such an import is refused (409 workspace_not_empty). */
  replace: boolean;
  /** Leave the service clock as it is (built-in scenarios). */
  keepClock?: boolean;
  /** Leave the account's settings as they are (built-in scenarios). */
  keepSettings?: boolean;
}

export interface ImportSummary {
  replaced: boolean;
  locations: number;
  tariffs: number;
  providers: number;
  grid_fees: number;
  webhook_endpoints: number;
  market_points: number;
  customers: number;
  devices: number;
  device_states: number;
  meter_records: number;
  meter_batches: number;
}

/** Objects of the account's test-mode world: locations, tariffs, webhook endpoints, customers, devices and meter batches. */
export function worldSize(svc: Service, scope: Scope): number {
  let n = 0;
  for (const t of ['locations', 'tariffs', 'webhook_endpoints', 'customers', 'devices', 'meter_batches'])
    n += (
      svc.db
        .prepare(`SELECT COUNT(*) AS n FROM ${t} WHERE account_id = ? AND live_mode = ?`)
        .get(scope.accountId, scope.liveMode ? 1 : 0) as { n: number }
    ).n;
  return n;
}

/** The instant a clock setting stands at now (the service clock is consulted, not moved). */
function nowUnder(svc: Service, setting: ClockSetting): number {
  const saved = svc.clock.saved();
  svc.clock.restore(setting);
  try {
    return svc.clock.millis();
  } finally {
    svc.clock.restore(saved);
  }
}

/**
 * Writes a parsed workspace as the account's test-mode world, in one transaction: the old
 * world (locations, tariffs, connect tokens, events, webhook endpoints and their deliveries)
 * goes, the library (providers, grid fees) and the market series are replaced, the settings
 * and the clock are set. Nothing is recorded as an event; lifecycle events that fell due
 * before the clock's now count as sent. Either all of it is written or none.
 */
export function applyWorkspace(svc: Service, scope: Scope, ws: Workspace, opts: ImportOptions): ImportSummary {
  if (scope.liveMode)
    throw invalid('live_mode_not_allowed', 'A workspace is a test-mode world; log in with the test key.');
  const clock = opts.keepClock ? svc.clock.saved() : clockSettingOf(ws.clock);
  const now = nowUnder(svc, clock);
  const db = svc.db;
  const summary = db.transaction((): ImportSummary => {
    const existing = worldSize(svc, scope);
    if (existing > 0 && !opts.replace)
      throw new ApiError(
        409,
        'invalid_request',
        'workspace_not_empty',
        `The test-mode world has ${existing} locations, tariffs and webhook endpoints; import with replace (tariff-desk import --replace) to replace them.`,
      );
    // Endpoints keep their secrets across an import (receivers stay configured); new ones get new secrets.
    const secrets = new Map(svc.webhooks.endpoints.all(scope).map((e) => [e.id, e]));

    // The old world.
    clearWorld(db, scope);

    // Ids are unique across accounts and modes: one held elsewhere refuses the whole import.
    const taken = (table: string, id: string) =>
      db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
    for (const [table, folder, list] of [
      ['locations', 'locations', ws.locations],
      ['tariffs', 'tariffs', ws.tariffs],
      ['webhook_endpoints', 'webhooks', ws.webhooks],
      ['customers', 'customers', ws.customers],
      ['devices', 'devices', ws.devices],
      ['meter_batches', 'meter-batches', ws.meter_batches],
    ] as const)
      for (const o of list)
        if (taken(table, o.id))
          throw new ApiError(
            422,
            'invalid_request',
            'workspace_id_conflict',
            `${folder}/${o.id}.json: id: ${o.id} is held by another account or by live mode.`,
          );

    // The library and the market series are the service's: replaced whole.
    db.prepare('DELETE FROM providers').run();
    const insProvider = db.prepare('INSERT INTO providers (id, body) VALUES (?, ?)');
    for (const p of ws.providers) insProvider.run(p.id, JSON.stringify(p));
    db.prepare('DELETE FROM grid_fees').run();
    const insFee = db.prepare('INSERT INTO grid_fees (id, body) VALUES (?, ?)');
    for (const g of ws.grid_fees) insFee.run(g.id, JSON.stringify({ ...g, object: 'grid_fee' }));
    db.prepare('DELETE FROM market_prices').run();
    db.prepare('UPDATE market_regions SET demo_from = NULL, demo_to = NULL').run();
    const insPoint = db.prepare('INSERT INTO market_prices (region, start_ms, end_ms, price) VALUES (?, ?, ?, ?)');
    let points = 0;
    for (const [region, list] of Object.entries(ws.market))
      for (const p of list) {
        insPoint.run(region, p.start, p.end, p.value);
        points++;
      }
    const setRegionTime = db.prepare('UPDATE market_regions SET time_updated = ? WHERE id = ?');
    for (const [region, r] of Object.entries(ws.market_regions ?? {})) setRegionTime.run(r.time_updated, region);

    // Meter record and device state ids, looked for in one pass per table (meter record ids have
    // no index); the first held, in file order, is named.
    const lineConflicts = (table: string, folder: string, byOwner: Record<string, { id: string }[]>) => {
      const ids = Object.values(byOwner).flatMap((lines) => lines.map((o) => o.id));
      const held = new Set(
        db
          .prepare(`SELECT id FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`)
          .pluck()
          .all(JSON.stringify(ids)) as string[],
      );
      for (const [owner, lines] of Object.entries(byOwner))
        lines.forEach((o, k) => {
          if (held.has(o.id))
            throw new ApiError(
              422,
              'invalid_request',
              'workspace_id_conflict',
              `${folder}/${owner}.jsonl: line ${k + 1}: id: ${o.id} is held by another account or by live mode.`,
            );
        });
    };
    lineConflicts('meter_records', 'meter-records', ws.meter_records);
    lineConflicts('device_states', 'device-states', ws.device_states);

    // The account's objects, in list order: customers first, as locations name them.
    for (const c of ws.customers)
      svc.store.customers.insert(scope, {
        ...c,
        object: 'customer',
        live_mode: scope.liveMode,
        account_id: scope.accountId,
      });
    for (const d of ws.devices)
      svc.store.devices.insert(scope, {
        ...d,
        object: 'device',
        live_mode: scope.liveMode,
        account_id: scope.accountId,
      });
    let states = 0;
    for (const [device, lines] of Object.entries(ws.device_states))
      for (const st of lines) {
        svc.devices.keepState(scope, { ...st, object: 'device_state', device_id: device, account_id: scope.accountId });
        states++;
      }
    const zones = new Map<string, string>();
    for (const l of ws.locations) {
      // A location file is the stored location less its account, mode and what is derived again.
      const loc: StoredLocation = {
        ...l,
        object: 'location',
        live_mode: scope.liveMode,
        geo_location: coordinatesOf(l.postal_address),
        account_id: scope.accountId,
      };
      svc.store.locations.insert(scope, loc);
      zones.set(l.id, l.timezone);
    }
    const touch = db.prepare('UPDATE tariffs SET time_updated = ? WHERE id = ?');
    const mark = db.prepare('INSERT OR IGNORE INTO tariff_lifecycle (tariff_id, kind, time_sent) VALUES (?, ?, ?)');
    const sentAt = isoSeconds(now);
    for (const t of ws.tariffs) {
      // A tariff file is the stored tariff less its account and mode, plus when its rates changed.
      const { time_updated, ...kept } = t;
      const zone = zones.get(t.location_id)!;
      const stored: StoredTariff = {
        ...kept,
        // Older workspaces wrote bare dates: stored, as every contract is, as date-times.
        contract_start_date: contractDateTime(kept.contract_start_date, zone),
        contract_end_date: contractDateTime(kept.contract_end_date, zone),
        object: 'tariff',
        live_mode: scope.liveMode,
        account_id: scope.accountId,
      };
      svc.store.tariffs.insert(scope, stored);
      touch.run(time_updated, t.id);
      // The world arrives as it stands at the clock's now: what fell due before it is not sent again.
      const end = contractInstant(t.contract_end_date, zone);
      if (Number.isFinite(end)) {
        if (now >= end - EXPIRING_NOTICE_MS) mark.run(t.id, 'tariff.expiring', sentAt);
        if (now >= end) mark.run(t.id, 'tariff.expired', sentAt);
      }
    }
    for (const w of ws.webhooks) {
      const kept = secrets.get(w.id);
      const e: WebhookEndpoint = {
        id: w.id,
        object: 'webhook_endpoint',
        live_mode: scope.liveMode,
        url: w.url ?? `${svc.webhooks.apiUrl}/catcher/${w.id}`,
        name: w.name ?? endpointName({ catcher: w.catcher, description: w.description, url: w.url ?? '' }),
        enabled_events: w.enabled_events,
        description: w.description,
        disabled: w.disabled,
        disabled_reason: w.disabled_reason,
        retry_schedule: w.retry_schedule,
        secret: kept?.secret ?? newSecret(),
        previous_secret: kept?.previous_secret ?? null,
        previous_secret_expires_at: kept?.previous_secret_expires_at ?? null,
        faults: w.faults,
        catcher: w.catcher,
        catcher_rule: w.catcher ? { kind: 'ok' } : null,
        time_created: w.time_created,
      };
      svc.webhooks.endpoints.insert(scope, e);
    }

    for (const { location_ids, ...b } of ws.meter_batches)
      svc.meters.keepBatch(
        scope,
        {
          id: b.id,
          object: 'meter_batch',
          live_mode: scope.liveMode,
          records_submitted: b.records_submitted,
          records_accepted: b.records_accepted,
          records_processed: b.records_processed,
          failed_records: b.failed_records,
          time_created: b.time_created,
          account_id: scope.accountId,
        },
        location_ids,
      );

    let records = 0;
    for (const [location, lines] of Object.entries(ws.meter_records))
      for (const r of lines) {
        const start = Date.parse(r.start_time);
        const end = Date.parse(r.end_time);
        svc.meters.insert(scope, {
          ...r,
          location_id: location,
          device_id: r.device_id ?? '',
          start_ms: start,
          end_ms: end,
          micro_kwh: microKwhOf(r.units, r.value, start, end),
        });
        records++;
      }
    for (const [location, lines] of Object.entries(ws.meter_readings))
      for (const r of lines)
        svc.meters.insertReading(scope, {
          location_id: location,
          device_id: r.device_id ?? '',
          tariff_direction: r.tariff_direction,
          energy_flow_direction: r.energy_flow_direction,
          time_ms: Date.parse(r.time),
          micro_kwh: Math.round(r.kwh * 1e6),
        });

    // A world that was imported is not seeded with the demo on a later start.
    db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(`demo_seeded:${scope.accountId}`, '1');
    if (!opts.keepClock) svc.settings.setClock(clock);
    // Last: the settings service caches the wire profile as it writes it.
    if (!opts.keepSettings) {
      svc.accounts.setTokenTtl(scope.accountId, ws.settings.bearer_token_ttl_seconds);
      svc.settings.set('connect_token_ttl_seconds', ws.settings.connect_token_ttl_seconds);
      svc.settings.setRateLimit(scope.accountId, ws.settings.rate_limit_per_minute);
      svc.settings.setWireProfile(scope.accountId, ws.settings.wire_profile);
    }
    return {
      replaced: existing > 0,
      locations: ws.locations.length,
      tariffs: ws.tariffs.length,
      providers: ws.providers.length,
      grid_fees: ws.grid_fees.length,
      webhook_endpoints: ws.webhooks.length,
      market_points: points,
      customers: ws.customers.length,
      devices: ws.devices.length,
      device_states: states,
      meter_records: records,
      meter_batches: ws.meter_batches.length,
    };
  })();
  // What the service holds in memory follows the database.
  svc.market.reload();
  if (!opts.keepClock) svc.clock.restore(clock);
  return summary;
}

/** Validates a whole workspace, then writes it in one transaction (docs/workspaces.md). */
export function importWorkspace(svc: Service, scope: Scope, files: WorkspaceFiles, opts: ImportOptions): ImportSummary {
  return applyWorkspace(svc, scope, parseWorkspace(files), opts);
}

import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Store } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type {
  Location,
  LocationCreate,
  LocationListQuery,
  LocationUpdate,
  StoredLocation,
} from '../../engine/schemas/location.js';
import { deriveCurrency, deriveTimezone } from '../../engine/geo/locale.js';
import { Codes, invalid, notFound } from '../../engine/errors.js';
import type { MarketService } from '../market/service.js';
import type { EventService } from './events.js';
import { ReadCache } from '../cache.js';
import { coordinatesOf, stateCodeOf } from '../geo/coordinates.js';
import type { z } from 'zod';
import { isoSeconds } from '../../engine/clock.js';

/** The slots a location's tariff status names, by type and direction; the last two are not offered. */
const SLOTS = [
  ['commodity_import', 'COMMODITY', 'IMPORT'],
  ['commodity_export', 'COMMODITY', 'EXPORT'],
  ['non_commodity_import', 'NON_COMMODITY', 'IMPORT'],
] as const;

export class LocationService {
  private readonly found: ReadCache<string, StoredLocation | undefined>;
  /** The state of the newest tariff of a slot, by an index probe: as fast for 100,000 tariffs as for one. */
  private readonly slotStmt;
  private readonly idsStmt;
  private readonly deleteRecords;
  private readonly deleteReadings;
  private readonly unlinkBatches;
  private readonly dropBatchIfLast;

  constructor(
    private readonly db: Db,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly market: MarketService,
    private readonly events: EventService,
  ) {
    this.found = new ReadCache(db.writes);
    const where = 'account_id = @account AND live_mode = @mode AND location_id = @location';
    this.slotStmt = db
      .prepare<{ account: string; mode: number; location: string; type: string; direction: string }, string>(
        `SELECT json_extract(body, '$.status') FROM tariffs WHERE ${where} AND type = @type AND direction = @direction ORDER BY seq DESC LIMIT 1`,
      )
      .pluck();
    this.idsStmt = db
      .prepare<{ account: string; mode: number; location: string }, string>(
        `SELECT id FROM tariffs WHERE ${where} ORDER BY seq`,
      )
      .pluck();
    const scoped = 'WHERE account_id = ? AND live_mode = ? AND location_id = ?';
    this.deleteRecords = db.prepare(`DELETE FROM meter_records ${scoped}`);
    this.deleteReadings = db.prepare(`DELETE FROM meter_readings ${scoped}`);
    this.unlinkBatches = db
      .prepare<unknown[], string>(`DELETE FROM meter_batch_locations ${scoped} RETURNING batch_id`)
      .pluck();
    this.dropBatchIfLast = db.prepare(
      'DELETE FROM meter_batches WHERE id = ? AND NOT EXISTS (SELECT 1 FROM meter_batch_locations WHERE batch_id = ?)',
    );
  }

  /** The region given (checked against the address: a region listing states serves those only), else the address's own. */
  private marketRegion(address: StoredLocation['postal_address'], given: string | null | undefined): string | null {
    if (given === null) return null;
    const state = stateCodeOf(address);
    if (given !== undefined) {
      this.market.checkRegionFor(given, address.country_code, state);
      return given;
    }
    return this.market.regionFor(address.country_code, state);
  }

  private async locale(address: StoredLocation['postal_address'], timezone?: string, currency?: string) {
    const tz = timezone ?? (await deriveTimezone(address));
    if (!tz)
      throw invalid(
        Codes.geoLocationNotFound,
        'postal_address: no time zone found for this address; give timezone explicitly.',
      );
    const cur = currency ?? deriveCurrency(address.country_code);
    if (!cur)
      throw invalid(
        'currency_code_missing',
        'postal_address: no currency known for this country; give currency_code explicitly.',
      );
    return { timezone: tz, currency_code: cur };
  }

  /** Builds a new location (deriving zone, currency, region and coordinates) without storing it. */
  async prepare(scope: Scope, input: LocationCreate): Promise<StoredLocation> {
    const postal_address = { ...input.postal_address, country_code: input.postal_address.country_code.toUpperCase() };
    return {
      id: this.ids('loc'),
      object: 'location',
      live_mode: scope.liveMode,
      reference_id: input.reference_id ?? null,
      customer_id: input.customer_id ? this.customerOf(scope, input.customer_id) : null,
      postal_address,
      ...(await this.locale(postal_address, input.timezone, input.currency_code)),
      market_region: this.marketRegion(postal_address, input.market_region),
      geo_location: coordinatesOf(postal_address),
      flex_allowed: input.flex_allowed ?? true,
      time_created: isoSeconds(this.clock.now()),
      account_id: scope.accountId,
    };
  }

  /** A customer id a location may name: a customer of the same account and mode. */
  customerOf(scope: Scope, id: string): string {
    if (!this.store.customers.get(scope, id)) throw notFound('customer', id);
    return id;
  }

  /** Stores a prepared location; joins the caller's transaction. */
  insert(scope: Scope, loc: StoredLocation): Location {
    return this.db.transaction(() => {
      this.store.locations.insert(scope, loc);
      const out = this.view(scope, loc);
      this.events.record(scope, 'location.created', loc.id, out);
      return out;
    })();
  }

  async create(scope: Scope, input: LocationCreate): Promise<Location> {
    return this.insert(scope, await this.prepare(scope, input));
  }

  get(scope: Scope, id: string): Location {
    return this.view(scope, this.find(scope, id));
  }

  /**
   * The location as answered: what it stores, and what is derived when read: what its tariffs
   * say of it (each slot's state, its tariff ids) and the market sources of its region.
   */
  view(scope: Scope, loc: StoredLocation): Location {
    const key = { account: scope.accountId, mode: scope.liveMode ? 1 : 0, location: loc.id };
    const slot = (type: string, direction: string) =>
      (this.slotStmt.get({ ...key, type, direction }) as Location['tariff_status']['commodity_import'] | undefined) ??
      'NOT_CONNECTED';
    const source = (direction: 'IMPORT' | 'EXPORT') => this.market.source(loc.market_region, direction, scope.liveMode);
    const status = Object.fromEntries(SLOTS.map(([name, type, direction]) => [name, slot(type, direction)]));
    return {
      ...loc,
      customer_id: loc.customer_id ?? null,
      // Locations stored before these fields existed get them from their address.
      geo_location: loc.geo_location === undefined ? coordinatesOf(loc.postal_address) : loc.geo_location,
      flex_allowed: loc.flex_allowed ?? true,
      tariff_status: {
        ...(status as Pick<Location['tariff_status'], (typeof SLOTS)[number][0]>),
        non_commodity_export: 'NOT_SUPPORTED',
        local: 'NOT_SUPPORTED',
      },
      tariff_elements: this.idsStmt.all(key) as string[],
      market_sources: { import: source('IMPORT'), export: source('EXPORT') },
    };
  }

  /** The stored location (without what is derived from its tariffs); cached until anything is written. */
  find(scope: Scope, id: string): StoredLocation {
    const loc = this.found.get(`${scope.accountId}|${scope.liveMode}|${id}`, () => this.store.locations.get(scope, id));
    if (!loc) throw notFound('location', id);
    return loc;
  }

  list(scope: Scope, query: z.output<typeof LocationListQuery>) {
    const { reference_id, customer_id, ...page } = query;
    const res = this.store.locations.list(scope, { reference_id, customer_id }, page);
    return { ...res, data: res.data.map((l) => this.view(scope, l)) };
  }

  async update(scope: Scope, id: string, patch: LocationUpdate): Promise<Location> {
    const current = this.find(scope, id);
    const address = patch.postal_address
      ? { ...patch.postal_address, country_code: patch.postal_address.country_code.toUpperCase() }
      : current.postal_address;
    // A new address re-derives what was derived, unless the patch names it.
    const locale = patch.postal_address
      ? await this.locale(address, patch.timezone, patch.currency_code)
      : { timezone: patch.timezone ?? current.timezone, currency_code: patch.currency_code ?? current.currency_code };
    const next: StoredLocation = {
      ...current,
      postal_address: address,
      reference_id: patch.reference_id === undefined ? current.reference_id : patch.reference_id,
      ...locale,
      market_region:
        patch.market_region !== undefined || patch.postal_address
          ? this.marketRegion(address, patch.market_region)
          : (current.market_region ?? null),
      geo_location: patch.postal_address ? coordinatesOf(address) : current.geo_location,
      flex_allowed: patch.flex_allowed ?? current.flex_allowed ?? true,
      ...(patch.customer_id !== undefined
        ? { customer_id: patch.customer_id === null ? null : this.customerOf(scope, patch.customer_id) }
        : {}),
    };
    return this.db.transaction(() => {
      if (!this.store.locations.replace(scope, next)) throw notFound('location', id);
      const out = this.view(scope, next);
      this.events.record(scope, 'location.updated', id, out);
      return out;
    })();
  }

  /** Points the location at a market region (a connect session's region choice). */
  setMarketRegion(scope: Scope, id: string, region: string): void {
    const loc = this.find(scope, id);
    if (loc.market_region === region) return;
    const next = { ...loc, market_region: this.marketRegion(loc.postal_address, region) };
    this.store.locations.replace(scope, next);
    this.events.record(scope, 'location.updated', id, this.view(scope, next));
  }

  /** Makes the location a customer's (a connect session's location joining the token's customer). */
  setCustomer(scope: Scope, id: string, customerId: string): void {
    const loc = this.find(scope, id);
    if (loc.customer_id === customerId) return;
    const next = { ...loc, customer_id: this.customerOf(scope, customerId) };
    this.store.locations.replace(scope, next);
    this.events.record(scope, 'location.updated', id, this.view(scope, next));
  }

  /** Deletes the location, every tariff of it, its meter records and the batches left without any, in one transaction. */
  delete(scope: Scope, id: string): Location {
    return this.db.transaction(() => {
      const loc = this.get(scope, id);
      for (const t of this.store.tariffs.all(scope, { location_id: id })) this.store.tariffs.delete(scope, t.id);
      const where = [scope.accountId, scope.liveMode ? 1 : 0, id];
      this.deleteRecords.run(...where);
      this.deleteReadings.run(...where);
      // A meter batch lives as long as its records: it goes with the last location it stored them for.
      for (const batch of this.unlinkBatches.all(...where)) this.dropBatchIfLast.run(batch, batch);
      this.store.locations.delete(scope, id);
      this.events.record(scope, 'location.deleted', id, loc);
      return loc;
    })();
  }
}

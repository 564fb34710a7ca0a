import type { Db } from '../db/database.js';
import type { Scope, Page } from '../db/documents.js';
import type { Store } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { Location, LocationCreate, LocationUpdate } from '../../engine/schemas/location.js';
import { deriveCurrency, deriveTimezone } from '../../engine/geo/locale.js';
import { Codes, invalid, notFound } from '../../engine/errors.js';
import type { MarketService } from '../market/service.js';
import type { EventService } from './events.js';
import { ReadCache } from '../cache.js';

export class LocationService {
  private readonly found: ReadCache<string, Location | undefined>;
  /** Which statuses a location's tariffs have, by index probes: as fast for 100,000 tariffs as for one. */
  private readonly statusStmt;
  private readonly deleteRecords;
  private readonly deleteReadings;

  constructor(
    private readonly db: Db,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly market: MarketService,
    private readonly events: EventService,
  ) {
    this.found = new ReadCache(db.writes);
    const has = (status?: string) =>
      `EXISTS (SELECT 1 FROM tariffs WHERE account_id = @account AND live_mode = @mode AND location_id = @location${
        status ? ` AND json_extract(body, '$.status') = '${status}'` : ''
      })`;
    this.statusStmt = db.prepare<
      { account: string; mode: number; location: string },
      { any_: number; ERROR: number; FAILED: number; PENDING: number }
    >(`SELECT ${has()} AS any_, ${has('ERROR')} AS ERROR, ${has('FAILED')} AS FAILED, ${has('PENDING')} AS PENDING`);
    const scoped = 'WHERE account_id = ? AND live_mode = ? AND location_id = ?';
    this.deleteRecords = db.prepare(`DELETE FROM meter_records ${scoped}`);
    this.deleteReadings = db.prepare(`DELETE FROM meter_readings ${scoped}`);
  }

  private marketRegion(address: Location['postal_address'], given: string | null | undefined): string | null {
    if (given === null) return null;
    if (given !== undefined) {
      this.market.region(given);
      return given;
    }
    return this.market.regionFor(address.country_code, address.state);
  }

  private async locale(address: Location['postal_address'], timezone?: string, currency?: string) {
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

  /** Builds a new location (deriving zone, currency and region) without storing it. */
  async prepare(scope: Scope, input: LocationCreate): Promise<Location> {
    const postal_address = { ...input.postal_address, country_code: input.postal_address.country_code.toUpperCase() };
    return {
      id: this.ids('loc'),
      object: 'location',
      live_mode: scope.liveMode,
      reference_id: input.reference_id ?? null,
      postal_address,
      ...(await this.locale(postal_address, input.timezone, input.currency_code)),
      market_region: this.marketRegion(postal_address, input.market_region),
      tariff_status: 'NOT_CONNECTED',
      time_created: this.clock.now().toISOString(),
      account_id: scope.accountId,
      ...(input.customer_id ? { customer_id: this.customerOf(scope, input.customer_id) } : {}),
    };
  }

  /** A customer id a location may name: a customer of the same account and mode. */
  customerOf(scope: Scope, id: string): string {
    if (!this.store.customers.get(scope, id)) throw notFound('customer', id);
    return id;
  }

  /** Stores a prepared location; joins the caller's transaction. */
  insert(scope: Scope, loc: Location): Location {
    return this.db.transaction(() => {
      this.store.locations.insert(scope, loc);
      this.events.record(scope, 'location.created', loc.id, { object: loc });
      return loc;
    })();
  }

  async create(scope: Scope, input: LocationCreate): Promise<Location> {
    return this.insert(scope, await this.prepare(scope, input));
  }

  get(scope: Scope, id: string): Location {
    return this.withStatus(scope, this.find(scope, id));
  }

  /** The location as answered: its tariff status is derived from its tariffs, never stored. */
  private withStatus(scope: Scope, loc: Location): Location {
    return { ...loc, tariff_status: this.tariffStatus(scope, loc.id) };
  }

  /** The stored location without its derived tariff status: for callers that need its zone or address. */
  /** The stored location (without its derived status); cached until anything is written. */
  find(scope: Scope, id: string): Location {
    const loc = this.found.get(`${scope.accountId}|${scope.liveMode}|${id}`, () => this.store.locations.get(scope, id));
    if (!loc) throw notFound('location', id);
    return loc;
  }

  list(scope: Scope, page: Page) {
    const res = this.store.locations.list(scope, {}, page);
    return { ...res, data: res.data.map((l) => this.withStatus(scope, l)) };
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
    const next: Location = {
      ...current,
      postal_address: address,
      reference_id: patch.reference_id === undefined ? current.reference_id : patch.reference_id,
      ...locale,
      market_region:
        patch.market_region !== undefined || patch.postal_address
          ? this.marketRegion(address, patch.market_region)
          : (current.market_region ?? null),
      ...(patch.customer_id !== undefined
        ? { customer_id: patch.customer_id === null ? null : this.customerOf(scope, patch.customer_id) }
        : {}),
    };
    return this.db.transaction(() => {
      if (!this.store.locations.replace(scope, next)) throw notFound('location', id);
      const out = this.withStatus(scope, next);
      this.events.record(scope, 'location.updated', id, { object: out });
      return out;
    })();
  }

  /** Points the location at a market region (a connect session's region choice). */
  setMarketRegion(scope: Scope, id: string, region: string): void {
    const loc = this.find(scope, id);
    if (loc.market_region === region) return;
    const next = { ...loc, market_region: this.marketRegion(loc.postal_address, region) };
    this.store.locations.replace(scope, next);
    this.events.record(scope, 'location.updated', id, { object: this.withStatus(scope, next) });
  }

  /** Makes the location a customer's (a connect session's location joining the token's customer). */
  setCustomer(scope: Scope, id: string, customerId: string): void {
    const loc = this.find(scope, id);
    if (loc.customer_id === customerId) return;
    const next = { ...loc, customer_id: this.customerOf(scope, customerId) };
    this.store.locations.replace(scope, next);
    this.events.record(scope, 'location.updated', id, { object: this.withStatus(scope, next) });
  }

  /** Deletes the location, every tariff of it and its meter records, in one transaction. */
  delete(scope: Scope, id: string): Location {
    return this.db.transaction(() => {
      const loc = this.get(scope, id);
      for (const t of this.store.tariffs.all(scope, { location_id: id })) this.store.tariffs.delete(scope, t.id);
      const where = [scope.accountId, scope.liveMode ? 1 : 0, id];
      this.deleteRecords.run(...where);
      this.deleteReadings.run(...where);
      this.store.locations.delete(scope, id);
      this.events.record(scope, 'location.deleted', id, { object: loc });
      return loc;
    })();
  }

  private tariffStatus(scope: Scope, id: string): Location['tariff_status'] {
    const has = this.statusStmt.get({ account: scope.accountId, mode: scope.liveMode ? 1 : 0, location: id })!;
    if (!has.any_) return 'NOT_CONNECTED';
    // The most pressing state wins: a broken tariff, then a failed or pending DIRECT connection.
    for (const s of ['ERROR', 'FAILED', 'PENDING'] as const) if (has[s]) return s;
    return 'CONNECTED';
  }
}

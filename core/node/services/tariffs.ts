import type { Db } from '../db/database.js';
import type { Scope, Page } from '../db/documents.js';
import type { Store, StoredTariff } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { Tariff, TariffCreate, TariffUpdate } from '../../engine/schemas/tariff.js';
import type { TariffDirection, TariffType } from '../../engine/schemas/common.js';
import { TariffPatched } from '../../engine/schemas/tariff.js';
import { contractDateTime, contractInstant, windowsOverlap } from '../../engine/schedule/contract.js';
import { fromZod } from '../../engine/api/validate.js';
import { Codes, invalid, notFound, unprocessable } from '../../engine/errors.js';
import type { LocationService } from './locations.js';
import type { EventService } from './events.js';
import type { ProviderService } from './providers.js';
import { isoSeconds } from '../../engine/clock.js';

export interface TariffFilter {
  location_id: string;
  tariff_direction?: TariffDirection | undefined;
  type?: TariffType | undefined;
}

/** Fields the service sets on tariffs that arrive through the connect flow rather than the API. */
export interface TariffOrigin {
  connection_type: Tariff['connection_type'];
  is_linked: boolean;
  /** PENDING for a DIRECT provider that has not delivered the tariff yet; CONNECTED otherwise. */
  status?: Tariff['status'];
}

export class TariffService {
  constructor(
    private readonly db: Db,
    private readonly store: Store,
    private readonly locations: LocationService,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly events: EventService,
    private readonly providers: ProviderService,
  ) {
    this.touchStmt = db.prepare('UPDATE tariffs SET time_updated = ? WHERE id = ?');
  }

  private readonly touchStmt;

  private withZone(scope: Scope, t: StoredTariff): Tariff {
    const { timezone } = this.locations.find(scope, t.location_id);
    const { schedule, charges, ...rest } = t;
    // The tariff object (docs/api.md, Tariff): stored fields, the location's zone, the schedule
    // and then the charges beside it last.
    // Contracts stored as bare dates (before dates were stored as date-times) read as date-times.
    return {
      ...rest,
      contract_start_date: contractDateTime(t.contract_start_date, timezone)!,
      contract_end_date: contractDateTime(t.contract_end_date, timezone),
      timezone,
      ...(schedule ? { schedule } : {}),
      ...(charges ? { charges } : {}),
    } as Tariff;
  }

  /** A contract's dates as stored: RFC 3339 date-times, a bare date taken as the location's local midnight. */
  private datesOf<T extends { contract_start_date?: string; contract_end_date?: string | null }>(
    scope: Scope,
    locationId: string,
    t: T,
  ): T {
    const zone = this.locations.find(scope, locationId).timezone;
    const out = { ...t };
    if (t.contract_start_date !== undefined) out.contract_start_date = contractDateTime(t.contract_start_date, zone)!;
    if (t.contract_end_date !== undefined) out.contract_end_date = contractDateTime(t.contract_end_date, zone);
    return out;
  }

  /** Checks a tariff against its location: contract order and COMMODITY overlap (rule 5). */
  private check(scope: Scope, t: StoredTariff, replacing: string[] = []) {
    const zone = this.locations.find(scope, t.location_id).timezone;
    const start = contractInstant(t.contract_start_date, zone);
    const end = contractInstant(t.contract_end_date, zone);
    if (!(end > start))
      throw invalid('contract_end_date_invalid', 'contract_end_date: must be after contract_start_date.');
    if (t.type !== 'COMMODITY') return;
    const dir = t.direction ?? 'IMPORT';
    for (const other of this.store.tariffs.all(scope, {
      location_id: t.location_id,
      type: 'COMMODITY',
      direction: dir,
    })) {
      if (other.id === t.id || replacing.includes(other.id)) continue;
      const o: [number, number] = [
        contractInstant(other.contract_start_date, zone),
        contractInstant(other.contract_end_date, zone),
      ];
      if (windowsOverlap([start, end], o)) {
        throw unprocessable(
          Codes.commodityOverlap,
          `The location already has COMMODITY ${dir} tariff ${other.display_name ? `‘${other.display_name}’ (${other.id})` : other.id}, contracted ${other.contract_start_date.slice(0, 10)} → ${other.contract_end_date?.slice(0, 10) ?? 'open-ended'}, which overlaps this contract window.`,
        );
      }
    }
  }

  private checkProvider(scope: Scope, providerId: string | undefined | null) {
    if (providerId) this.providers.get(providerId, scope.liveMode);
  }

  /** Tariffs of one slot (type and direction) of a location. */
  slot(scope: Scope, locationId: string, type: TariffType, direction: TariffDirection): StoredTariff[] {
    return this.store.tariffs.all(scope, { location_id: locationId, type, direction });
  }

  hasDirection(scope: Scope, locationId: string, direction: TariffDirection): boolean {
    return this.store.tariffs.all(scope, { location_id: locationId, direction }).length > 0;
  }

  /** Removes every tariff of a slot (connect disconnect); returns them. */
  removeSlot(scope: Scope, locationId: string, type: TariffType, direction: TariffDirection): StoredTariff[] {
    return this.db.transaction(() => {
      const gone = this.slot(scope, locationId, type, direction);
      for (const t of gone) {
        this.store.tariffs.delete(scope, t.id);
        this.events.record(scope, 'tariff.deleted', t.id, this.withZone(scope, t));
      }
      return gone;
    })();
  }

  create(
    scope: Scope,
    input: Omit<TariffCreate, 'contract_end_date'> & { contract_end_date: string | null },
    origin: TariffOrigin = { connection_type: 'MANUAL', is_linked: false },
    replacing: string[] = [],
    /** The overlapping COMMODITY tariff to end where this one starts (end_tariff_id, docs/api.md). */
    endTariffId?: string,
  ): Tariff {
    return this.db.transaction(() => {
      this.locations.find(scope, input.location_id);
      this.checkProvider(scope, input.provider_id);
      const dated = this.datesOf(scope, input.location_id, input);
      const {
        location_id,
        type,
        direction,
        display_name,
        provider_id,
        market_rates,
        contract_start_date,
        contract_end_date,
        schedule,
        charges,
      } = dated;
      const t: StoredTariff = {
        id: this.ids('trf'),
        object: 'tariff',
        location_id,
        live_mode: scope.liveMode,
        is_linked: origin.is_linked,
        connection_type: origin.connection_type,
        type,
        ...(direction ? { direction } : {}),
        status: origin.status ?? 'CONNECTED',
        ...(display_name !== undefined ? { display_name } : {}),
        ...(provider_id !== undefined ? { provider_id } : {}),
        market_rates: market_rates ?? false,
        contract_start_date,
        contract_end_date,
        ...(schedule ? { schedule } : {}),
        ...(charges ? { charges } : {}),
        ...(dated.imported_from ? { imported_from: dated.imported_from } : {}),
        ...(charges ? { charges } : {}),
        time_created: isoSeconds(this.clock.now()),
        account_id: scope.accountId,
      };
      if (endTariffId !== undefined) this.endAtStartOf(scope, t, endTariffId);
      this.check(scope, t, replacing);
      for (const id of replacing) this.store.tariffs.delete(scope, id);
      this.store.tariffs.insert(scope, t);
      this.touch(t.id);
      const out = this.withZone(scope, t);
      this.events.record(scope, 'tariff.created', t.id, out);
      return out;
    })();
  }

  /**
   * Ends the supply tariff a new one takes over from at the new one's start (inside create's
   * transaction, so a refusal after it leaves the old contract as it was). Only the tariff that
   * overlaps is accepted, so the field can never shorten an unrelated contract.
   */
  private endAtStartOf(scope: Scope, t: StoredTariff, endId: string) {
    const refuse = (why: string) => invalid('end_tariff_id_invalid', `end_tariff_id: ${why}`);
    const old = this.store.tariffs.get(scope, endId);
    if (!old || old.location_id !== t.location_id) throw refuse(`no tariff ${endId} at location ${t.location_id}.`);
    const zone = this.locations.find(scope, t.location_id).timezone;
    const start = contractInstant(t.contract_start_date, zone);
    const window: [number, number] = [start, contractInstant(t.contract_end_date, zone)];
    const oldWindow: [number, number] = [
      contractInstant(old.contract_start_date, zone),
      contractInstant(old.contract_end_date, zone),
    ];
    if (
      t.type !== 'COMMODITY' ||
      old.type !== 'COMMODITY' ||
      (old.direction ?? 'IMPORT') !== (t.direction ?? 'IMPORT') ||
      !windowsOverlap(window, oldWindow)
    )
      throw refuse(`${endId} is not a COMMODITY tariff of the same direction whose contract overlaps this one.`);
    if (!(start > oldWindow[0]))
      throw refuse(
        `${endId} starts ${old.contract_start_date.slice(0, 10)}, so ending it at ${t.contract_start_date.slice(0, 10)} would end it before it starts.`,
      );
    this.update(scope, endId, { contract_end_date: t.contract_start_date });
  }

  /** Records when a tariff's rates last changed (the price object's `last_updated`). */
  private touch(id: string) {
    this.touchStmt.run(isoSeconds(this.clock.now()), id);
  }

  get(scope: Scope, id: string): Tariff {
    const t = this.store.tariffs.get(scope, id);
    if (!t) throw notFound('tariff', id);
    return this.withZone(scope, t);
  }

  list(scope: Scope, filter: TariffFilter, page: Page) {
    this.locations.find(scope, filter.location_id);
    const res = this.store.tariffs.list(
      scope,
      { location_id: filter.location_id, type: filter.type, direction: filter.tariff_direction },
      page,
    );
    return { ...res, data: res.data.map((t) => this.withZone(scope, t)) };
  }

  update(scope: Scope, id: string, patch: TariffUpdate): Tariff {
    return this.db.transaction(() => {
      const current = this.store.tariffs.get(scope, id);
      if (!current) throw notFound('tariff', id);
      const merged: Record<string, unknown> = { ...current };
      for (const [k, v] of Object.entries(this.datesOf(scope, current.location_id, patch))) {
        if (v === undefined) continue;
        if (v === null) delete merged[k];
        else merged[k] = v;
      }
      // Re-validate the whole result, so cross-field rules (fixed rates) hold after a patch:
      // the fields a create takes, as they stand after it.
      const writable = Object.keys(TariffPatched.shape).filter((k) => merged[k] !== undefined);
      const parsed = TariffPatched.safeParse(Object.fromEntries(writable.map((k) => [k, merged[k]])));
      if (!parsed.success) throw fromZod(parsed.error, 'body', TariffPatched);
      this.checkProvider(scope, patch.provider_id);
      const next = merged as StoredTariff;
      this.check(scope, next);
      if (!this.store.tariffs.replace(scope, next)) throw notFound('tariff', id);
      this.touch(id);
      const out = this.withZone(scope, next);
      this.events.record(scope, 'tariff.updated', id, out);
      return out;
    })();
  }

  delete(scope: Scope, id: string): Tariff {
    return this.db.transaction(() => {
      const t = this.get(scope, id);
      this.store.tariffs.delete(scope, id);
      this.events.record(scope, 'tariff.deleted', id, t);
      return t;
    })();
  }
}

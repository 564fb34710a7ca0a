import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import { hasPrefix, Prefix } from '../../engine/ids.js';
import { ApiError, Codes, invalid } from '../../engine/errors.js';
import type { TariffDirection } from '../../engine/schemas/common.js';
import type { StoredLocation as Location } from '../../engine/schemas/location.js';
import type { MeterRecordInput } from '../../engine/schemas/meter.js';
import type { Aggregation, EnergyCost, EnergyCostEntry, InstantCost } from '../../engine/schemas/energy-cost.js';
import {
  costAgainstBasis,
  costPerPeriod,
  costPerRecord,
  isTiered,
  monthStart,
  subset,
  type Pricing,
  type EntryTotals,
  type MeterSeries,
} from '../../engine/pricing/meter-cost.js';
import { periodBounds } from '../../engine/pricing/local-days.js';
import { formatter, formOf } from '../../engine/pricing/format.js';
import { wholeWh } from '../../engine/meters/records.js';
import type { LocationService } from './locations.js';
import type { DeviceService } from './devices.js';
import type { PriceService } from './prices/service.js';
import { costWindow } from './prices/window.js';
import type { MeterService } from './meters/service.js';
import type { ReportRow } from './meters/rows.js';
import { isoSeconds } from '../../engine/clock.js';

const utc = formatter({ kind: 'Z' });

/** Report rows as the costing's columns. */
function seriesOf(rows: ReportRow[]): MeterSeries {
  return {
    starts: Float64Array.from(rows, (r) => r.start_ms),
    ends: Float64Array.from(rows, (r) => r.end_ms),
    microKwh: Float64Array.from(rows, (r) => r.micro_kwh),
    confidence: Float64Array.from(rows, (r) => r.confidence),
  };
}

/** An entry of an answer from its totals. */
function entry(
  t: EntryTotals,
  start: string,
  end: string,
  refs: { session: string | null; record: string | null },
): EnergyCostEntry {
  const cost = { value: t.micro / 1e6, confidence: t.confidence };
  return {
    start_time: start,
    end_time: end,
    session_reference_id: refs.session,
    record_reference_id: refs.record,
    energy: { value: wholeWh(t.microKwh) },
    cost,
    tariff: { ...cost },
    unpriced_kwh: t.unpricedMicroKwh / 1e6,
  };
}

/** The entries added up: money exactly, as the sum of the shown micro-units. */
function totalOf(entries: EntryTotals[]) {
  let micro = 0;
  let microKwh = 0;
  let unpriced = 0;
  let confidence = 1;
  for (const e of entries) {
    micro += e.micro;
    microKwh += e.microKwh;
    unpriced += e.unpricedMicroKwh;
    if (e.confidence < confidence) confidence = e.confidence;
  }
  const cost = { value: micro / 1e6, confidence };
  return {
    total: { energy: { value: wholeWh(microKwh) }, cost, tariff: { ...cost } },
    unpriced_kwh: unpriced / 1e6,
  };
}

/**
 * Cost reports of meter records (docs/costs.md, Cost reports), by the engine of `POST /costs`:
 * each location's records are priced by its own stored tariffs of the direction, at the time
 * asked, so a changed tariff or market price changes past costs.
 */
export class CostReportService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly locations: LocationService,
    private readonly devices: DeviceService,
    private readonly meters: MeterService,
    private readonly prices: PriceService,
  ) {}

  /**
   * Totals of records grouped by location, each group priced by its location: per record, or per
   * period of `bounds`. `at[i]` is record i's place in `locations`. Records at locations of
   * another currency than the first are refused.
   */
  private cost(
    scope: Scope,
    records: { series: MeterSeries; location: ArrayLike<number>; locations: string[] },
    direction: TariffDirection,
    bounds?: number[],
  ): EntryTotals[] {
    const { series, location, locations } = records;
    const n = series.starts.length;
    const places = locations.map((id) => this.locations.find(scope, id));
    const currencies = new Set(places.map((l) => l.currency_code));
    if (currencies.size > 1)
      throw new ApiError(
        422,
        'invalid_request',
        Codes.reportSpansCurrencies,
        `The records lie at locations of different currencies (${[...currencies].sort().join(', ')}); ask for each location's report.`,
      );
    const totals: EntryTotals[] = bounds
      ? Array.from({ length: bounds.length - 1 }, () => ({ microKwh: 0, micro: 0, unpricedMicroKwh: 0, confidence: 1 }))
      : new Array<EntryTotals>(n);
    places.forEach((loc, k) => {
      const members: number[] = [];
      for (let i = 0; i < n; i++) if (location[i] === k) members.push(i);
      if (members.length === 0) return;
      const s = places.length === 1 ? series : subset(series, members);
      let lo = bounds?.[0] ?? Infinity;
      let hi = bounds?.[bounds.length - 1] ?? -Infinity;
      for (let i = 0; i < s.starts.length; i++) {
        if (s.starts[i]! < lo) lo = s.starts[i]!;
        if (s.ends[i]! > hi) hi = s.ends[i]!;
      }
      const pricing = this.prices.pricing(scope, loc, direction, lo, hi);
      if (isTiered(pricing)) {
        // Tiers count the month's energy at the location: each record costs its part of that bill.
        const basis = this.basis(scope, loc, direction, lo, hi);
        const wide = this.widened(scope, loc, direction, basis, { lo, hi });
        const got = costAgainstBasis(wide, s, basis, loc.timezone, bounds);
        if (bounds)
          got.forEach((t, p) => {
            const sum = totals[p]!;
            sum.micro += t.micro;
            sum.microKwh += t.microKwh;
            sum.unpricedMicroKwh += t.unpricedMicroKwh;
            sum.confidence = Math.min(sum.confidence, t.confidence);
          });
        else got.forEach((t, j) => (totals[members[j]!] = t));
        return;
      }
      if (bounds)
        costPerPeriod(pricing, s, bounds).forEach((t, p) => {
          const sum = totals[p]!;
          sum.micro += t.micro;
          sum.microKwh += t.microKwh;
          sum.unpricedMicroKwh += t.unpricedMicroKwh;
          sum.confidence = Math.min(sum.confidence, t.confidence);
        });
      else costPerRecord(pricing, s).forEach((t, j) => (totals[members[j]!] = t));
    });
    return totals;
  }

  /**
   * What counts towards a location's tiers from the start of the month of `from` to `to`: per
   * local month, its own meter's records when it has any that month, else its devices' records.
   */
  private basis(scope: Scope, loc: Location, direction: TariffDirection, from: number, to: number): MeterSeries {
    const start = monthStart(loc.timezone, from);
    const rows = this.meters
      .inWindow(scope, 'location', loc.id, direction, start, to)
      .filter((r) => r.start_ms >= start && r.start_ms < to);
    const monthOf = (t: number) => monthStart(loc.timezone, t);
    const metered = new Set(rows.filter((r) => r.device_id === '').map((r) => monthOf(r.start_ms)));
    return seriesOf(rows.filter((r) => (r.device_id === '') === metered.has(monthOf(r.start_ms))));
  }

  /** The pricing of a report widened to the whole of its basis' time. */
  private widened(
    scope: Scope,
    loc: Location,
    direction: TariffDirection,
    basis: MeterSeries,
    span: { lo: number; hi: number },
  ): Pricing {
    let from = span.lo;
    let to = span.hi;
    for (let i = 0; i < basis.starts.length; i++) {
      if (basis.starts[i]! < from) from = basis.starts[i]!;
      if (basis.ends[i]! > to) to = basis.ends[i]!;
    }
    return this.prices.pricing(scope, loc, direction, monthStart(loc.timezone, from), to);
  }

  /** Report rows with their locations, for costing record by record. */
  private byRecord(scope: Scope, rows: ReportRow[], direction: TariffDirection): EntryTotals[] {
    const locations = [...new Set(rows.map((r) => r.location_id))];
    const index = new Map(locations.map((l, k) => [l, k]));
    return this.cost(
      scope,
      { series: seriesOf(rows), location: rows.map((r) => index.get(r.location_id)!), locations },
      direction,
    );
  }

  /**
   * `POST /costs/instant`: one record priced and, unless `nonPersistent`, stored as a submitted
   * one would be (in the same transaction as its pricing read, so a refusal stores nothing).
   */
  instant(scope: Scope, input: MeterRecordInput, nonPersistent: boolean): InstantCost {
    const c = this.meters.check(scope, input);
    const loc = this.locations.find(scope, c.location_id);
    const record: MeterSeries = {
      starts: Float64Array.of(c.start_ms),
      ends: Float64Array.of(c.end_ms),
      microKwh: Float64Array.of(c.micro_kwh),
      confidence: Float64Array.of(c.confidence),
    };
    const pricing = this.prices.pricing(scope, loc, c.tariff_direction, c.start_ms, c.end_ms);
    let t: EntryTotals | undefined;
    if (isTiered(pricing)) {
      // Priced as the month's stored records have left the tiers at its time.
      const basis = this.basis(scope, loc, c.tariff_direction, c.start_ms, c.end_ms);
      const wide = this.widened(scope, loc, c.tariff_direction, basis, { lo: c.start_ms, hi: c.end_ms });
      [t] = costAgainstBasis(wide, record, basis, loc.timezone);
    } else [t] = costPerRecord(pricing, record);
    const id = nonPersistent
      ? this.ids('mre')
      : this.db.transaction(() => {
          const { id } = this.meters.put(scope, c);
          if (c.device_id) this.devices.touch(scope, [c.device_id]);
          return id;
        })();
    return {
      id,
      object: 'meter_record',
      live_mode: scope.liveMode,
      tariff_direction: c.tariff_direction,
      energy_flow_direction: c.energy_flow_direction,
      currency_code: loc.currency_code,
      energy_units: 'WH',
      location_timezone: loc.timezone,
      stored: !nonPersistent,
      request: { ...input, non_persistent: nonPersistent },
      data: entry(t!, utc(c.start_ms), utc(c.end_ms), {
        session: c.session_reference_id,
        record: c.record_reference_id,
      }),
      time_created: isoSeconds(this.clock.now()),
      account_id: scope.accountId,
    };
  }

  private answer(
    scope: Scope,
    head: {
      object_id: string;
      direction: TariffDirection;
      loc: Location | undefined;
      aggregation: Aggregation | null;
      start: string;
      end: string;
    },
    data: EnergyCostEntry[],
    totals: EntryTotals[],
  ): EnergyCost {
    return {
      id: this.ids('ecs'),
      object: 'energy_cost',
      live_mode: scope.liveMode,
      object_id: head.object_id,
      tariff_direction: head.direction,
      location_timezone: head.loc?.timezone ?? 'UTC',
      currency_code: head.loc?.currency_code ?? null,
      energy_units: 'WH',
      aggregation: head.aggregation,
      start_time: head.start,
      end_time: head.end,
      data,
      ...totalOf(totals),
      account_id: scope.accountId,
    };
  }

  /**
   * `POST /costs/session/{id}`: each record of the session in the direction, in time order. The
   * report is of the session's device when all its records name one, else of its location.
   */
  session(scope: Scope, session: string, direction: TariffDirection): EnergyCost {
    const all = this.meters.ofSession(scope, session);
    if (all.length === 0)
      throw new ApiError(
        404,
        'invalid_request',
        Codes.sessionNotFound,
        'No meter record has that session_reference_id.',
      );
    const rows = all.filter((r) => r.tariff_direction === direction);
    const totals = this.byRecord(scope, rows, direction);
    const devices = new Set(all.map((r) => r.device_id));
    const first = all[0]!;
    const onlyDevice = devices.size === 1 && first.device_id !== '' ? first.device_id : undefined;
    const loc = this.locations.find(scope, (rows[0] ?? first).location_id);
    const data = rows.map((r, i) =>
      entry(totals[i]!, utc(r.start_ms), utc(r.end_ms), {
        session: r.session_reference_id,
        record: r.record_reference_id,
      }),
    );
    return this.answer(
      scope,
      {
        object_id: onlyDevice ?? first.location_id,
        direction,
        loc,
        aggregation: null,
        start: utc(Math.min(...all.map((r) => r.start_ms))),
        end: utc(Math.max(...all.map((r) => r.end_ms))),
      },
      data,
      totals,
    );
  }

  /**
   * `POST /costs/interval/{id}` of a location (every record at it: its own meter's and its
   * devices') or of a device. By DAY or MONTH: one entry per local day or month of the window,
   * records across an edge counted pro rata; else one entry per record starting in the window.
   */
  interval(
    scope: Scope,
    id: string,
    direction: TariffDirection,
    aggregation: Aggregation | undefined,
    window: { start_time: string; end_time: string },
  ): EnergyCost {
    const isLocation = hasPrefix(id, Prefix.location);
    let loc: Location | undefined;
    if (isLocation) loc = this.locations.find(scope, id);
    else {
      this.devices.get(scope, id);
      const at = this.meters.deviceLocation(scope, id);
      loc = at ? this.locations.find(scope, at) : undefined;
    }
    const zone = loc?.timezone ?? 'UTC';
    const { from, to } = costWindow(window, zone);
    const fmt = formatter(formOf(window.end_time));
    const by = isLocation ? 'location' : 'device';
    const head = { object_id: id, direction, loc, aggregation: aggregation ?? null, start: fmt(from), end: fmt(to) };
    if (aggregation) {
      const bounds = periodBounds(aggregation === 'DAY' ? 'day' : 'month', zone, from, to);
      const totals = this.cost(scope, this.meters.columns(scope, by, id, direction, from, to), direction, bounds);
      const data = totals.map((t, k) =>
        entry(t, fmt(bounds[k]!), fmt(bounds[k + 1]!), { session: null, record: null }),
      );
      return this.answer(scope, head, data, totals);
    }
    const rows = this.meters.inWindow(scope, by, id, direction, from, to).filter((r) => r.start_ms >= from);
    const totals = this.byRecord(scope, rows, direction);
    const data = rows.map((r, i) =>
      entry(totals[i]!, fmt(r.start_ms), fmt(r.end_ms), {
        session: r.session_reference_id,
        record: r.record_reference_id,
      }),
    );
    return this.answer(scope, head, data, totals);
  }
}

/** The direction a report asks for: `tariff_direction`, or its older name `direction`; IMPORT by default. */
export function reportDirection(q: {
  tariff_direction?: TariffDirection | undefined;
  direction?: TariffDirection | undefined;
}) {
  if (q.tariff_direction && q.direction && q.tariff_direction !== q.direction)
    throw invalid(Codes.tariffDirectionConflict, 'direction: must equal tariff_direction (it is its older name).');
  return q.tariff_direction ?? q.direction ?? 'IMPORT';
}

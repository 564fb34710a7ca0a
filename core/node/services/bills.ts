import { DateTime } from 'luxon';
import type { Scope } from '../db/documents.js';
import type { LocationService } from './locations.js';
import type { MeterService } from './meters/service.js';
import type { ReportRow } from './meters/rows.js';
import type { PriceService } from './prices/service.js';
import type { CandidateLayer } from './prices/candidates.js';
import { usageSeries } from './prices/usage.js';
import { fitToYear, isTwelveMonths } from '../../engine/usage/year-fit.js';
import { ApiError, Codes, invalid } from '../../engine/errors.js';
import type { BillMonthResult } from '../../engine/billing/bill.js';
import { computeFlexibleBill, type FlexibleResult } from '../../engine/billing/flexible.js';
import { WarmStart } from '../../engine/battery/index.js';
import type { DeviceService } from './devices.js';
import { batteryParams, carParams, type SolverSource } from './battery-params.js';
import type { UsageSeries } from '../../engine/pricing/cost.js';
import type { CompiledComponent } from '../../engine/pricing/compile.js';
import { formatter, formOf } from '../../engine/pricing/format.js';
import { BILL_LIMITS, meteringOf, type Bill, type BillRequest } from '../../engine/schemas/bill.js';
import type { StoredLocation as Location } from '../../engine/schemas/location.js';
import type { TariffDirection } from '../../engine/schemas/common.js';
import { layPv } from '../../engine/usage/pv.js';

/** 413 where a series holds more intervals than one request may. */
function checkSize(list: unknown[] | undefined, path: string): void {
  if (list && list.length > BILL_LIMITS.maxIntervals)
    throw new ApiError(
      413,
      'invalid_request',
      Codes.usageTooLarge,
      `${path}.intervals: at most ${BILL_LIMITS.maxIntervals} intervals per request (${list.length} given).`,
    );
}

/** The start of a local month, or a 400 naming the field. */
function monthStartOf(value: string, field: 'start_time' | 'end_time', zone: string): number {
  const t = DateTime.fromISO(value, { setZone: true });
  const local = t.setZone(zone);
  if (!t.isValid || local.toMillis() !== local.startOf('month').toMillis())
    throw invalid(
      `${field}_invalid`,
      `${field}: must be the start of a local month at the location (${zone}), e.g. ${local.startOf('month').toISO({ suppressMilliseconds: true }) ?? ''}.`,
    );
  return t.toMillis();
}

/** A record series in time order, as the bill takes it. */
function seriesOfRows(rows: readonly ReportRow[]): UsageSeries {
  return {
    starts: Float64Array.from(rows, (r) => r.start_ms),
    ends: Float64Array.from(rows, (r) => r.end_ms),
    microKwh: Float64Array.from(rows, (r) => r.micro_kwh),
  };
}

/** `POST /bills/{location_id}`: the whole bill from usage and generation, or from stored meter records. */
export class BillService {
  constructor(
    private readonly locations: LocationService,
    private readonly prices: PriceService,
    private readonly meters: MeterService,
    private readonly devices: DeviceService,
    private readonly solver: SolverSource,
  ) {}

  create(scope: Scope, locationId: string, req: BillRequest): Bill {
    checkSize(req.usage?.intervals, 'usage');
    checkSize(req.generation?.intervals, 'generation');
    const loc = this.locations.find(scope, locationId);
    const zone = loc.timezone;
    const from = monthStartOf(req.start_time, 'start_time', zone);
    const to = monthStartOf(req.end_time, 'end_time', zone);
    if (!(to > from)) throw invalid('end_time_before_start_time', 'end_time must be after start_time.');
    const months = DateTime.fromMillis(to, { zone }).diff(DateTime.fromMillis(from, { zone }), 'months').months;
    if (Math.round(months) > BILL_LIMITS.maxMonths)
      throw invalid(Codes.windowTooLong, `A bill may cover at most ${BILL_LIMITS.maxMonths} local months.`);
    const metering = meteringOf(req.metering);
    if (req.battery && metering.mode === 'BUY_ALL_SELL_ALL')
      throw invalid(
        'battery_metering_invalid',
        'battery: under BUY_ALL_SELL_ALL all usage is bought and all generation sold, so a battery behind the meter changes nothing the bill counts; use NET_BILLING or NET_METERING.',
      );
    const battery = req.battery ? batteryParams(scope, this.devices, req.battery) : undefined;
    const car = req.car ? carParams(req.car) : undefined;
    const solver = battery?.params.strategy === 'OPTIMAL' ? this.solver() : undefined;
    // The alternatives plan the same cells on their own prices: each starts where the last ended.
    const warm = solver ? new WarmStart() : undefined;
    const { usage, generation, recorded } = this.flows(scope, loc, req, from, to);
    const base: CandidateLayer = { candidates: req.candidates, path: 'candidates' };
    const billOf = (layers: CandidateLayer[]): FlexibleResult => {
      // Refused before any market series is read: a refusal stores nothing.
      if (metering.mode === 'NET_METERING')
        refuseMarketLinked(this.prices.billingComponents(scope, loc, 'IMPORT', layers, true), from, to, layers);
      const imp = this.prices.billing(scope, loc, 'IMPORT', layers, { from, to }, true);
      const exp = this.prices.billing(scope, loc, 'EXPORT', layers, { from, to }, false);
      return computeFlexibleBill({
        zone,
        from,
        to,
        usage,
        generation,
        recorded,
        metering,
        imports: imp.components,
        importMarket: imp.market,
        exports: exp.components,
        exportMarket: exp.market,
        battery: battery?.params,
        car,
        solver,
        warm,
      });
    };
    const fmt = formatter(formOf(req.end_time));
    const json = (b: FlexibleResult) => ({
      total: b.total / 1e6,
      months: b.months.map((m, i) => ({
        ...monthJson(m, fmt),
        ...(b.battery
          ? {
              battery_charged_kwh: round6(b.battery.monthCharged[i]!),
              battery_discharged_kwh: round6(b.battery.monthDischarged[i]!),
            }
          : {}),
        ...(b.carKwh ? { car_kwh: round6(b.carKwh[i]!) } : {}),
      })),
      ...(b.battery ? { battery: batteryJson(b, fmt, req.include_dispatch === true, battery!.warnings) } : {}),
    });
    const main = billOf([base]);
    const bill: Bill = {
      object: 'bill',
      location_id: locationId,
      currency_code: loc.currency_code,
      start_time: fmt(from),
      end_time: fmt(to),
      metering,
      ...json(main),
    };
    if (req.alternatives)
      bill.alternatives = req.alternatives.map((set, k) =>
        json(billOf([base, { candidates: set, path: `alternatives[${k}]` }])),
      );
    return bill;
  }

  /**
   * Usage and generation as given; without usage, the stored meter records as recorded: IMPORT
   * drawn from the grid, EXPORT sent to it (already net, so they never net again).
   */
  private flows(
    scope: Scope,
    loc: Location,
    req: BillRequest,
    from: number,
    to: number,
  ): { usage: UsageSeries; generation: UsageSeries | undefined; recorded: boolean } {
    const zone = loc.timezone;
    if (!req.usage) {
      if (req.generation)
        throw invalid(
          'generation_invalid',
          'generation: goes with usage; without usage the stored meter records are the bill’s basis (their EXPORT records are what was sent to the grid).',
        );
      return {
        usage: this.recorded(scope, loc, 'IMPORT', from, to),
        generation: this.recorded(scope, loc, 'EXPORT', from, to),
        recorded: true,
      };
    }
    // A year of bills is the twelve months billed: a profile holds its kWh per year over them exactly.
    const year = isTwelveMonths(zone, from, to);
    const laid = usageSeries({ usage: req.usage }, zone, from, to);
    const usage = year && req.usage.profile !== undefined ? fitToYear(laid, req.usage.kwh_per_year ?? 0) : laid;
    const g = req.generation;
    if (!g) return { usage, generation: undefined, recorded: false };
    return { usage, generation: layGeneration(loc, g, from, to, year), recorded: false };
  }

  /** A direction's records of the location: per local month its own meter's, else its devices'. */
  private recorded(scope: Scope, loc: Location, direction: TariffDirection, from: number, to: number): UsageSeries {
    const rows = this.meters.inWindow(scope, 'location', loc.id, direction, from, to) as ReportRow[];
    const monthOf = (t: number) =>
      DateTime.fromMillis(Math.max(t, from), { zone: loc.timezone }).startOf('month').toMillis();
    const metered = new Set(rows.filter((r) => r.device_id === '').map((r) => monthOf(r.start_ms)));
    return seriesOfRows(rows.filter((r) => (r.device_id === '') === metered.has(monthOf(r.start_ms))));
  }
}

/**
 * Generation as a request gives it, intervals or the PV profile laid at the location: the same
 * checks as usage's, named for the field they are about. `year`: the window is twelve local
 * months, which a profile's kWh per year fits exactly.
 */
export function layGeneration(
  loc: Location,
  g: NonNullable<BillRequest['generation']>,
  from: number,
  to: number,
  year: boolean,
): UsageSeries {
  const zone = loc.timezone;
  if (g.profile !== undefined) {
    if (g.intervals)
      throw invalid('generation_conflict', 'generation: give either intervals or profile with kwh_per_year, not both.');
    if (g.kwh_per_year === undefined)
      throw invalid('kwh_per_year_missing', 'generation.kwh_per_year is required with a profile.');
    if (!loc.geo_location)
      throw invalid('generation_invalid', 'generation.profile: the location has no coordinates to place the sun.');
    const { lat, lng } = loc.geo_location;
    const pv = layPv(zone, lat, lng, from, to, g.kwh_per_year);
    return year ? fitToYear(pv, g.kwh_per_year) : pv;
  }
  try {
    return usageSeries(
      { usage: { intervals: g.intervals, kwh_per_year: g.kwh_per_year } },
      zone,
      from,
      to,
      'generation',
    );
  } catch (e) {
    if (e instanceof ApiError && e.code.startsWith('usage_'))
      throw new ApiError(e.status, e.type, e.code.replace('usage_', 'generation_'), e.message);
    throw e;
  }
}

/**
 * Net energy metering nets kWh within periods of one price: a market-linked IMPORT tariff's
 * price moves every hour, so it has no periods to net in.
 */
function refuseMarketLinked(
  components: readonly CompiledComponent[],
  from: number,
  to: number,
  layers: readonly CandidateLayer[],
): void {
  const market = components.find((c) => c.direction === 'IMPORT' && c.market && c.start < to && c.end > from);
  if (market)
    throw invalid(
      'metering_invalid',
      `metering.mode: NET_METERING nets kWh within time-of-use periods, and the market-linked IMPORT tariff ${market.source.id ?? ''} has none${layers.length > 1 ? ` (${layers[layers.length - 1]!.path})` : ''}.`,
    );
}

const six = (micro: number) => micro / 1e6;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6 + 0;

function batteryJson(b: FlexibleResult, fmt: (t: number) => string, dispatch: boolean, extra: readonly string[]) {
  const r = b.battery!;
  const c = r.cells;
  return {
    strategy: r.strategy,
    charged_kwh: round6(r.chargedKwh),
    discharged_kwh: round6(r.dischargedKwh),
    cycles: round6(r.cycles),
    saving: six(r.saving),
    total_without: six(r.totalWithout),
    warnings: [...extra, ...r.warnings],
    ...(dispatch
      ? {
          dispatch: Array.from(c.starts, (start, k) => ({
            start_time: fmt(start),
            end_time: fmt(c.ends[k]!),
            charge_kwh: round6(c.charge[k]!),
            discharge_kwh: round6(c.discharge[k]!),
            soc_kwh: round6(c.soc[k]!),
            import_kwh: round6(c.importKwh[k]!),
            export_kwh: round6(c.exportKwh[k]!),
          })),
        }
      : {}),
  };
}

function monthJson(m: BillMonthResult, fmt: (t: number) => string) {
  return {
    start_time: fmt(m.start),
    end_time: fmt(m.end),
    import_kwh: six(m.importMicroKwh),
    export_kwh: six(m.exportMicroKwh),
    unpriced_kwh: six(m.unpricedMicroKwh),
    unpriced_export_kwh: six(m.unpricedExportMicroKwh),
    above_first_tier_kwh: six(m.aboveFirstTierMicroKwh),
    peak_kw: Math.round(m.peakKw * 1e6) / 1e6,
    peak_time: m.peakTime === null ? null : fmt(m.peakTime),
    demand: m.demand.map((d) => ({
      tariff_id: d.tariffId,
      period: d.period,
      kw: Math.round(d.kw * 1e6) / 1e6,
      time: d.time === null ? null : fmt(d.time),
      ...(d.period === null
        ? {
            peak_kw: Math.round((d.peakKw ?? d.kw) * 1e6) / 1e6,
            ratchet_kw: Math.round((d.ratchetKw ?? 0) * 1e6) / 1e6,
            billed_kw: Math.round((d.billedKw ?? d.kw) * 1e6) / 1e6,
          }
        : {}),
      charge: six(d.micro),
    })),
    energy_charge: six(m.energy),
    fixed_charge: six(m.fixed),
    demand_charge: six(m.demandCharge),
    minimum_charge: six(m.minimum),
    export_credit: six(m.credit),
    credit_applied: six(m.applied),
    credit_carried: six(m.carried),
    true_up: six(m.trueUp),
    banked_kwh: six(m.bankedMicroKwh),
    surplus_kwh: six(m.surplusMicroKwh),
    total: six(m.total),
  };
}

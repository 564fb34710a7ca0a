import type { Scope } from '../db/documents.js';
import type { LocationService } from './locations.js';
import type { PriceService } from './prices/service.js';
import type { DeviceService } from './devices.js';
import { usageSeries } from './prices/usage.js';
import { layGeneration } from './bills.js';
import { batteryParams, type SolverSource } from './battery-params.js';
import { Codes, invalid } from '../../engine/errors.js';
import { dispatchBattery } from '../../engine/battery/index.js';
import { planningTimelines, windowCells } from '../../engine/billing/flexible.js';
import type { UsageSeries } from '../../engine/pricing/cost.js';
import { formatter, formOf } from '../../engine/pricing/format.js';
import {
  BATTERY_SCHEDULE_LIMITS,
  type BatterySchedule,
  type BatteryScheduleRequest,
} from '../../engine/schemas/battery-schedule.js';

const DAY = 86_400_000;
const NONE: UsageSeries = { starts: new Float64Array(0), ends: new Float64Array(0), microKwh: new Float64Array(0) };
const round6 = (x: number) => Math.round(x * 1e6) / 1e6 + 0;

/**
 * `POST /schedules/battery/{location_id}` (docs/batteries.md): a battery's plan over any window
 * of up to 31 days, on the location's stored tariffs. Its objective is energy only, import cost
 * minus export credit: the charges a bill adds are a month's, not a plan's.
 */
export class BatteryScheduleService {
  constructor(
    private readonly locations: LocationService,
    private readonly prices: PriceService,
    private readonly devices: DeviceService,
    private readonly solver: SolverSource,
  ) {}

  plan(scope: Scope, locationId: string, req: BatteryScheduleRequest): BatterySchedule {
    const loc = this.locations.find(scope, locationId);
    const zone = loc.timezone;
    const from = Date.parse(req.start_time);
    const to = Date.parse(req.end_time);
    if (!(to > from)) throw invalid('end_time_before_start_time', 'end_time must be after start_time.');
    if (to - from > BATTERY_SCHEDULE_LIMITS.maxDays * DAY)
      throw invalid(Codes.windowTooLong, `A battery schedule covers at most ${BATTERY_SCHEDULE_LIMITS.maxDays} days.`);
    const battery = batteryParams(
      scope,
      this.devices,
      req.battery,
      (id) => this.devices.lastStateOf(scope, id)?.state_of_charge_percent,
    );
    const usage = req.usage ? usageSeries({ usage: req.usage }, zone, from, to) : NONE;
    const generation = req.generation ? layGeneration(loc, req.generation, from, to, false) : undefined;
    const layers = [{ candidates: undefined, path: 'candidates' }];
    const imp = this.prices.billing(scope, loc, 'IMPORT', layers, { from, to }, true);
    const exp = this.prices.billing(scope, loc, 'EXPORT', layers, { from, to }, false);
    const lines = planningTimelines(zone, from, to, imp.components, imp.market, exp.components, exp.market);
    const cells = windowCells(from, to, [], usage, generation, lines.imports, lines.exports);
    const p = battery.params;
    const run = dispatchBattery(
      {
        hours: cells.hours,
        usageKwh: cells.usageKwh,
        generationKwh: cells.generationKwh,
        importPrice: cells.importPrice,
        exportPrice: cells.exportPrice,
      },
      p,
      p.strategy === 'OPTIMAL' ? this.solver() : undefined,
    );
    let without = 0;
    let withBattery = 0;
    for (let k = 0; k < cells.starts.length; k++) {
      const f = cells.usageKwh[k]! - cells.generationKwh[k]!;
      without += f > 0 ? f * cells.importPrice[k]! : f * cells.exportPrice[k]!;
      withBattery += run.importKwh[k]! * cells.importPrice[k]! - run.exportKwh[k]! * cells.exportPrice[k]!;
    }
    const fmt = formatter(formOf(req.end_time));
    return {
      object: 'battery_schedule',
      location_id: locationId,
      start_time: fmt(from),
      end_time: fmt(to),
      currency_code: loc.currency_code,
      strategy: p.strategy,
      initial_soc_kwh: round6(p.initialKwh),
      cost_without: round6(without),
      cost_with: round6(withBattery),
      // From the two figures as answered, so a client's cost_without − cost_with is the saving to the last digit.
      saving: round6(round6(without) - round6(withBattery)),
      warnings: [...battery.warnings, ...run.warnings],
      data: Array.from(cells.starts, (start, k) => ({
        start_time: fmt(start),
        end_time: fmt(cells.ends[k]!),
        charge_kwh: round6(run.charge[k]!),
        discharge_kwh: round6(run.discharge[k]!),
        soc_kwh: round6(run.soc[k]!),
        import_kwh: round6(run.importKwh[k]!),
        export_kwh: round6(run.exportKwh[k]!),
        import_price: cells.importPrice[k]!,
        export_price: cells.exportPrice[k]!,
      })),
    };
  }
}

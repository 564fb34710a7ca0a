import { openReadOnly, type Db } from '../db/database.js';
import { createStore } from '../db/store.js';
import { ServiceClock } from '../../engine/clock.js';
import { randomIds } from '../../engine/ids.js';
import { EventService } from '../services/events.js';
import { MarketService } from '../market/service.js';
import { LocationService } from '../services/locations.js';
import { PriceService } from '../services/prices/service.js';
import { DeviceService } from '../services/devices.js';
import { MeterService } from '../services/meters/service.js';
import { BillService } from '../services/bills.js';
import { currentSolver } from '../battery-solver.js';
import { CostReportService } from '../services/cost-reports.js';
import type { HeavyServices } from './heavy.js';

function build(db: Db, clock: ServiceClock): HeavyServices {
  const ids = randomIds;
  const store = createStore(db);
  const events = new EventService(db, clock, ids);
  const market = new MarketService(db, clock, true);
  const locations = new LocationService(db, store, clock, ids, market, events);
  const prices = new PriceService(db, locations, market, clock, ids);
  const devices = new DeviceService(db, store, clock, ids, events);
  const meters = new MeterService(db, clock, ids, locations, devices);
  const costReports = new CostReportService(db, clock, ids, locations, devices, meters, prices);
  return { bills: new BillService(locations, prices, meters, devices, currentSolver), prices, market, costReports };
}

/**
 * A worker's view of the service: the same services on a read-only connection, on a clock set
 * to each task's instant. Built again whenever another connection committed since the last
 * task (`PRAGMA data_version`), so no cache of this thread outlives a write of the writer's.
 */
export function openReader(dataDir: string): (now: number) => HeavyServices {
  const db = openReadOnly(dataDir);
  const version = db.prepare('PRAGMA data_version').pluck();
  let at = 0;
  const clock = new ServiceClock(() => at);
  let seen: unknown;
  let built: HeavyServices | undefined;
  return (now) => {
    at = now;
    const v = version.get();
    if (!built || v !== seen) {
      seen = v;
      built = build(db, clock);
    }
    return built;
  };
}

import type { Route } from '../route.js';
import { zeroServes } from '../../../engine/api/zero/index.js';
import { zeroTariffElementRoutes } from './tariff-elements.js';
import { zeroLocationRoutes } from './locations.js';
import { zeroCustomerRoutes } from './customers.js';
import { zeroEventRoutes } from './events.js';
import { zeroRateRoutes } from './rates.js';
import { zeroSlotRoutes } from './slots.js';
import { zeroScheduleRoutes } from './schedules.js';
import { zeroMeterRoutes } from './meters.js';
import { zeroCostRoutes } from './costs.js';

/** Zero's own operations, bound to their handlers. */
export const zeroOwnRoutes: Route[] = [
  ...zeroTariffElementRoutes,
  ...zeroLocationRoutes,
  ...zeroCustomerRoutes,
  ...zeroEventRoutes,
  ...zeroRateRoutes,
  ...zeroSlotRoutes,
  ...zeroScheduleRoutes,
  ...zeroMeterRoutes,
  ...zeroCostRoutes,
];

/** Every route Zero serves: its own, then Anode's that it shares or that are the service's extras. */
export const zeroTable = (anode: Route[]): Route[] => [...zeroOwnRoutes, ...anode.filter((r) => zeroServes(r))];

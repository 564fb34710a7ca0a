import { authContracts } from './routes/auth.js';
import { locationContracts } from './routes/locations.js';
import { tariffContracts } from './routes/tariffs.js';
import { priceContracts } from './routes/prices.js';
import { auditContracts } from './routes/audits.js';
import { costContracts } from './routes/costs.js';
import { billContracts } from './routes/bills.js';
import { scheduleContracts } from './routes/schedules.js';
import { connectContracts } from './routes/connect.js';
import { pendingConnectionContracts } from './routes/pending-connections.js';
import { testHelperContracts } from './routes/test-helpers.js';
import { providerContracts } from './routes/providers.js';
import { libraryContracts } from './routes/library.js';
import { marketContracts } from './routes/market.js';
import { eventContracts } from './routes/events.js';
import { webhookContracts } from './routes/webhooks.js';
import { signingKeyContracts } from './routes/signing-keys.js';
import { demoContracts } from './routes/demo.js';
import { trafficContracts } from './routes/traffic.js';
import { metaContracts } from './routes/meta.js';
import { healthContracts } from './routes/health.js';
import { clockContracts } from './routes/clock.js';
import { workspaceContracts } from './routes/workspace.js';
import { scenarioContracts } from './routes/scenarios.js';
import { customerContracts } from './routes/customers.js';
import { deviceContracts } from './routes/devices.js';
import { meterContracts } from './routes/meters.js';
import { costReportContracts } from './routes/cost-reports.js';
import { matchesPath, type Contract } from './contract.js';

/** Every route of the REST API by operation id: the one table the service, the client and OpenAPI read. */
export const api = {
  ...authContracts,
  ...locationContracts,
  ...tariffContracts,
  ...priceContracts,
  ...auditContracts,
  ...costContracts,
  ...billContracts,
  ...scheduleContracts,
  ...connectContracts,
  ...pendingConnectionContracts,
  ...testHelperContracts,
  ...providerContracts,
  ...libraryContracts,
  ...marketContracts,
  ...eventContracts,
  ...webhookContracts,
  ...signingKeyContracts,
  ...demoContracts,
  ...trafficContracts,
  ...clockContracts,
  ...workspaceContracts,
  ...scenarioContracts,
  ...customerContracts,
  ...deviceContracts,
  ...meterContracts,
  ...costReportContracts,
  ...metaContracts,
  ...healthContracts,
};
export type Api = typeof api;
export type OperationId = keyof Api;

const table: Contract[] = Object.values(api);

/** The contract serving `METHOD path`, preferring literal segments over parameters (`/events/trigger` over `/events/:id`). */
export function contractFor(
  method: string,
  path: string,
  contracts: readonly Contract[] = table,
): Contract | undefined {
  const hits = contracts.filter((c) => c.method === method && matchesPath(c.path, path));
  return hits.sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))[0];
}

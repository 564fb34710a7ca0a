// `npm run bench [name]`: every benchmark (or the one named), printing its figures. Not a test: nothing here asserts time.
import { benchPrices } from './prices.js';
import { benchWebhooks } from './webhooks.js';
import { benchLoad } from './load.js';
import { benchStartup } from './startup.js';
import { benchTable } from './table.js';
import { benchScale } from './scale.js';
import { benchClock } from './clock.js';
import { benchCosts } from './costs.js';
import { benchSchedules } from './schedules.js';
import { benchMeters } from './meters.js';
import { benchBills } from './bills.js';
import { benchVersions } from './versions.js';
import { benchHeavy } from './heavy.js';
import { benchBattery } from './battery.js';

const which = process.argv[2];
const benches: [string, () => Promise<void>][] = [
  ['table', benchTable],
  ['startup', benchStartup],
  ['prices', benchPrices],
  ['webhooks', benchWebhooks],
  ['load', benchLoad],
  ['scale', benchScale],
  ['clock', benchClock],
  ['costs', benchCosts],
  ['schedules', benchSchedules],
  ['meters', benchMeters],
  ['bills', benchBills],
  ['versions', benchVersions],
  ['heavy', benchHeavy],
  ['battery', benchBattery],
];
for (const [name, run] of benches) {
  if (which && which !== name) continue;
  console.log(`\n== ${name}`);
  await run();
}

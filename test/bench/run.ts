// `npm run bench`: every benchmark, printing its figures. Not a test: nothing here asserts time.
import { benchPrices } from './prices.js';
import { benchWebhooks } from './webhooks.js';
import { benchLoad } from './load.js';
import { benchStartup } from './startup.js';
import { benchTable } from './table.js';

const which = process.argv[2];
const benches: [string, () => Promise<void>][] = [
  ['table', benchTable],
  ['startup', benchStartup],
  ['prices', benchPrices],
  ['webhooks', benchWebhooks],
  ['load', benchLoad],
];
for (const [name, run] of benches) {
  if (which && which !== name) continue;
  console.log(`\n== ${name}`);
  await run();
}

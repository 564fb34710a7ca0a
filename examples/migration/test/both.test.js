// @ts-check
// The suite run unchanged against both generations of one local Tariff Desk, and the world they
// share: what the Zero client wrote, the Anode client reads.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTariffDesk } from 'tariff-desk';
import { zeroClient } from '../client/zero.js';
import { anodeClient } from '../client/anode.js';
import { DAY_AND_NIGHT, LONDON, tariffSuite } from '../suite.js';

/** @type {import('tariff-desk').TariffDesk} */
let td;
/** @type {import('../suite.js').Client} */
let zero;
/** @type {import('../suite.js').Client} */
let anode;

before(async () => {
  // A pinned clock: the suite reads March and June 2026 whatever day it runs on.
  td = await startTariffDesk({ clock: '2026-03-02T09:00:00Z' });
  const config = { apiUrl: td.apiUrl, accountId: td.accountId, apiKey: td.testKey };
  zero = zeroClient(config);
  anode = anodeClient(config);
});

after(async () => {
  await td?.stop();
});

describe('the client written for Zero (2024-08-24)', () => tariffSuite(() => zero));
describe('the client moved to Anode (2025-09-14.anode)', () => tariffSuite(() => anode));

describe('one world under both', () => {
  it('a location and tariff made through Zero are read, priced and costed through Anode alike', async () => {
    const loc = await zero.createLocation(LONDON);
    assert.equal((await anode.location(loc.id)).id, loc.id);
    await zero.connectTariff(loc.id, DAY_AND_NIGHT);
    const at = ['2026-03-02T03:00:00Z', '2026-03-02T18:00:00Z'];
    const viaZero = await zero.ratesAt(loc.id, '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', at);
    const viaAnode = await anode.ratesAt(loc.id, '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', at);
    assert.deepEqual(viaZero, viaAnode);
    const use = { start: '2026-03-02T18:00:00Z', end: '2026-03-02T19:00:00Z', kwh: 2 };
    assert.equal(await zero.cost(loc.id, use), await anode.cost(loc.id, use));
  });
});

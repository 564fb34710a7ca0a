import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness('2026-03-01T12:00:00Z')));
afterEach(() => h.close());

const lifecycleEvents = async () =>
  (await h.svc.events.list({ accountId: h.cred.account_id, liveMode: false }, {}, { limit: 100 })).data
    .filter((e) => e.type === 'tariff.expiring' || e.type === 'tariff.expired')
    .reverse()
    .map((e) => `${e.type} ${String((e.data as { tariff_id: string }).tariff_id)}`);

describe('tariff lifecycle events', () => {
  it('fire by the service clock: expiring seven days before the end, expired at it, once each, in order', async () => {
    const loc = await h.location();
    // A bare end date is local midnight in Berlin: 2026-03-20T00:00+01:00.
    const a = await h.tariff(loc.id, { contract_start_date: '2026-01-01', contract_end_date: '2026-03-20' });
    const b = await h.tariff(loc.id, {
      type: 'NON_COMMODITY',
      contract_start_date: '2026-01-01',
      contract_end_date: '2026-03-10T00:00:00Z',
    });
    expect(h.svc.lifecycle.runDue()).toBe(0);
    h.clock.set('2026-03-03T00:00:00Z'); // b expiring (03-03T00:00Z) falls due exactly now
    expect(h.svc.lifecycle.runDue()).toBe(1);
    h.clock.set('2026-03-13T00:00:00Z'); // b expired (03-10), a expiring (03-12T23:00Z)
    expect(h.svc.lifecycle.runDue()).toBe(2);
    h.clock.set('2026-03-12T22:59:59Z'); // moving back sends nothing again
    expect(h.svc.lifecycle.runDue()).toBe(0);
    h.clock.set('2026-03-19T23:00:00Z'); // a expired at local midnight
    expect(h.svc.lifecycle.runDue()).toBe(1);
    expect(h.svc.lifecycle.runDue()).toBe(0);
    expect(await lifecycleEvents()).toEqual([
      `tariff.expiring ${b.id}`,
      `tariff.expired ${b.id}`,
      `tariff.expiring ${a.id}`,
      `tariff.expired ${a.id}`,
    ]);
    const headers = await h.login(h.cred.account_id, h.cred.test_key); // the clock moved past the bearer's life
    const ev = (await h.call({ method: 'GET', url: '/events?type=tariff.expired', headers })).body.data[0];
    expect(ev.data).toEqual({ location_id: loc.id, tariff_id: a.id, account_id: h.cred.account_id, live_mode: false });
  });

  it('a clock moved far forward sends both events of a tariff, expiring first', async () => {
    const loc = await h.location();
    const t = await h.tariff(loc.id, { contract_start_date: '2026-01-01', contract_end_date: '2026-04-01' });
    h.clock.set('2026-06-01T00:00:00Z');
    expect(h.svc.lifecycle.runDue()).toBe(2);
    expect(await lifecycleEvents()).toEqual([`tariff.expiring ${t.id}`, `tariff.expired ${t.id}`]);
  });
});

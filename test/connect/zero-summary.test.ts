import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONDON, ZERO_CALLBACK, zeroHarness, type ZeroHarness } from './zero-harness.js';

let z: ZeroHarness;
beforeEach(async () => (z = await zeroHarness()));
afterEach(() => z.close());

/** A London location whose import slot has a fixed tariff, made through a Zero session. */
async function connected(cost = 0.25) {
  const cot = z.zeroToken({ postal_address: LONDON });
  await z.restore(cot);
  await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
  await z.zsubmit('tariff_select', cot, undefined, 'TARIFF_MISSING');
  await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Flat' } });
  await z.zsubmit('tariff_structure_select', cot, { options: ['FIXED'] });
  await z.zsubmit('rate_fixed_capture', cot, { cost });
  await z.zsubmit('contract_term_capture', cot, {});
  await z.zsubmit('summary_fixed_confirm', cot, undefined, 'SAVE');
  return (await z.exchange(cot)).location_id as string;
}

describe('Zero connect: a location that already has a tariff', () => {
  it('opens on its summary; SAVE confirms it and completes the session', async () => {
    const loc = await connected();
    const cot = z.zeroToken({ location_id: loc });
    const p = await z.restore(cot);
    expect(p).toMatchObject({
      route: 'summary_fixed_confirm',
      actions: ['SAVE', 'EDIT', 'DISCONNECT'],
      data: { currency_code: 'GBP', cost: 0.25, tariff: { name: 'Flat', structure_type: 'FIXED' } },
    });
    const saved = await z.zsubmit('summary_fixed_confirm', cot, undefined, 'SAVE');
    expect(saved).toMatchObject({
      route: 'session_complete',
      data: { callback_uri: `${ZERO_CALLBACK}?fp_cot=${cot}` },
    });
    expect(await z.exchange(cot)).toMatchObject({ complete_action: 'SAVE', location_id: loc, used: true });
  });

  it('EDIT starts provider selection over; the new tariff replaces the old one', async () => {
    const loc = await connected();
    const cot = z.zeroToken({ location_id: loc });
    await z.restore(cot);
    let p = await z.zsubmit('summary_fixed_confirm', cot, undefined, 'EDIT');
    expect(p.route).toBe('provider_select');
    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    await z.zsubmit('tariff_select', cot, { tariff: { id: 'ltf_edfstandard' } });
    p = await z.zsubmit('contract_term_capture', cot, {});
    expect(p.actions).toEqual(['SAVE']);
    expect((await z.zsubmit(p.route, cot, undefined, 'SAVE')).route).toBe('session_complete');
    const list = await z.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: z.h.test });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ provider_id: 'prv_edf', connection_type: 'LIBRARY' });
  });

  it('DISCONNECT removes the tariff and completes the session', async () => {
    const loc = await connected();
    const cot = z.zeroToken({ location_id: loc });
    await z.restore(cot);
    const p = await z.zsubmit('summary_fixed_confirm', cot, undefined, 'DISCONNECT');
    expect(p).toMatchObject({ route: 'session_complete', data: { callback_uri: `${ZERO_CALLBACK}?fp_cot=${cot}` } });
    expect(await z.exchange(cot)).toMatchObject({ complete_action: 'DISCONNECT' });
    const list = await z.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: z.h.test });
    expect(list.body.data).toHaveLength(0);
  });
});

describe('Zero connect: a DIRECT provider', () => {
  it('pending: summary_tariff_inprogress, and SAVE completes the session', async () => {
    const cot = z.zeroToken({ postal_address: LONDON, connect_web_uri: undefined });
    await z.restore(cot);
    const r = await z.zsubmit('provider_select', cot, { provider: { id: 'prv_eonnext' } });
    expect(r.route).toBe('session_redirect');
    expect(r.data.redirect_uri).toMatch(/\/provider-login\/prv_eonnext\?/);
    const login = await z.providerLogin(r.data.redirect_uri, 'allow');
    expect(login.status).toBe(303);
    const p = await z.restore(cot);
    expect(p).toMatchObject({
      route: 'summary_tariff_inprogress',
      actions: ['SAVE'],
      data: { provider: { id: 'prv_eonnext' } },
    });
    expect((await z.zsubmit('summary_tariff_inprogress', cot, undefined, 'SAVE')).route).toBe('session_complete');
    expect(await z.exchange(cot)).toMatchObject({ complete_action: 'SAVE', price_available: false });
  });

  it('failed: summary_tariff_failed; RECONNECT returns to provider selection, nothing stored', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    const r = await z.zsubmit('provider_select', cot, { provider: { id: 'prv_eonnext' } });
    await z.providerLogin(r.data.redirect_uri, 'deny');
    let p = await z.restore(cot);
    expect(p).toMatchObject({ route: 'summary_tariff_failed', actions: ['RECONNECT', 'DISCONNECT'] });
    p = await z.zsubmit('summary_tariff_failed', cot, undefined, 'RECONNECT');
    expect(p.route).toBe('provider_select');
    expect(await z.exchange(cot)).toMatchObject({ used: false, location_id: null, complete_action: '' });
  });
});

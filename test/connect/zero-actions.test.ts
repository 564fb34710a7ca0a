import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LONDON, ZERO_CALLBACK, zeroHarness, type ZeroHarness } from './zero-harness.js';

/**
 * The actions the Zero-era connect web app sends beyond the ones every path needs:
 * ADDRESS_CHANGE on tariff selection, RECONNECT on a summary and DISMISS_DIRECT on a pending
 * DIRECT connection, each walked as the app sends it (no `type`, no data).
 */
let z: ZeroHarness;
beforeEach(async () => (z = await zeroHarness()));
afterEach(() => z.close());

const MANCHESTER = {
  address_line1: '1 Piccadilly',
  city: 'Manchester',
  post_code: 'M1 1AA',
  country_code: 'GB',
};

const tariffsOf = async (loc: string) =>
  (await z.h.call({ method: 'GET', url: `/tariffs?location_id=${loc}`, headers: z.h.test })).body.data as {
    id: string;
    status: string;
    connection_type: string;
    provider_id: string;
    display_name: string;
  }[];

/** A London location whose import slot has a fixed tariff, made through a Zero session. */
async function fixedSlot() {
  const cot = z.zeroToken({ postal_address: LONDON });
  await z.restore(cot);
  await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
  await z.zsubmit('tariff_select', cot, undefined, 'TARIFF_MISSING');
  await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Flat' } });
  await z.zsubmit('tariff_structure_select', cot, { options: ['FIXED'] });
  await z.zsubmit('rate_fixed_capture', cot, { cost: 0.25 });
  await z.zsubmit('contract_term_capture', cot, {});
  await z.zsubmit('summary_fixed_confirm', cot, undefined, 'SAVE');
  return (await z.exchange(cot)).location_id as string;
}

/** A London location whose import slot follows the market (Ecotricity): its summary is summary_tou_confirm. */
async function marketSlot() {
  const cot = z.zeroToken({ postal_address: LONDON });
  await z.restore(cot);
  await z.zsubmit('provider_select', cot, { provider: { id: await z.marketOnly() } });
  await z.zsubmit('tariff_structure_select', cot, { options: ['MARKET'] });
  await z.zsubmit('market_surcharge_capture', cot, { surcharge: { fixed: 0.3, percentage: 5 } });
  await z.zsubmit('tariff_name_capture', cot, { tariff: { name: 'Follow the market' } });
  await z.zsubmit('contract_term_capture', cot, {});
  await z.zsubmit('summary_tou_confirm', cot, undefined, 'SAVE');
  return (await z.exchange(cot)).location_id as string;
}

/** A session that chose E.ON Next, whose login leaves the connection pending; the token as it then rests. */
async function pendingInSession() {
  const cot = z.zeroToken({ postal_address: LONDON });
  await z.restore(cot);
  const r = await z.zsubmit('provider_select', cot, { provider: { id: 'prv_eonnext' } });
  await z.providerLogin(r.data.redirect_uri, 'allow');
  const p = await z.restore(cot);
  expect(p).toMatchObject({ route: 'summary_tariff_inprogress', actions: ['SAVE'] });
  return cot;
}

describe('Zero connect: ADDRESS_CHANGE on tariff selection', () => {
  it('is listed, leads to the address page, and the path goes on from the new address', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    let p = await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    expect(p).toMatchObject({ route: 'tariff_select', actions: ['TARIFF_MISSING', 'ADDRESS_CHANGE'] });

    p = await z.zsubmit('tariff_select', cot, undefined, 'ADDRESS_CHANGE');
    expect(p).toMatchObject({
      route: 'postal_address_capture',
      connect_token: cot,
      data: { postal_address: { city: 'London', post_code: 'WC2N 5EH', country_code: 'GB' } },
    });
    expect(p.actions).toBeUndefined();
    expect(p.type).toBeUndefined();
    // Nothing is stored by changing pages.
    expect(await z.exchange(cot)).toMatchObject({ used: false, location_id: null });

    p = await z.zsubmit('postal_address_capture', cot, { postal_address: MANCHESTER });
    expect(p).toMatchObject({
      route: 'provider_select',
      data: { postal_address: { city: 'Manchester', post_code: 'M1 1AA' } },
    });
    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    await z.zsubmit('tariff_select', cot, { tariff: { id: 'ltf_edfstandard' } });
    p = await z.zsubmit('contract_term_capture', cot, {});
    expect(p).toMatchObject({ route: 'summary_fixed_confirm', actions: ['SAVE'] });
    expect((await z.zsubmit(p.route, cot, undefined, 'SAVE')).route).toBe('session_complete');

    const loc = (await z.exchange(cot)).location_id as string;
    const stored = await z.h.call({ method: 'GET', url: `/locations/${loc}`, headers: z.h.test });
    expect(stored.body.postal_address).toMatchObject({ city: 'Manchester', post_code: 'M1 1AA' });
  });

  it('is still refused on the pages Zero does not list it on, and by Anode tariff selection', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    await z.zsubmit('tariff_select', cot, undefined, 'TARIFF_MISSING');
    const bad = await z.zsubmit('tariff_name_capture', cot, undefined, 'ADDRESS_CHANGE');
    expect(bad).toMatchObject({ status: 400, code: 'action_invalid', context: 'connect.tariff_name_capture' });

    const anode = await z.token({ postal_address: LONDON });
    await z.start(anode);
    const page = await z.submit('provider_select', anode, { provider: { id: 'prv_edf' } });
    expect(page).toMatchObject({ route: 'tariff_select', actions: ['TARIFF_MISSING', 'BACK', 'CLOSE'] });
    expect(await z.submit('tariff_select', anode, undefined, 'ADDRESS_CHANGE')).toMatchObject({
      code: 'action_invalid',
    });
  });
});

describe('Zero connect: RECONNECT on a summary', () => {
  it('on summary_fixed_confirm starts provider selection over; the new tariff replaces the old', async () => {
    const loc = await fixedSlot();
    const cot = z.zeroToken({ location_id: loc });
    let p = await z.restore(cot);
    // Zero's summary lists SAVE, EDIT and DISCONNECT; the app sends RECONNECT on its own.
    expect(p).toMatchObject({ route: 'summary_fixed_confirm', actions: ['SAVE', 'EDIT', 'DISCONNECT'] });
    p = await z.zsubmit('summary_fixed_confirm', cot, undefined, 'RECONNECT');
    expect(p).toMatchObject({ route: 'provider_select', actions: ['PROVIDER_MISSING', 'ADDRESS_CHANGE'] });
    expect(await z.exchange(cot)).toMatchObject({ used: false, complete_action: '' });
    expect(await tariffsOf(loc)).toMatchObject([{ display_name: expect.stringContaining('Flat') }]);

    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    await z.zsubmit('tariff_select', cot, { tariff: { id: 'ltf_edfstandard' } });
    p = await z.zsubmit('contract_term_capture', cot, {});
    expect((await z.zsubmit(p.route, cot, undefined, 'SAVE')).route).toBe('session_complete');
    const list = await tariffsOf(loc);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ provider_id: 'prv_edf', connection_type: 'LIBRARY' });
  });

  it('on summary_tou_confirm starts provider selection over', async () => {
    const loc = await marketSlot();
    const cot = z.zeroToken({ location_id: loc });
    expect(await z.restore(cot)).toMatchObject({ route: 'summary_tou_confirm' });
    const p = await z.zsubmit('summary_tou_confirm', cot, undefined, 'RECONNECT');
    expect(p.route).toBe('provider_select');
    // The market-only supplier's order (name after its surcharges) follows the next provider again.
    expect((await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } })).route).toBe('tariff_select');
  });

  it('on the summary a session just stored is refused: the token is spent, nothing changes', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    await z.zsubmit('provider_select', cot, { provider: { id: 'prv_edf' } });
    await z.zsubmit('tariff_select', cot, { tariff: { id: 'ltf_edfstandard' } });
    await z.zsubmit('contract_term_capture', cot, {});
    const r = await z.zsubmit('summary_fixed_confirm', cot, undefined, 'RECONNECT');
    expect(r).toMatchObject({ status: 400, code: 'connect_token_used' });
    expect((await z.zsubmit('summary_fixed_confirm', cot, undefined, 'SAVE')).route).toBe('session_complete');
    expect(await tariffsOf((await z.exchange(cot)).location_id)).toHaveLength(1);
  });

  it('is refused where no summary asks it', async () => {
    const cot = z.zeroToken({ postal_address: LONDON });
    await z.restore(cot);
    expect(await z.zsubmit('provider_select', cot, undefined, 'RECONNECT')).toMatchObject({ code: 'action_invalid' });
  });
});

describe('Zero connect: DISMISS_DIRECT on a pending DIRECT connection', () => {
  it('on a slot left pending: provider selection over without the login; the tariff given replaces the pending one', async () => {
    const first = await pendingInSession();
    expect((await z.zsubmit('summary_tariff_inprogress', first, undefined, 'SAVE')).route).toBe('session_complete');
    const loc = (await z.exchange(first)).location_id as string;
    expect(await tariffsOf(loc)).toMatchObject([{ status: 'PENDING', connection_type: 'DIRECT' }]);

    const cot = z.zeroToken({ location_id: loc });
    let p = await z.restore(cot);
    expect(p).toMatchObject({
      route: 'summary_tariff_inprogress',
      actions: ['SAVE', 'DISCONNECT', 'DISMISS_DIRECT'],
      data: { provider: { id: 'prv_eonnext' } },
    });
    p = await z.zsubmit('summary_tariff_inprogress', cot, undefined, 'DISMISS_DIRECT');
    expect(p).toMatchObject({ route: 'provider_select', connect_token: cot });
    // Leaving the connection is not yet replacing it: the pending tariff stands until a new one is stored.
    expect(await z.exchange(cot)).toMatchObject({ used: false, complete_action: '' });
    expect(await tariffsOf(loc)).toMatchObject([{ status: 'PENDING' }]);

    // The same provider now lists its tariffs instead of sending the customer to its login.
    p = await z.zsubmit('provider_select', cot, { provider: { id: 'prv_eonnext' } });
    expect(p).toMatchObject({ route: 'tariff_select', data: { tariffs: [{ id: 'ltf_eonnextflex' }] } });
    await z.zsubmit('tariff_select', cot, { tariff: { id: 'ltf_eonnextflex' } });
    p = await z.zsubmit('contract_term_capture', cot, {});
    expect(p).toMatchObject({ route: 'summary_fixed_confirm', actions: ['SAVE'] });
    expect(await z.zsubmit(p.route, cot, undefined, 'SAVE')).toMatchObject({
      route: 'session_complete',
      data: { callback_uri: `${ZERO_CALLBACK}?fp_cot=${cot}` },
    });
    const list = await tariffsOf(loc);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'CONNECTED', connection_type: 'LIBRARY', provider_id: 'prv_eonnext' });
    expect(await z.exchange(cot)).toMatchObject({ used: true, complete_action: 'SAVE', price_available: true });
  });

  it('then leaving without a tariff keeps the pending connection', async () => {
    const first = await pendingInSession();
    await z.zsubmit('summary_tariff_inprogress', first, undefined, 'SAVE');
    const loc = (await z.exchange(first)).location_id as string;
    const cot = z.zeroToken({ location_id: loc });
    await z.restore(cot);
    await z.zsubmit('summary_tariff_inprogress', cot, undefined, 'DISMISS_DIRECT');
    // The customer gives up: a later session of the slot still finds the connection pending.
    const later = z.zeroToken({ location_id: loc });
    expect(await z.restore(later)).toMatchObject({ route: 'summary_tariff_inprogress' });
    expect(await tariffsOf(loc)).toMatchObject([{ status: 'PENDING' }]);
  });

  it('in the session that left it pending (token spent) leaves as SAVE does, the connection still pending', async () => {
    const cot = await pendingInSession();
    const r = await z.zsubmit('summary_tariff_inprogress', cot, undefined, 'DISMISS_DIRECT');
    expect(r).toMatchObject({ route: 'session_complete', data: { callback_uri: `${ZERO_CALLBACK}?fp_cot=${cot}` } });
    const token = await z.exchange(cot);
    expect(token).toMatchObject({ used: true, complete_action: 'SAVE', price_available: false });
    expect(await tariffsOf(token.location_id)).toMatchObject([{ status: 'PENDING', connection_type: 'DIRECT' }]);
    // Single use: nothing more on this token.
    expect(await z.zsubmit('summary_tariff_inprogress', cot, undefined, 'SAVE')).toMatchObject({
      code: 'connect_token_used',
    });
  });

  it('is refused on other pages, and by Anode', async () => {
    const loc = await fixedSlot();
    const cot = z.zeroToken({ location_id: loc });
    await z.restore(cot);
    expect(await z.zsubmit('summary_fixed_confirm', cot, undefined, 'DISMISS_DIRECT')).toMatchObject({
      code: 'action_invalid',
    });
    const anode = await z.token({ location_id: loc });
    expect(await z.start(anode)).toMatchObject({ route: 'tariff_summary' });
    expect(await z.submit('tariff_summary', anode, undefined, 'DISMISS_DIRECT')).toMatchObject({
      code: 'action_invalid',
    });
    expect(await tariffsOf(loc)).toHaveLength(1);
  });
});

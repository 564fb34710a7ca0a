import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLBACK, connectHarness, type ConnectHarness } from './harness.js';
import { snapshot } from '../helpers.js';

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const inverness = { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' };

const get = async (url: string, headers = c.h.test) => (await c.h.call({ method: 'GET', url, headers })).body;
const resolve = (id: string, body: unknown, headers = c.h.test) =>
  c.h.call({ method: 'POST', url: `/tariffs/${id}/resolve`, headers, payload: body as object });
const events = async (type: string) => (await get(`/events?type=${type}`)).data;

/** A session with the pending DIRECT provider (E.ON Next), through its consent page. */
async function pendingSession() {
  const cot = await c.token({
    postal_address: inverness,
    customer_reference_id: 'CUS-7',
    location_reference_id: 'LOC-7',
  });
  const login = await c.viaProvider(cot, 'prv_eonnext', 'allow');
  expect(login.status).toBe(303);
  const page = await c.send({ route: 'session_restore', connect_token: cot, type: 'submit' });
  const t = await get(`/connect/token?connect_token=${cot}`);
  return { cot, page, t, tariffId: t.tariff_id as string, locationId: t.location_id as string };
}

describe('a pending DIRECT provider', () => {
  it('completes the session: a location, a PENDING tariff, SAVE, and the completion event', async () => {
    const { cot, page, t, tariffId, locationId } = await pendingSession();
    expect(page).toMatchObject({
      route: 'tariff_connection_pending',
      data: { provider: { id: 'prv_eonnext', logo_url: 'http://127.0.0.1:7070/logos/prv_eonnext.svg' } },
    });
    expect(t).toMatchObject({ used: true, complete_action: 'SAVE', price_available: false });
    expect(await get(`/tariffs/${tariffId}`)).toMatchObject({
      status: 'PENDING',
      connection_type: 'DIRECT',
      is_linked: true,
      provider_id: 'prv_eonnext',
      location_id: locationId,
    });
    // The token's customer reference made a customer, and the session's location joined it.
    expect(t.customer_id).toMatch(/^cus_/);
    expect(await get(`/customers/${t.customer_id}`)).toMatchObject({ reference_id: 'CUS-7', locations: [locationId] });
    expect(await get(`/locations/${locationId}`)).toMatchObject({
      customer_id: t.customer_id,
      location_reference_id: 'LOC-7',
    });
    const [done] = await events('connect.session.complete');
    expect(done.data).toMatchObject({ id: cot, location_id: locationId, price_available: false, tariff_id: tariffId });
    // CLOSE leaves for the callback, the token in both parameters.
    const closed = await c.submit('tariff_connection_pending', cot, undefined, 'CLOSE');
    expect(closed.data.redirect_url).toBe(`${CALLBACK}?svc_cot=${cot}&fp_cot=${cot}`);
    // A later session for the slot shows where the connection stands.
    const again = await c.token({ location_id: locationId });
    expect(await c.start(again)).toMatchObject({
      route: 'tariff_connection_pending',
      data: { provider: { id: 'prv_eonnext', display_name: 'E.ON Next' } },
    });
  });

  it('resolved to succeed: CONNECTED with the provider library schedule, tariff.updated, prices', async () => {
    const { cot, tariffId, locationId } = await pendingSession();
    const r = await resolve(tariffId, { outcome: 'succeed' });
    expect(r.status).toBe(200);
    const eonNext = (await get('/providers/prv_eonnext')).tariffs[0];
    expect(r.body).toMatchObject({
      id: tariffId,
      status: 'CONNECTED',
      display_name: 'Next Flex',
      schedule: eonNext.schedule,
      market_rates: false,
    });
    const [updated] = await events('tariff.updated');
    expect(updated.data).toEqual(r.body);
    expect(await get(`/connect/token?connect_token=${cot}`)).toMatchObject({ price_available: true });
    const prices = await c.h.call({
      method: 'POST',
      url: `/prices/${locationId}`,
      headers: c.h.test,
      payload: { start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-21T00:00:00Z' },
    });
    expect(prices.status).toBe(200);
    expect(prices.body.data.length).toBeGreaterThan(0);
    // Only a PENDING tariff resolves.
    const again = await resolve(tariffId, { outcome: 'fail' });
    expect(again).toMatchObject({ status: 422, body: { code: 'tariff_not_pending', context: 'tariffs.resolve' } });
    expect(await events('tariff.fetch.failed')).toEqual([]);
    // The slot's next session opens on the summary.
    const next = await c.token({ location_id: locationId });
    expect((await c.start(next)).route).toBe('tariff_summary');
  });

  it('resolved to fail: FAILED, tariff.fetch.failed, and the next session shows tariff_connection_failed', async () => {
    const { tariffId, locationId } = await pendingSession();
    const r = await resolve(tariffId, { outcome: 'fail' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: tariffId, status: 'FAILED' });
    const [failed] = await events('tariff.fetch.failed');
    expect(failed.data).toEqual({
      location_id: locationId,
      tariff_id: tariffId,
      account_id: c.h.cred.account_id,
      live_mode: false,
    });
    const next = await c.token({ location_id: locationId });
    const p = await c.start(next);
    expect(p).toMatchObject({
      route: 'tariff_connection_failed',
      actions: ['EDIT', 'DISCONNECT', 'CLOSE'],
      data: { connection_type: 'DIRECT', provider: { id: 'prv_eonnext' } },
    });
    // The customer tries another way: provider selection, and a library tariff replaces the failed one.
    expect((await c.submit('tariff_connection_failed', next, undefined, 'EDIT')).route).toBe('provider_select');
    await c.submit('provider_select', next, { provider: { id: 'prv_octopusenergy' } });
    await c.submit('tariff_select', next, { tariff: { id: 'ltf_octopusflexible' } });
    expect((await c.submit('contract_term_capture', next)).route).toBe('tariff_summary');
    expect((await get(`/tariffs?location_id=${locationId}`)).data.map((t: any) => t.status)).toEqual(['CONNECTED']);
  });

  it('validates resolve requests; nothing changes when one is refused', async () => {
    const { tariffId } = await pendingSession();
    const before = snapshot(c.h.svc);
    expect((await resolve(tariffId, {})).body.code).toBe('outcome_missing');
    expect((await resolve(tariffId, { outcome: 'maybe' })).body.code).toBe('outcome_invalid');
    expect((await resolve(tariffId, { outcome: 'succeed', note: 'x' })).body.code).toBe('parameter_unknown');
    expect((await resolve('loc_1', { outcome: 'succeed' })).body.code).toBe('tariff_id_invalid');
    expect(await resolve('trf_unknown', { outcome: 'succeed' })).toMatchObject({
      status: 404,
      body: { code: 'tariff_not_found' },
    });
    // Another mode does not see it.
    expect((await resolve(tariffId, { outcome: 'succeed' }, c.h.live)).status).toBe(404);
    expect(snapshot(c.h.svc)).toBe(before);
    // A tariff that is not pending.
    const loc = (await get(`/tariffs/${tariffId}`)).location_id;
    const manual = await c.h.call({
      method: 'POST',
      url: '/tariffs',
      headers: c.h.test,
      payload: {
        location_id: loc,
        type: 'COMMODITY',
        direction: 'EXPORT',
        contract_start_date: '2026-01-01',
        contract_end_date: '2027-01-01',
        schedule: [
          {
            months: ['All'],
            days_and_hours: [
              { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.1 }] }] },
            ],
          },
        ],
      },
    });
    expect(manual.status).toBe(200);
    expect(await resolve(manual.body.id, { outcome: 'succeed' })).toMatchObject({
      status: 422,
      body: { code: 'tariff_not_pending' },
    });
    // The typed client calls it too.
    const typed = await c.h.api.call('tariffs.resolve', { params: { id: tariffId }, body: { outcome: 'succeed' } });
    expect(typed.status).toBe('CONNECTED');
  });
});

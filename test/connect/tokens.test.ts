import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLBACK, connectHarness, type ConnectHarness } from './harness.js';
import { snapshot } from '../helpers.js';

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

/** The body a production client sends, verbatim (its customer_id stands for one the test creates). */
const PRODUCTION_BODY =
  '{"connect_url":"https://connect.flatpeak.com","callback_url":"https://example.com/callback","customer_id":"cus_67e22f2a3c5b1d0012345678","customer_reference_id":"CUST-0001","location_reference_id":"LOC-0001","tariff_id":null,"route_options":{"postal_address_capture":{"address_line1":"1 Example Street","city":"London","post_code":"SW1A 1AA","country_code":"GB"}},"postal_address_type":"RESIDENTIAL","tariff_type":"COMMODITY","tariff_direction":"IMPORT"}';

/** A customer of the test account, and the production body naming it. */
async function customerBody(): Promise<{ id: string; body: string }> {
  const r = await c.h.call({
    method: 'POST',
    url: '/customers',
    headers: c.h.test,
    payload: { reference_id: 'CUST-0001' },
  });
  expect(r.status).toBe(200);
  return { id: r.body.id, body: PRODUCTION_BODY.replace('cus_67e22f2a3c5b1d0012345678', r.body.id) };
}

const post = (payload: unknown) =>
  c.h.call({
    method: 'POST',
    url: '/connect/token',
    headers: { ...c.h.test, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const view = async (cot: string) =>
  (await c.h.call({ method: 'GET', url: `/connect/token?connect_token=${cot}`, headers: c.h.test })).body;

describe('connect token fields', () => {
  it("takes a production client's body verbatim, keeps every field, and carries them to the location and event", async () => {
    const customer = await customerBody();
    const r = await post(customer.body);
    expect(r.status).toBe(200);
    const cot = r.body.connect_token as string;
    expect(await view(cot)).toEqual({
      id: cot,
      object: 'connect_token',
      live_mode: false,
      location_id: null,
      price_available: false,
      is_tariff_processed: false,
      complete_action: '',
      tariff_type: 'COMMODITY',
      tariff_direction: 'IMPORT',
      used: false,
      customer_id: customer.id,
      customer_reference_id: 'CUST-0001',
      location_reference_id: 'LOC-0001',
      tariff_id: null,
      route_options: {
        postal_address_capture: {
          address_line1: '1 Example Street',
          city: 'London',
          post_code: 'SW1A 1AA',
          country_code: 'GB',
        },
      },
      postal_address_type: 'RESIDENTIAL',
      time_created: '2026-11-20T10:00:00Z',
      time_expiry: '2026-11-21T10:00:00Z',
    });

    // The address page's option is the address to start from: London is known, so providers come first.
    let p = await c.start(cot);
    expect(p).toMatchObject({ route: 'provider_select', data: { postal_address: { city: 'London' } } });
    expect((await c.submit('provider_select', cot, { provider: { id: 'prv_octopusenergy' } })).route).toBe(
      'tariff_select',
    );
    await c.submit('tariff_select', cot, { tariff: { id: 'ltf_octopusflexible' } });
    p = await c.submit('contract_term_capture', cot);
    expect(p.route).toBe('tariff_summary');
    const closed = await c.submit('tariff_summary', cot, undefined, 'CLOSE');
    expect(closed.data.redirect_url).toBe(`https://example.com/callback?svc_cot=${cot}&fp_cot=${cot}`);

    const t = await view(cot);
    expect(t).toMatchObject({ complete_action: 'SAVE', used: true, price_available: true });
    expect(t.tariff_id).toMatch(/^trf_/);
    const loc = (await c.h.call({ method: 'GET', url: `/locations/${t.location_id}`, headers: c.h.test })).body;
    expect(loc).toMatchObject({
      customer_id: customer.id,
      location_reference_id: 'LOC-0001',
      reference_id: 'LOC-0001',
      postal_address: { city: 'London', post_code: 'SW1A 1AA', country_code: 'GB' },
      timezone: 'Europe/London',
    });
    const event = (await c.h.call({ method: 'GET', url: '/events?type=connect.session.complete', headers: c.h.test }))
      .body.data[0];
    expect(event.data).toEqual({
      id: cot,
      object: 'connect_token',
      location_id: t.location_id,
      price_available: true,
      tariff_id: t.tariff_id,
      customer_id: customer.id,
      customer_reference_id: 'CUST-0001',
      location_reference_id: 'LOC-0001',
    });
    const created = (await c.h.call({ method: 'GET', url: '/events?type=location.created', headers: c.h.test })).body
      .data[0];
    expect(created.data).toMatchObject({ id: t.location_id, customer_id: customer.id });
    // The customer lists the session's location.
    const owner = (await c.h.call({ method: 'GET', url: `/customers/${customer.id}`, headers: c.h.test })).body;
    expect(owner.locations).toEqual([t.location_id]);
  });

  it('validates each field with its own code and changes nothing when it refuses', async () => {
    const base = JSON.parse((await customerBody()).body);
    const before = snapshot(c.h.svc);
    const code = async (patch: Record<string, unknown>) => {
      const r = await post({ ...base, ...patch });
      expect(r.status).toBeGreaterThanOrEqual(400);
      return r.body.code;
    };
    expect(await code({ callback_url: undefined })).toBe('callback_url_missing');
    expect(await code({ callback_url: 'not a url' })).toBe('callback_url_invalid');
    expect(await code({ connect_url: 'nope' })).toBe('connect_url_invalid');
    expect(await code({ customer_id: 42 })).toBe('customer_id_invalid');
    expect(await code({ customer_id: '' })).toBe('customer_id_invalid');
    expect(await code({ customer_id: 'c'.repeat(101) })).toBe('customer_id_invalid');
    expect(await code({ customer_reference_id: 'r'.repeat(201) })).toBe('customer_reference_id_invalid');
    expect(await code({ customer_reference_id: ['x'] })).toBe('customer_reference_id_invalid');
    expect(await code({ location_reference_id: 'l'.repeat(201) })).toBe('location_reference_id_invalid');
    expect(await code({ location_reference_id: false })).toBe('location_reference_id_invalid');
    expect(await code({ tariff_id: 'loc_1' })).toBe('tariff_id_invalid');
    expect(await code({ tariff_id: 7 })).toBe('tariff_id_invalid');
    expect(await code({ route_options: 'all' })).toBe('route_options_invalid');
    expect(await code({ route_options: [] })).toBe('route_options_invalid');
    expect(await code({ route_options: { nowhere: {} } })).toBe('route_options_invalid');
    expect(await code({ route_options: { provider_select: 3 } })).toBe('route_options_invalid');
    expect(await code({ route_options: { postal_address_capture: { country_code: 'ZZ' } } })).toBe(
      'route_options_invalid',
    );
    expect(await code({ route_options: { postal_address_capture: { planet: 'Mars' } } })).toBe('route_options_invalid');
    expect(await code({ postal_address_type: 'HOME' })).toBe('postal_address_type_invalid');
    expect(await code({ postal_address_type: null })).toBe('postal_address_type_invalid');
    expect(await code({ tariff_type: 'GAS' })).toBe('tariff_type_invalid');
    expect(await code({ tariff_direction: 'UP' })).toBe('tariff_direction_invalid');
    // Unknown fields stay refused.
    expect(await code({ customer_email: 'a@b.c' })).toBe('parameter_unknown');
    // A tariff named must exist for the caller.
    const missing = await post({ ...base, tariff_id: 'trf_nothere' });
    expect(missing).toMatchObject({ status: 404, body: { code: 'tariff_not_found' } });
    // So must a customer: of this account and mode.
    const stranger = await post({ ...base, customer_id: 'cus_nothere' });
    expect(stranger).toMatchObject({ status: 404, body: { code: 'customer_not_found' } });
    const live = await c.h.call({
      method: 'POST',
      url: '/connect/token',
      headers: c.h.live,
      payload: base,
    });
    expect(live).toMatchObject({ status: 404, body: { code: 'customer_not_found' } });
    expect(snapshot(c.h.svc)).toBe(before);
  });

  it('names the tariff a token is about; the id and reference fields may be null', async () => {
    const first = await c.token({ postal_address: { address_line1: 'A 1', city: 'Berlin', country_code: 'DE' } });
    await c.start(first);
    await c.submit('provider_select', first, { provider: { id: 'prv_nordlichtenergie' } });
    await c.submit('tariff_select', first, { tariff: { id: 'ltf_nordlichtfix' } });
    await c.submit('contract_term_capture', first);
    const { location_id, tariff_id } = await view(first);
    const r = await post({
      callback_url: CALLBACK,
      location_id,
      tariff_id,
      customer_id: null,
      customer_reference_id: null,
      location_reference_id: null,
      postal_address_type: 'COMMERCIAL',
    });
    expect(r.status).toBe(200);
    expect(await view(r.body.connect_token)).toMatchObject({
      tariff_id,
      customer_id: null,
      customer_reference_id: null,
      location_reference_id: null,
      route_options: null,
      postal_address_type: 'COMMERCIAL',
      complete_action: '',
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectHarness, type ConnectHarness } from './harness.js';

/**
 * `route_options` as production clients send it: `false` for advanced_tariff_capture,
 * tariff_name_capture or contract_term_capture passes that page over; the per-page form
 * (`postal_address_capture: {…}`) keeps working beside it.
 */

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const berlin = { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' };

async function tariffOf(cot: string) {
  const t = (await c.h.call({ method: 'GET', url: `/connect/token?connect_token=${cot}`, headers: c.h.test })).body;
  const list = await c.h.call({ method: 'GET', url: `/tariffs?location_id=${t.location_id}`, headers: c.h.test });
  return list.body.data[0];
}

describe('route_options booleans', () => {
  it('all three false: a typed-in provider goes straight from its name to one fixed price, open-ended, named after it', async () => {
    const cot = await c.token({
      callback_url: 'https://app.example/done',
      postal_address: berlin,
      route_options: { advanced_tariff_capture: false, tariff_name_capture: false, contract_term_capture: false },
    });
    let p = await c.start(cot);
    expect(p.route).toBe('provider_select');
    p = await c.submit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    expect(p.route).toBe('provider_name_capture');
    p = await c.submit('provider_name_capture', cot, { provider: { name: 'Acme Energy' } });
    // Neither the tariff name nor the structure is asked for.
    expect(p.route).toBe('rate_fixed_capture');
    p = await c.submit('rate_fixed_capture', cot, { cost: 0.31 });
    // Nor the contract term: the session completes at once.
    expect(p.route).toBe('tariff_summary');
    const t = await tariffOf(cot);
    expect(t).toMatchObject({ display_name: expect.stringContaining('Acme Energy'), contract_end_date: null });
  });

  it('BACK from a page after passed-over ones returns to the last page shown', async () => {
    const cot = await c.token({
      callback_url: 'https://app.example/done',
      postal_address: berlin,
      route_options: { tariff_name_capture: false, advanced_tariff_capture: false },
    });
    await c.start(cot);
    await c.submit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    await c.submit('provider_name_capture', cot, { provider: { name: 'Acme Energy' } });
    expect((await c.submit('rate_fixed_capture', cot, undefined, 'BACK')).route).toBe('provider_name_capture');
  });

  it('a library tariff with contract_term_capture false completes open-ended without the contract page', async () => {
    const cot = await c.token({
      callback_url: 'https://app.example/done',
      postal_address: berlin,
      route_options: { contract_term_capture: false },
    });
    await c.start(cot);
    await c.submit('provider_select', cot, { provider: { id: 'prv_nordlichtenergie' } });
    const p = await c.submit('tariff_select', cot, { tariff: { id: 'ltf_nordlichtnacht' } });
    expect(p.route).toBe('tariff_summary');
    expect((await tariffOf(cot)).contract_end_date).toBeNull();
  });

  it('true, or no option, shows every page; the per-page form still sets the starting address', async () => {
    const cot = await c.token({
      callback_url: 'https://app.example/done',
      route_options: { tariff_name_capture: true, postal_address_capture: { city: 'Berlin', country_code: 'DE' } },
    });
    await c.start(cot);
    await c.submit('provider_select', cot, undefined, 'PROVIDER_MISSING');
    const p = await c.submit('provider_name_capture', cot, { provider: { name: 'Acme Energy' } });
    expect(p.route).toBe('tariff_name_capture');
  });

  it('a value that is not a boolean or an object is refused by name, and an unknown page still is', async () => {
    for (const route_options of [{ tariff_name_capture: 'no' }, { advanced_tariff_capture: {} }, { nowhere: false }]) {
      const r = await c.h.call({
        method: 'POST',
        url: '/connect/token',
        headers: c.h.test,
        payload: { callback_url: 'https://app.example/done', route_options },
      });
      expect(r.status, JSON.stringify(route_options)).toBe(400);
      expect(r.body.code).toBe('route_options_invalid');
    }
  });
});

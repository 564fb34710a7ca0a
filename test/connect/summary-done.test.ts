import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLBACK, connectHarness, type ConnectHarness } from './harness.js';

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const berlin = { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' };

const token = async (cot: string) =>
  (await c.h.call({ method: 'GET', url: `/connect/token?connect_token=${cot}`, headers: c.h.test })).body;
const completions = async (cot: string) =>
  (
    await c.h.call({ method: 'GET', url: '/events?type=connect.session.complete&limit=100', headers: c.h.test })
  ).body.data.filter((e: any) => e.data.id === cot);

/** A session for a new Berlin location, up to its contract term (the library's fixed Nordlicht tariff). */
async function newSession() {
  const cot = await c.token({ postal_address: berlin });
  await c.start(cot);
  for (const [route, data] of [
    ['provider_select', { provider: { id: 'prv_nordlichtenergie' } }],
    ['tariff_select', { tariff: { id: 'ltf_nordlichtfix' } }],
  ] as const)
    await c.submit(route, cot, data);
  return cot;
}

/** A location whose supply slot a first session connected (the library's fixed Nordlicht tariff). */
async function connected() {
  const cot = await newSession();
  await c.submit('contract_term_capture', cot);
  const t = await token(cot);
  return { location: t.location_id as string, tariff: t.tariff_id as string };
}

describe('Done on the summary of a tariff the session opened on', () => {
  it('completes the session: the token is spent and connect.session.complete names the tariff', async () => {
    const { location, tariff } = await connected();
    const cot = await c.token({ location_id: location, tariff_type: 'COMMODITY', tariff_direction: 'IMPORT' });
    expect((await c.start(cot)).route).toBe('tariff_summary');
    expect(await completions(cot)).toEqual([]);

    const r = await c.submit('tariff_summary', cot, undefined, 'CLOSE');
    expect(r.route).toBe('session_redirect');
    expect(r.data.redirect_url).toBe(`${CALLBACK}?svc_cot=${cot}&fp_cot=${cot}`);
    expect(await token(cot)).toMatchObject({
      used: true,
      complete_action: 'SAVE',
      location_id: location,
      tariff_id: tariff,
      price_available: true,
    });
    const events = await completions(cot);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ id: cot, location_id: location, tariff_id: tariff, price_available: true });
    // Nothing was stored again: the slot keeps its one tariff.
    const list = await c.h.call({ method: 'GET', url: `/tariffs?location_id=${location}`, headers: c.h.test });
    expect(list.body.data.map((t: any) => t.id)).toEqual([tariff]);
    expect((await c.start(cot)).code).toBe('connect_token_used');
  });

  it('after a session stored its tariff, Done only leaves: one completion event, not two', async () => {
    const cot = await newSession();
    expect((await c.submit('contract_term_capture', cot)).route).toBe('tariff_summary');
    const r = await c.submit('tariff_summary', cot, undefined, 'CLOSE');
    expect(r.route).toBe('session_redirect');
    expect(await completions(cot)).toHaveLength(1);
  });

  it('leaving the summary with BACK completes nothing', async () => {
    const { location } = await connected();
    const cot = await c.token({ location_id: location });
    await c.start(cot);
    expect((await c.submit('tariff_summary', cot, undefined, 'BACK')).route).toBe('session_redirect');
    expect(await token(cot)).toMatchObject({ used: false, complete_action: '' });
    expect(await completions(cot)).toEqual([]);
  });

  it('the sheet’s own Close (CLOSE with confirm: false) leaves without confirming: nothing completes', async () => {
    const { location } = await connected();
    const cot = await c.token({ location_id: location });
    await c.start(cot);
    const r = await c.submit('tariff_summary', cot, { confirm: false }, 'CLOSE');
    expect(r.route).toBe('session_redirect');
    expect(await token(cot)).toMatchObject({ used: false, complete_action: '' });
    expect(await completions(cot)).toEqual([]);
  });

  it('after a session stored its tariff, the sheet’s Close leaves it stored', async () => {
    const cot = await newSession();
    await c.submit('contract_term_capture', cot);
    const r = await c.submit('tariff_summary', cot, { confirm: false }, 'CLOSE');
    expect(r.route).toBe('session_redirect');
    expect(await token(cot)).toMatchObject({ used: true, complete_action: 'SAVE' });
    expect(await completions(cot)).toHaveLength(1);
  });
});

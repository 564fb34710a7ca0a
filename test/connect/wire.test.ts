import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectHarness, WEB, type ConnectHarness } from './harness.js';
import { CONNECT_ROUTES, CONNECT_ROUTE_NAMES } from '../../core/engine/connect/routes/index.js';

let c: ConnectHarness;
beforeEach(async () => (c = await connectHarness('2026-11-20T10:00:00Z')));
afterEach(() => c.close());

const berlin = { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' };

async function manual(cot: string, structure: 'FIXED' | 'TIME_OF_DAY') {
  await c.start(cot);
  await c.submit('provider_select', cot, undefined, 'PROVIDER_MISSING');
  await c.submit('provider_name_capture', cot, { provider: { name: 'X' } });
  await c.submit('tariff_name_capture', cot, { tariff: { name: 'Y' } });
  return c.submit('tariff_structure_select', cot, { options: [structure] });
}

describe('what production clients read', () => {
  it('rate pages send numbers only: cost 0 and no bands until captured, the captured numbers after', async () => {
    const fixed = await c.token({ postal_address: berlin });
    let p = await manual(fixed, 'FIXED');
    expect(p).toMatchObject({ route: 'rate_fixed_capture', data: { currency_code: 'EUR', cost: 0 } });
    await c.submit('rate_fixed_capture', fixed, { cost: '0,31' });
    p = await c.submit('contract_term_capture', fixed, undefined, 'BACK');
    expect(p.data.cost).toBe(0.31);

    const tod = await c.token({ postal_address: berlin });
    p = await manual(tod, 'TIME_OF_DAY');
    expect(p).toMatchObject({ route: 'rate_tod_capture', data: { currency_code: 'EUR', hours: [] } });
    await c.submit('rate_tod_capture', tod, {
      hours: [
        { valid_from: '06:00:00', valid_to: '22:00:00', cost: '0.3' },
        { valid_from: '22:00:00', valid_to: '06:00:00', cost: 0.2 },
      ],
    });
    p = await c.submit('contract_term_capture', tod, undefined, 'BACK');
    expect(p.data.hours).toEqual([
      { valid_from: '06:00:00', valid_to: '22:00:00', cost: 0.3 },
      { valid_from: '22:00:00', valid_to: '06:00:00', cost: 0.2 },
    ]);
  });

  it('logo URLs are absolute, on the connect web app, which serves them to any origin', async () => {
    const cot = await c.token({ postal_address: berlin });
    const p = await c.start(cot);
    for (const prv of p.data.providers) expect(prv.logo_url).toBe(`${WEB}/logos/${prv.id}.svg`);
    const listed = (await c.h.call({ method: 'GET', url: '/providers?country_code=DE', headers: c.h.test })).body;
    expect(listed.data[0].logo_url).toMatch(new RegExp(`^${WEB}/logos/prv_\\w+\\.svg$`));
    const logo = await c.web.inject({
      method: 'GET',
      url: new URL(p.data.providers[0].logo_url).pathname,
      headers: { origin: 'http://127.0.0.1:9999' },
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['access-control-allow-origin']).toBe('*');
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Drawn from the name: its initials, or the acronym it opens with.
    const drawn = async (id: string) =>
      /<text[^>]*>([^<]*)<\/text>/.exec((await c.web.inject({ method: 'GET', url: `/logos/${id}.svg` })).body)?.[1];
    expect(await drawn('prv_octopusenergy')).toBe('OE');
    expect(await drawn('prv_edf')).toBe('EDF');
    expect(await drawn('prv_eonnext')).toBe('EON');
    expect(await drawn('prv_ovoenergy')).toBe('OVO');
    expect(await drawn('prv_ecotricity')).toBe('E');
  });

  it('every error carries the request id the journal records; address errors name every missing field', async () => {
    const cot = await c.token({ postal_address: { country_code: 'DE' } });
    await c.start(cot);
    const e = await c.submit('postal_address_capture', cot, { postal_address: { country_code: 'DE' } });
    expect(e).toMatchObject({ object: 'error', code: 'address_line1_missing', connect_token: cot });
    expect(e.message).toBe('Enter the street address, the city and the post code.');
    expect(e.request_id).toMatch(/^req_/);
    const one = await c.submit('postal_address_capture', cot, { postal_address: { ...berlin, city: ' ' } });
    expect(one).toMatchObject({ code: 'city_missing', message: 'Enter the city.' });
    const journal = (await c.h.call({ method: 'GET', url: '/journal?limit=100', headers: c.h.test })).body.data;
    const entry = journal.find((j: any) => j.request_id === e.request_id);
    expect(entry).toMatchObject({ surface: 'connect', status: 400, path: '/ (postal_address_capture)' });
    expect(JSON.parse(entry.response_body).request_id).toBe(e.request_id);
    // Errors before any token is known, and the REST API's own.
    const bad = await c.send('{nope');
    expect(bad).toMatchObject({ code: 'data_json_invalid', request_id: expect.stringMatching(/^req_/) });
    expect((await c.send({ route: 'session_start', connect_token: 'cot_none' })).request_id).toMatch(/^req_/);
    const api = await c.h.call({ method: 'GET', url: '/tariffs/trf_none', headers: c.h.test });
    expect(api.body.request_id).toEqual(expect.any(String));
    const apiEntry = (await c.h.call({ method: 'GET', url: '/journal?path=/tariffs/trf_none', headers: c.h.test })).body
      .data[0];
    expect(apiEntry.request_id).toBe(api.body.request_id);
    const route = await c.h.call({ method: 'GET', url: '/nowhere', headers: c.h.test });
    expect(route.body).toMatchObject({ code: 'route_not_found', request_id: expect.any(String) });
  });

  it('CORS answers loopback pages, the web app, and the origins configured in settings', async () => {
    const preflight = (origin: string) =>
      c.connect.inject({
        method: 'OPTIONS',
        url: '/',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const client = await preflight('http://127.0.0.1:45678');
    expect(client.statusCode).toBe(204);
    expect(client.headers['access-control-allow-origin']).toBe('http://127.0.0.1:45678');
    expect(String(client.headers['access-control-allow-headers'])).toContain('content-type');
    const remote = 'https://connect.example.com';
    expect((await preflight(remote)).headers['access-control-allow-origin']).toBeUndefined();
    const bad = await c.h.call({
      method: 'PATCH',
      url: '/settings',
      headers: c.h.test,
      payload: { connect_web_origins: ['https://connect.example.com/path'] },
    });
    expect(bad.body.code).toBe('connect_web_origins_invalid');
    const set = await c.h.call({
      method: 'PATCH',
      url: '/settings',
      headers: c.h.test,
      payload: { connect_web_origins: [remote] },
    });
    expect(set.body.connect_web_origins).toEqual([remote]);
    expect((await c.h.call({ method: 'GET', url: '/settings', headers: c.h.test })).body.connect_web_origins).toEqual([
      remote,
    ]);
    expect((await preflight(remote)).headers['access-control-allow-origin']).toBe(remote);
    expect((await preflight('https://other.example.com')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('provider pages read fp_cot as well, and let their form return to the client origin', async () => {
    const cot = await c.token({ postal_address: berlin, connect_url: 'https://client.example/back?step=2' });
    await c.start(cot);
    const r = await c.submit('provider_select', cot, { provider: { id: 'prv_rheinstromwerke' } });
    const page = await c.web.inject({ method: 'GET', url: `/provider-login/prv_rheinstromwerke?fp_cot=${cot}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`name="svc_cot" value="${cot}"`);
    expect(page.headers['content-security-policy']).toContain("form-action 'self' https://client.example");
    const posted = await c.web.inject({
      method: 'POST',
      url: '/provider-login/prv_rheinstromwerke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `fp_cot=${cot}&username=a%40b.c&password=x&consent=yes&decision=allow`,
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`https://client.example/back?step=2&svc_cot=${cot}&fp_cot=${cot}`);
    expect(r.data.redirect_url).toContain(`fp_cot=${cot}`);
    expect((await c.start(cot)).route).toBe('tariff_summary');
    // An app's own scheme is a form target too; script and local schemes are refused outright.
    const app = await c.token({ postal_address: berlin, connect_url: 'myapp://connect/back' });
    await c.start(app);
    await c.submit('provider_select', app, { provider: { id: 'prv_rheinstromwerke' } });
    const login = await c.web.inject({ method: 'GET', url: `/provider-login/prv_rheinstromwerke?svc_cot=${app}` });
    expect(login.headers['content-security-policy']).toMatch(/form-action 'self' myapp:$/);
    for (const field of ['connect_url', 'callback_url'])
      for (const url of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd']) {
        const r = await c.h.call({
          method: 'POST',
          url: '/connect/token',
          headers: c.h.test,
          payload: { callback_url: 'https://app.example/cb', [field]: url },
        });
        expect(r.body.code).toBe(`${field}_invalid`);
      }
  });
});

describe('the route table', () => {
  it('every page lists its actions, answers with data its schema accepts, and knows its error codes', () => {
    expect(CONNECT_ROUTE_NAMES).toHaveLength(14);
    for (const name of CONNECT_ROUTE_NAMES) {
      const r = CONNECT_ROUTES[name];
      expect(r.name).toBe(name);
      expect(r.actions.length).toBeGreaterThan(0);
      expect(Object.keys(r.errors).length).toBeGreaterThan(0);
      // Pages that take only actions answer action_missing to data.
      if (!r.submit) expect(r.errors).toHaveProperty('action_missing');
    }
  });
});

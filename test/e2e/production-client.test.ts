import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright';
import { launch, shot } from './browser.js';
import { liveHost } from './host.js';
import { berlinAddress, sydneyAddress } from '../helpers.js';

/**
 * The connect service driven exactly as the production hosted connect web app drives it: a page
 * on another loopback origin (served here, playing the client) reads the token from `fp_cot` in
 * its address, POSTs JSON (a CORS preflight: `content-type: application/json`) to the connect
 * service, parses every price as a decimal, fetches provider logos from its own origin, and
 * sends the customer through a DIRECT provider's consent form, which redirects back to a page
 * on the client's origin. Each production expectation fails this suite if it regresses.
 */

let browser: Browser;
let env: Awaited<ReturnType<typeof liveHost>>;
let client: Server;
let CLIENT = '';

/** The client's page: everything it does, it does as production's app does. */
const clientPage = (
  connectService: string,
) => `<!doctype html><html><head><meta charset="utf-8"><title>Client</title></head>
<body><main id="out">client</main><script>
const CONNECT = ${JSON.stringify(connectService)};
const problems = (window.problems = []);
// Production's app parses every price as a decimal: only finite numbers will do.
function decimal(v, where) {
  if (typeof v !== 'number' || !Number.isFinite(v)) {
    problems.push(where + ' is not a decimal: ' + JSON.stringify(v));
    throw new Error(where + ' is not a decimal: ' + JSON.stringify(v));
  }
  return v;
}
function parse(reply) {
  if (reply.object === 'error') {
    if (typeof reply.request_id !== 'string' || !reply.request_id) problems.push('error without request_id: ' + reply.code);
    return reply;
  }
  const d = reply.data || {};
  if (reply.route === 'rate_fixed_capture') decimal(d.cost, 'cost');
  if (reply.route === 'rate_tod_capture') {
    if (!Array.isArray(d.hours)) problems.push('hours is not a list');
    d.hours.forEach((h, i) => decimal(h.cost, 'hours[' + i + '].cost'));
  }
  if (reply.route === 'surcharge_capture') { decimal(d.surcharge.fixed, 'surcharge.fixed'); decimal(d.surcharge.percentage, 'surcharge.percentage'); }
  if (reply.route === 'tariff_summary')
    for (const day of ['today', 'tomorrow']) (d.rates[day] || []).forEach((r, i) => decimal(r.tariff.cost, day + '[' + i + ']'));
  return reply;
}
// The token is read from fp_cot only: every address the service builds must carry it.
window.token = new URLSearchParams(location.search).get('fp_cot');
window.send = async (route, data, action) => {
  const body = { route, connect_token: window.token, type: 'submit' };
  if (data !== undefined && data !== null) body.data = data;
  if (action) body.action = action;
  const res = await fetch(CONNECT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return parse(await res.json());
};
// A logo URL must be absolute (no base is given) and loadable from this origin.
window.logo = async (url) => {
  const r = await fetch(new URL(url));
  return { status: r.status, type: r.headers.get('content-type'), bytes: (await r.arrayBuffer()).byteLength };
};
window.leave = (url) => setTimeout(() => location.assign(url), 0);
// Landing with a token starts the session, or resumes it after the provider's pages.
window.ready = window.token ? window.send(location.pathname === '/back' ? 'session_restore' : 'session_start') : Promise.resolve(null);
</script></body></html>`;

/** A CORS preflight as a browser on `origin` sends it before POSTing JSON. */
function preflight(url: string, origin: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      },
      (res) => {
        res.resume();
        resolve({ status: String(res.statusCode), ...res.headers });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  browser = await launch();
  env = await liveHost();
  const page = clientPage(env.info.connect_service_url);
  client = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/client' || path === '/back' || path === '/done') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => client.listen(0, '127.0.0.1', r));
  CLIENT = `http://127.0.0.1:${(client.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await env?.host.stop();
  await new Promise((r) => client?.close(r));
});

const berlin = berlinAddress;
const inverness = { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' };
const sydney = sydneyAddress;

async function token(body: object): Promise<string> {
  const r = await env.api('POST', '/connect/token', {
    connect_url: `${CLIENT}/back`,
    callback_url: `${CLIENT}/done`,
    ...body,
  });
  expect(r.status).toBe(200);
  return r.body.connect_token;
}

/** The client page on its own origin, the token in `fp_cot` only, and the reply it landed with. */
async function open(cot: string): Promise<{ page: Page; first: any }> {
  const page = await browser.newPage();
  await page.goto(`${CLIENT}/client?fp_cot=${cot}`);
  return { page, first: await page.evaluate(() => (window as any).ready) };
}

const send = (page: Page, route: string, data?: unknown, action?: string) =>
  page.evaluate(([r, d, a]) => (window as any).send(r, d, a), [route, data ?? null, action ?? null] as const);

async function noProblems(page: Page) {
  expect(await page.evaluate(() => (window as any).problems)).toEqual([]);
}

/** Every logo the client is given loads, as an image, from the client's own origin. */
async function logosLoad(page: Page, urls: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/logos\/.+\.svg$/);
    const got = await page.evaluate((u) => (window as any).logo(u), url);
    expect(got).toMatchObject({ status: 200, type: expect.stringMatching(/^image\//) });
    expect(got.bytes).toBeGreaterThan(0);
  }
}

/** CLOSE on the summary: back to the client's callback page, the token in both parameters. */
async function leaveToCallback(page: Page, cot: string, route = 'tariff_summary') {
  const out = await send(page, route, undefined, 'CLOSE');
  expect(out).toMatchObject({ route: 'session_redirect', connect_token: cot });
  const to = new URL(out.data.redirect_url);
  expect(`${to.origin}${to.pathname}`).toBe(`${CLIENT}/done`);
  expect(to.searchParams.get('svc_cot')).toBe(cot);
  expect(to.searchParams.get('fp_cot')).toBe(cot);
  await page.evaluate((u) => (window as any).leave(u), out.data.redirect_url);
  await page.waitForURL((u) => u.origin === CLIENT && u.pathname === '/done');
}

/** The end of a clean session: nothing went wrong on the page, the client is left for its callback. */
async function finish(page: Page, cot: string, route = 'tariff_summary') {
  await noProblems(page);
  await leaveToCallback(page, cot, route);
  await page.close();
}

/** A DIRECT provider: the client leaves for the consent page, which posts and returns to the client's origin. */
async function consent(page: Page, cot: string, provider: string, name: string) {
  const out = await send(page, 'provider_select', { provider: { id: provider } });
  expect(out.route).toBe('session_redirect');
  const login = new URL(out.data.redirect_url);
  expect(login.origin).toBe(env.info.connect_web_url);
  expect([login.searchParams.get('svc_cot'), login.searchParams.get('fp_cot')]).toEqual([cot, cot]);
  await page.evaluate((u) => (window as any).leave(u), out.data.redirect_url);
  await page.waitForURL((u) => u.pathname === `/provider-login/${provider}`, { timeout: 30_000 });
  await see(page.getByRole('heading', { name: `Sign in to ${name}` })).toBeVisible();
  await page.getByLabel('Share my tariff with this app').check();
  await page.getByRole('button', { name: 'Allow access' }).click();
  // The form's answer redirects to the client's own address (another origin): it must not be blocked.
  await page.waitForURL((u) => u.origin === CLIENT && u.pathname === '/back', { timeout: 30_000 });
  const back = new URL(page.url());
  expect([back.searchParams.get('svc_cot'), back.searchParams.get('fp_cot')]).toEqual([cot, cot]);
  return page.evaluate(() => (window as any).ready);
}

async function manualStructure(page: Page, structure: string) {
  expect((await send(page, 'provider_select', undefined, 'PROVIDER_MISSING')).route).toBe('provider_name_capture');
  expect((await send(page, 'provider_name_capture', { provider: { name: 'Stadtwerke Mitte' } })).route).toBe(
    'tariff_name_capture',
  );
  expect((await send(page, 'tariff_name_capture', { tariff: { name: structure } })).route).toBe(
    'tariff_structure_select',
  );
  return send(page, 'tariff_structure_select', { options: [structure] });
}

describe('a production client on another origin drives the connect service', () => {
  it('CORS: the preflight of JSON posts passes for loopback pages and for configured origins only', async () => {
    const local = await preflight(env.info.connect_service_url, CLIENT);
    expect(local.status).toBe('204');
    expect(local['access-control-allow-origin']).toBe(CLIENT);
    expect(String(local['access-control-allow-headers'])).toContain('content-type');
    const remote = 'https://connect.example.com';
    expect((await preflight(env.info.connect_service_url, remote))['access-control-allow-origin']).toBeUndefined();
    const set = await env.api('PATCH', '/settings', { connect_web_origins: [remote] });
    expect(set.body.connect_web_origins).toEqual([remote]);
    expect((await preflight(env.info.connect_service_url, remote))['access-control-allow-origin']).toBe(remote);
    await env.api('PATCH', '/settings', { connect_web_origins: [] });
  });

  it('fixed: address errors with request ids, logos from the client origin, cost as a number', async () => {
    const cot = await token({ postal_address: { country_code: 'DE' } });
    const { page, first } = await open(cot);
    expect(first.route).toBe('postal_address_capture');
    // Every missing field is named at once; the error carries the request id the journal keeps.
    const err = await send(page, 'postal_address_capture', { postal_address: { country_code: 'DE' } });
    expect(err).toMatchObject({ object: 'error', code: 'address_line1_missing', connect_token: cot });
    for (const field of ['street address', 'city', 'post code']) expect(err.message).toContain(field);
    expect(err.request_id).toMatch(/^req_/);
    const journal = (await env.api('GET', '/journal?limit=100')).body.data;
    expect(journal.find((j: any) => j.request_id === err.request_id)).toMatchObject({
      surface: 'connect',
      status: 400,
    });

    const providers = await send(page, 'postal_address_capture', { postal_address: berlin });
    expect(providers.route).toBe('provider_select');
    await logosLoad(
      page,
      providers.data.providers.map((p: any) => p.logo_url),
    );
    const fixed = await manualStructure(page, 'FIXED');
    expect(fixed).toMatchObject({ route: 'rate_fixed_capture', data: { cost: 0 } });
    expect((await send(page, 'rate_fixed_capture', { cost: 0.3141 })).route).toBe('contract_term_capture');
    const summary = await send(page, 'contract_term_capture');
    expect(summary).toMatchObject({ route: 'tariff_summary', data: { tariff: { structure_type: 'FIXED' } } });
    expect(summary.data.rates.today[0].tariff.cost).toBe(0.3141);
    await finish(page, cot);
  });

  it('time of day: no bands until captured, numbers once they are', async () => {
    const cot = await token({ postal_address: berlin });
    const { page, first } = await open(cot);
    expect(first.route).toBe('provider_select');
    const tod = await manualStructure(page, 'TIME_OF_DAY');
    expect(tod).toMatchObject({ route: 'rate_tod_capture', data: { currency_code: 'EUR', hours: [] } });
    const hours = [
      { valid_from: '07:00:00', valid_to: '22:00:00', cost: 0.34 },
      { valid_from: '22:00:00', valid_to: '07:00:00', cost: 0.21 },
    ];
    expect((await send(page, 'rate_tod_capture', { hours })).route).toBe('contract_term_capture');
    // BACK shows what was captured, as numbers.
    expect((await send(page, 'contract_term_capture', undefined, 'BACK')).data.hours).toEqual(hours);
    await send(page, 'rate_tod_capture', { hours });
    const summary = await send(page, 'contract_term_capture');
    expect(summary.data.rates.today.map((r: any) => r.tariff.cost)).toEqual([0.21, 0.34, 0.21]);
    await finish(page, cot);
  });

  it('market: region, surcharge and a market summary', async () => {
    const cot = await token({ postal_address: berlin });
    const { page } = await open(cot);
    const region = await manualStructure(page, 'MARKET');
    expect(region).toMatchObject({ route: 'region_select', data: { region: 'DE-LU' } });
    const surcharge = await send(page, 'region_select', { region: 'DE-LU' });
    expect(surcharge).toMatchObject({ route: 'surcharge_capture', data: { surcharge: { fixed: 0, percentage: 0 } } });
    expect((await send(page, 'surcharge_capture', { surcharge: { fixed: 0.12, percentage: 19 } })).route).toBe(
      'contract_term_capture',
    );
    const summary = await send(page, 'contract_term_capture');
    expect(summary).toMatchObject({ route: 'tariff_summary', data: { market_rates_source: true } });
    expect(summary.data.rates.today.length).toBeGreaterThan(0);
    await finish(page, cot);
  });

  it('library: a provider tariff, its logo in the summary and in the location status', async () => {
    const cot = await token({ postal_address: berlin });
    const { page } = await open(cot);
    const tariffs = await send(page, 'provider_select', { provider: { id: 'prv_nordlichtenergie' } });
    expect(tariffs.route).toBe('tariff_select');
    await logosLoad(page, [tariffs.data.provider.logo_url]);
    await send(page, 'tariff_select', { tariff: { id: 'ltf_nordlichtnacht' } });
    const summary = await send(page, 'contract_term_capture');
    expect(summary.data.tariff.name).toBe('Nordlicht Nacht');
    await logosLoad(page, [summary.data.provider.logo_url]);
    const loc = (await env.api('GET', `/connect/token?connect_token=${cot}`)).body.location_id;
    const status = (await env.api('GET', `/locations/${loc}/status`)).body;
    await logosLoad(page, [status.tariff_status.commodity_import.provider.logo_url]);
    const listed = (await env.api('GET', '/providers?country_code=DE')).body.data;
    await logosLoad(
      page,
      listed.map((p: any) => p.logo_url),
    );
    await finish(page, cot);
  });

  it('DIRECT success: consent on the provider page, back on the client origin at the summary', async () => {
    const cot = await token({ postal_address: berlin });
    const { page } = await open(cot);
    const back = await consent(page, cot, 'prv_rheinstromwerke', 'Rheinstrom Werke');
    expect(back).toMatchObject({ route: 'tariff_summary', data: { tariff: { name: 'Rheinstrom Klassik' } } });
    expect((await env.api('GET', `/connect/token?connect_token=${cot}`)).body).toMatchObject({
      complete_action: 'SAVE',
      price_available: true,
    });
    await finish(page, cot);
  });

  it('DIRECT pending: the session completes PENDING, and the admin app resolves it', async () => {
    const customer = (await env.api('POST', '/customers', { reference_id: 'CUS-E2E' })).body.id as string;
    const cot = await token({ postal_address: inverness, customer_id: customer, location_reference_id: 'LOC-E2E' });
    const { page } = await open(cot);
    const back = await consent(page, cot, 'prv_eonnext', 'E.ON Next');
    expect(back).toMatchObject({ route: 'tariff_connection_pending', data: { provider: { id: 'prv_eonnext' } } });
    await logosLoad(page, [back.data.provider.logo_url]);
    const t = (await env.api('GET', `/connect/token?connect_token=${cot}`)).body;
    expect(t).toMatchObject({ complete_action: 'SAVE', used: true, price_available: false, customer_id: customer });
    expect((await env.api('GET', `/tariffs/${t.tariff_id}`)).body.status).toBe('PENDING');
    const [done] = (await env.api('GET', `/events?type=connect.session.complete&object_id=${cot}`)).body.data;
    expect(done.data).toMatchObject({
      location_id: t.location_id,
      customer_id: customer,
      location_reference_id: 'LOC-E2E',
    });
    await finish(page, cot, 'tariff_connection_pending');

    // The provider delivers: the button on the pending slot in the admin app.
    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await admin.goto(`${env.info.app_url}/#/locations?id=${t.location_id}`);
    const slot = admin.locator('[data-slot="commodity_import"]');
    await see(slot).toContainText('PENDING');
    await shot(admin, 'admin-pending-slot');
    await slot.getByRole('button', { name: 'Resolve: deliver' }).click();
    await see(slot).toContainText('CONNECTED');
    await see(slot.getByRole('button', { name: 'Resolve: deliver' })).toHaveCount(0);
    await admin.close();
    const tariff = (await env.api('GET', `/tariffs/${t.tariff_id}`)).body;
    expect(tariff).toMatchObject({ status: 'CONNECTED', display_name: 'Next Flex' });
    const [updated] = (await env.api('GET', `/events?type=tariff.updated&object_id=${t.tariff_id}`)).body.data;
    expect(updated.data).toMatchObject({ id: t.tariff_id, status: 'CONNECTED' });
  });

  it('DIRECT failure: a refusing provider, and a pending connection that fails', async () => {
    const cot = await token({ postal_address: sydney });
    const { page } = await open(cot);
    const back = await consent(page, cot, 'prv_harbourlight', 'Harbour Light Energy');
    expect(back).toMatchObject({
      route: 'tariff_connection_failed',
      data: { connection_type: 'DIRECT', provider: { id: 'prv_harbourlight' } },
    });
    expect((await send(page, 'tariff_connection_failed', undefined, 'EDIT')).route).toBe('provider_select');
    await noProblems(page);
    await page.close();

    const pending = await token({ postal_address: inverness });
    const p2 = (await open(pending)).page;
    expect((await consent(p2, pending, 'prv_eonnext', 'E.ON Next')).route).toBe('tariff_connection_pending');
    await p2.close();
    const t = (await env.api('GET', `/connect/token?connect_token=${pending}`)).body;
    const failed = await env.api('POST', `/tariffs/${t.tariff_id}/resolve`, { outcome: 'fail' });
    expect(failed.body.status).toBe('FAILED');
    const [evt] = (await env.api('GET', `/events?type=tariff.fetch.failed&object_id=${t.tariff_id}`)).body.data;
    expect(evt.data).toEqual({
      location_id: t.location_id,
      tariff_id: t.tariff_id,
      account_id: env.info.account_id,
      live_mode: false,
    });
    // The slot's next session opens on the failure.
    const next = await token({ location_id: t.location_id });
    const { page: p3, first } = await open(next);
    expect(first).toMatchObject({
      route: 'tariff_connection_failed',
      data: { provider: { id: 'prv_eonnext' } },
    });
    await noProblems(p3);
    await leaveToCallback(p3, next, 'tariff_connection_failed');
    await p3.close();
  });
});

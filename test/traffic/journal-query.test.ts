import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basic, berlinAddress, harness, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

/** The app's marker, as the desktop app's API client sends it. */
const APP = { 'x-tariff-desk-client': 'app' };

const journal = async (query = '', headers = h.test) => {
  const r = await h.call({ method: 'GET', url: `/journal${query}`, headers });
  expect(r.status).toBe(200);
  return r.body as {
    has_more: boolean;
    data: { id: number; method: string; path: string; status: number; client: string | null }[];
  };
};
const lines = (page: { data: { method: string; path: string; status: number }[] }) =>
  page.data.map((e) => `${e.method} ${e.path} ${e.status}`);

describe('journal filters', () => {
  it('narrow by method, status or status class, path, surface and text, and combine', async () => {
    // Through the typed client: an unmarked client like any other.
    const loc = await h.api.call('locations.create', {
      body: { postal_address: berlinAddress, reference_id: 'heat-pump-7' },
    });
    await h.call({ method: 'GET', url: '/locations/loc_missing', headers: h.test });
    await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: { location_id: loc.id } });
    await h.call({ method: 'GET', url: '/webhooks', headers: h.test });

    expect(lines(await journal('?method=POST'))).toEqual(['POST /tariffs 400', 'POST /locations 200']);
    expect(lines(await journal('?status=4xx'))).toEqual(['POST /tariffs 400', 'GET /locations/loc_missing 404']);
    expect(lines(await journal('?status=404'))).toEqual(['GET /locations/loc_missing 404']);
    // The typed client logged in first: a login is journalled like any request.
    expect(lines(await journal('?status=2xx&method=GET'))).toEqual(['GET /webhooks 200', 'GET /login 200']);
    expect(lines(await journal('?path=/locations'))).toEqual(['GET /locations/loc_missing 404', 'POST /locations 200']);
    expect(lines(await journal('?surface=connect'))).toEqual([]);
    expect((await journal('?surface=api')).data).toHaveLength(5);
    // Text is found in bodies, any case, and in the method and path.
    expect(lines(await journal('?q=HEAT-PUMP'))).toEqual(['POST /locations 200']);
    expect(lines(await journal('?q=type_missing'))).toEqual(['POST /tariffs 400']);
    expect(lines(await journal(`?q=${encodeURIComponent('get /web')}`))).toEqual(['GET /webhooks 200']);
  });

  it('since and until keep the requests of a time window, on the service clock', async () => {
    // The harness clock starts at 2026-03-01T12:00:00Z and moves only when told.
    await h.call({ method: 'GET', url: '/webhooks', headers: h.test });
    h.clock.advance(60_000);
    await h.call({ method: 'GET', url: '/locations', headers: h.test });
    h.clock.advance(60_000);
    await h.call({ method: 'GET', url: '/faults', headers: h.test });
    const at = (minute: number) => encodeURIComponent(`2026-03-01T12:0${minute}:00Z`);
    expect(lines(await journal(`?since=${at(1)}`))).toEqual(['GET /faults 200', 'GET /locations 200']);
    expect(lines(await journal(`?until=${at(1)}`))).toEqual(['GET /webhooks 200']);
    expect(lines(await journal(`?since=${at(1)}&until=${at(2)}`))).toEqual(['GET /locations 200']);
    const bad = await h.call({ method: 'GET', url: '/journal?since=yesterday', headers: h.test });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ object: 'error', code: 'since_invalid' });
  });

  it('logins are journalled under the account they name, failed ones too, the token masked', async () => {
    const { account_id, test_key } = h.cred;
    const basicOf = (key: string) => ({ authorization: basic(account_id, key) });
    const ok = await h.call({ method: 'GET', url: '/login', headers: basicOf(test_key) });
    expect(ok.status).toBe(200);
    await h.call({ method: 'GET', url: '/login', headers: basicOf('sk_test_wrong') });
    await h.call({ method: 'GET', url: '/login', headers: { authorization: basic('acc_nobody', 'sk_test_x') } });
    const logins = (await journal('?path=/login')).data as unknown as { status: number; response_body: string }[];
    expect(logins.map((e) => e.status)).toEqual([401, 200]);
    expect(logins[1]!.response_body).not.toContain(ok.body.bearer_token);
  });

  it('search looks only at masked text, so a secret cannot be found by guessing it', async () => {
    const hook = await h.call({
      method: 'POST',
      url: '/webhooks',
      headers: h.test,
      payload: { url: 'http://127.0.0.1:9/x' },
    });
    const secret: string = hook.body.secret;
    expect(secret).toMatch(/^whsec_/);
    expect((await journal(`?q=${encodeURIComponent(secret.slice(0, 16))}`)).data).toEqual([]);
    expect((await journal(`?q=${encodeURIComponent(secret)}`)).data).toEqual([]);
    expect(lines(await journal('?q=127.0.0.1:9/x'))).toEqual(['POST /webhooks 200']);
  });

  it("exclude_app leaves out the app's requests and the product's polling; the command line's and the kit's stay", async () => {
    const marked = (client: string) => ({ ...h.test, 'x-tariff-desk-client': client });
    await h.call({ method: 'GET', url: '/faults', headers: { ...h.test, ...APP } });
    await h.call({ method: 'GET', url: '/locations', headers: h.test });
    // A value that is not a marker name marks nothing.
    await h.call({ method: 'GET', url: '/webhooks', headers: marked('App Client!') });
    await h.call({
      method: 'POST',
      url: '/events/trigger',
      headers: marked('cli'),
      payload: { type: 'tariff.created' },
    });
    await h.call({ method: 'GET', url: '/webhook-deliveries', headers: marked('listen') });
    await h.call({ method: 'GET', url: '/customers', headers: marked('kit') });
    await h.call({ method: 'GET', url: '/events?limit=100', headers: marked('kit-wait') });

    const all = (await journal()).data;
    expect(all.map((e) => [e.path, e.client])).toEqual([
      ['/events?limit=100', 'kit-wait'],
      ['/customers', 'kit'],
      ['/webhook-deliveries', 'listen'],
      ['/events/trigger', 'cli'],
      ['/webhooks', null],
      ['/locations', null],
      ['/faults', 'app'],
    ]);
    expect(lines(await journal('?exclude_app=true'))).toEqual([
      'GET /customers 200',
      'POST /events/trigger 200',
      'GET /webhooks 200',
      'GET /locations 200',
    ]);
    expect((await journal('?exclude_app=false')).data).toHaveLength(7);
  });

  it('the typed client passes the same filters', async () => {
    await h.call({ method: 'GET', url: '/locations', headers: { ...h.test, ...APP } });
    await h.call({ method: 'GET', url: '/locations', headers: h.test });
    const page = await h.api.call('journal.list', { query: { exclude_app: 'true', method: 'GET', limit: 5 } });
    // The typed client's own login comes last, after the two requests before it.
    expect(page.data.map((e) => [e.path, e.client])).toEqual([
      ['/login', null],
      ['/locations', null],
    ]);
  });
});

describe('journal paging', () => {
  it('walks past any page size with before, catches up with after, and says has_more', async () => {
    for (let i = 0; i < 25; i++) await h.call({ method: 'GET', url: `/locations?limit=${i + 1}`, headers: h.test });
    const first = await journal('?limit=10&path=/locations');
    expect(first.has_more).toBe(true);
    const second = await journal(`?limit=10&path=/locations&before=${first.data.at(-1)!.id}`);
    const third = await journal(`?limit=10&path=/locations&before=${second.data.at(-1)!.id}`);
    expect(third.has_more).toBe(false);
    const seen = [...first.data, ...second.data, ...third.data].map((e) => e.path);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `/locations?limit=${25 - i}`));

    await h.call({ method: 'GET', url: '/webhooks', headers: h.test });
    const newer = await journal(`?after=${first.data[0]!.id}`);
    expect(lines(newer)).toEqual(['GET /webhooks 200']);
    expect(newer.has_more).toBe(false);
    // Both bounds: a window between two entries.
    const id = third.data[0]!.id;
    expect((await journal(`?after=${id}&before=${id + 1}`)).data).toEqual([]);
    const between = await journal(`?after=${second.data.at(-1)!.id}&before=${second.data[0]!.id}`);
    expect(between.data.map((e) => e.id)).toEqual(second.data.slice(1, -1).map((e) => e.id));
  });
});

describe('journal clear', () => {
  it("empties the caller's account and mode only, and later requests are listed again", async () => {
    await h.call({ method: 'GET', url: '/locations', headers: h.test });
    await h.call({ method: 'GET', url: '/locations', headers: h.live });
    await h.call({ method: 'GET', url: '/webhooks', headers: h.test });
    const cleared = await h.call({ method: 'DELETE', url: '/journal', headers: h.test });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ object: 'journal_clear', deleted: 2 });
    expect((await journal()).data).toEqual([]);
    expect(lines(await journal('', h.live))).toEqual(['GET /locations 200']);
    await h.call({ method: 'GET', url: '/webhooks', headers: h.test });
    // Like its reads, the journal's clears are not recorded: what follows a clear is listed alone.
    expect(lines(await journal())).toEqual(['GET /webhooks 200']);
    expect((await h.call({ method: 'DELETE', url: '/journal' })).status).toBe(401);
  });
});

describe('journal query validation', () => {
  it.each([
    ['?method=FETCH', 'method_invalid'],
    ['?status=6xx', 'status_invalid'],
    ['?status=4x', 'status_invalid'],
    ['?limit=0', 'limit_invalid'],
    ['?limit=501', 'limit_invalid'],
    ['?before=abc', 'before_invalid'],
    ['?before=0', 'before_invalid'],
    ['?after=-1', 'after_invalid'],
    ['?surface=email', 'surface_invalid'],
    ['?exclude_app=yes', 'exclude_app_invalid'],
    [`?q=${'x'.repeat(201)}`, 'q_invalid'],
    ['?search=x', 'parameter_unknown'],
  ])('%s answers 400 %s with the error object', async (query, code) => {
    const r = await h.call({ method: 'GET', url: `/journal${query}`, headers: h.test });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ object: 'error', type: 'invalid_request', code });
  });
});

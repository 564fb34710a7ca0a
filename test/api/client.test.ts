import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { berlinAddress, checkResponse, harness, injectFetch, tariffBody, type Harness } from '../helpers.js';
import { zeroApi } from '../../core/engine/api/zero/index.js';
import { api, contractFor } from '../../core/engine/api/index.js';
import { createApiClient, ServiceError } from '../../core/engine/api/client.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

describe('the typed API client', () => {
  it('creates, lists and prices through the contract table, answers parsed by their schemas', async () => {
    const loc = await h.api.call('locations.create', { body: { postal_address: berlinAddress } });
    expect(loc.timezone).toBe('Europe/Berlin');
    const body = tariffBody(loc.id) as Parameters<typeof h.api.call<'tariffs.create'>>[1]['body'];
    const t = await h.api.call('tariffs.create', { body });
    const list = await h.api.call('tariffs.list', { query: { location_id: loc.id, limit: 10 } });
    expect(list.data.map((x) => x.id)).toEqual([t.id]);
    const prices = await h.api.call('prices.retrieve', {
      params: { id: loc.id },
      body: { start_time: '2026-03-02T00:00:00+01:00', end_time: '2026-03-03T00:00:00+01:00' },
    });
    expect(prices.data.map((d) => d.price.value)).toEqual([0.21, 0.32, 0.21]);
  });

  it('throws the service error with its code, and logs in again when the bearer lapses', async () => {
    const err = await h.api.call('tariffs.retrieve', { params: { id: 'trf_missing' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ status: 404, code: 'tariff_not_found' });
    const first = await h.api.bearer();
    h.clock.advance(2 * 3600 * 1000);
    await h.api.call('locations.list');
    expect(await h.api.bearer()).not.toBe(first);
  });

  it('requests that meet one lapsed bearer share one login; moving the clock renews the bearer at once', async () => {
    let logins = 0;
    let refused = 0;
    const inner = injectFetch(h.app);
    const client = createApiClient({
      baseUrl: '',
      credentials: { accountId: h.cred.account_id, apiKey: h.cred.test_key },
      renewAfter: ['clock.advance'],
      fetch: async (url, init) => {
        const r = await inner(url, init);
        if (url.startsWith('/login')) logins++;
        if (r.status === 401) refused++;
        return r;
      },
    });
    await client.call('locations.list');
    expect(logins).toBe(1);
    h.clock.advance(2 * 3600 * 1000);
    await Promise.all(Array.from({ length: 5 }, () => client.call('locations.list')));
    expect([refused, logins]).toEqual([5, 2]);
    // Through the API: the clock moves past the bearer's hour, and the client has a new one ready.
    await client.call('clock.advance', { body: { seconds: 2 * 3600 } });
    await client.call('locations.list');
    expect([refused, logins]).toEqual([5, 3]);
  });

  it('withHeaders: a client sending more headers shares the bearer, and its logins, with the one it came from', async () => {
    let logins = 0;
    const inner = injectFetch(h.app);
    const client = createApiClient({
      baseUrl: '',
      credentials: { accountId: h.cred.account_id, apiKey: h.cred.test_key },
      headers: { 'x-tariff-desk-client': 'kit' },
      fetch: async (url, init) => {
        if (url.startsWith('/login')) logins++;
        return inner(url, init);
      },
    });
    const waiting = client.withHeaders({ 'x-tariff-desk-client': 'kit-wait' });
    await client.call('locations.list');
    await waiting.call('events.list');
    expect(logins).toBe(1);
    expect(await waiting.bearer()).toBe(await client.bearer());
    const journal = await h.api.call('journal.list', { query: { limit: 10 } });
    // The marked requests, newest first (the harness's own client marks nothing).
    expect(journal.data.filter((e) => e.client !== null).map((e) => [e.path, e.client])).toEqual([
      ['/events', 'kit-wait'],
      ['/locations', 'kit'],
      ['/login', 'kit'],
    ]);
    // A lapsed bearer met by either is renewed for both, once.
    h.clock.advance(2 * 3600 * 1000);
    await waiting.call('events.list');
    await client.call('locations.list');
    expect(logins).toBe(2);
  });

  it('every contract of either generation is served, and only those', () => {
    const served = new Set(h.app.routeTable);
    const contracted = new Set([...Object.values(api), ...Object.values(zeroApi)].map((c) => `${c.method} ${c.path}`));
    expect([...served].sort()).toEqual([...contracted].sort());
    for (const [id, c] of Object.entries(api)) expect(c.operationId).toBe(id);
    for (const [id, c] of Object.entries(zeroApi)) expect(c.operationId).toBe(id);
  });

  it('finds the contract of a concrete path, literal segments first, and rejects answers outside the schema', () => {
    expect(contractFor('POST', '/events/trigger')?.operationId).toBe('events.trigger');
    expect(contractFor('GET', '/events/evt_1')?.operationId).toBe('events.retrieve');
    expect(contractFor('GET', '/nowhere')).toBeUndefined();
    expect(() => checkResponse('GET', '/tariffs/trf_1', { object: 'tariff' })).toThrow(/outside its schema/);
  });
});

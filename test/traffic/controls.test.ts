import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basic, berlinAddress, harness, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

describe('request journal', () => {
  it('records each request with status, latency and bodies, secrets masked, scoped to the caller', async () => {
    const loc = await h.call({
      method: 'POST',
      url: '/locations',
      headers: h.test,
      payload: { postal_address: berlinAddress },
    });
    await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: { location_id: loc.body.id } });
    await h.call({ method: 'POST', url: '/webhooks', headers: h.test, payload: { url: 'http://127.0.0.1:9/x' } });
    const j = (await h.call({ method: 'GET', url: '/journal', headers: h.test })).body.data;
    expect(j.map((e: any) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'POST /webhooks 200',
      'POST /tariffs 400',
      'POST /locations 200',
    ]);
    const hook = j[0];
    expect(hook.response_body).toContain('"secret":"…"');
    expect(hook.response_body).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);
    expect(hook.request_headers.authorization).toBe('Bearer …');
    expect(j[1].response_body).toContain('type_missing');
    expect(j[2].request_body).toContain('Invalidenstraße');
    expect(j[2].latency_ms).toBeGreaterThan(0);
    // Login answers and keys in bodies are masked too.
    await h.call({
      method: 'GET',
      url: '/login',
      headers: { authorization: basic(h.cred.account_id, h.cred.test_key) },
    });
    expect((await h.call({ method: 'GET', url: '/journal', headers: h.live })).body.data).toEqual([]);
    expect(h.svc.journal.size()).toBeGreaterThan(3);
    const after = (await h.call({ method: 'GET', url: `/journal?after=${j[0].id}`, headers: h.test })).body.data;
    expect(after.every((e: any) => e.id > j[0].id)).toBe(true);
  });
});

describe('fault injection', () => {
  /** A one-day price request for a location. */
  const prices = (id: string, headers = h.test) =>
    h.call({ method: 'POST', url: `/prices/${id}`, headers, payload: { end_time: '2026-03-02T00:00:00Z' } });

  it('forces an error status with a chosen code, adds latency, and is recorded in the journal', async () => {
    const loc = await h.location();
    await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(loc.id) });
    const rule = (
      await h.call({
        method: 'POST',
        url: '/faults',
        headers: h.test,
        payload: { pattern: 'POST /prices/*', kind: 'error', status: 422, code: 'pending_connect' },
      })
    ).body;
    expect(rule).toMatchObject({ object: 'fault_rule', enabled: true, hits: 0 });
    const r = await prices(loc.id);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ object: 'error', code: 'pending_connect', type: 'invalid_request' });
    const j = (await h.call({ method: 'GET', url: '/journal?path=/prices', headers: h.test })).body.data[0];
    expect(j).toMatchObject({ status: 422, fault: rule.id });
    // Other modes are untouched.
    const liveLoc = (
      await h.call({ method: 'POST', url: '/locations', headers: h.live, payload: { postal_address: berlinAddress } })
    ).body;
    expect((await prices(liveLoc.id, h.live)).body.code).toBe('no_tariff_connected');
    // 429 carries Retry-After.
    await h.call({
      method: 'PATCH',
      url: `/faults/${rule.id}`,
      headers: h.test,
      payload: { status: 429, code: 'rate_limit_exceeded' },
    });
    const limited = await prices(loc.id);
    expect(limited.status).toBe(429);
    expect(limited.body.type).toBe('rate_limit');
    expect(limited.headers['retry-after']).toBe('1');
    // Switched off at run time.
    await h.call({ method: 'PATCH', url: `/faults/${rule.id}`, headers: h.test, payload: { enabled: false } });
    expect((await prices(loc.id)).status).toBe(200);
    const lat = (
      await h.call({
        method: 'POST',
        url: '/faults',
        headers: h.test,
        payload: { pattern: 'GET /locations*', kind: 'latency', latency_ms: 300 },
      })
    ).body;
    const t0 = Date.now();
    expect((await h.call({ method: 'GET', url: '/locations', headers: h.test })).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(
      (await h.call({ method: 'GET', url: '/faults', headers: h.test })).body.data.find((f: any) => f.id === lat.id)
        .hits,
    ).toBe(1);
    expect((await h.call({ method: 'DELETE', url: `/faults/${lat.id}`, headers: h.test })).status).toBe(200);
    expect(
      (
        await h.call({
          method: 'POST',
          url: '/faults',
          headers: h.test,
          payload: { pattern: 'nonsense', kind: 'error' },
        })
      ).body.code,
    ).toBe('pattern_invalid');
  });
});

describe('rate limits', () => {
  it('answer 429 rate_limit with Retry-After past the account limit, per account', async () => {
    await h.call({ method: 'PATCH', url: '/settings', headers: h.test, payload: { rate_limit_per_minute: 5 } });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await h.call({ method: 'GET', url: '/locations', headers: h.test })).status);
    // The PATCH took the first token.
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    const r = await h.call({ method: 'GET', url: '/locations', headers: h.test });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ object: 'error', type: 'rate_limit', code: 'rate_limit_exceeded' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = h.svc.accounts.create('Other');
    expect(
      (await h.call({ method: 'GET', url: '/locations', headers: await h.login(other.account_id, other.test_key) }))
        .status,
    ).toBe(200);
    h.clock.advance(60_000);
    expect((await h.call({ method: 'GET', url: '/locations', headers: h.test })).status).toBe(200);
  });

  it('slows brute-force logins: 429 with Retry-After after five failures', async () => {
    const login = (key: string) =>
      h.call({ method: 'GET', url: '/login', headers: { authorization: basic(h.cred.account_id, key) } });
    for (let i = 0; i < 5; i++) expect((await login('sk_test_wrongwrongwrong')).status).toBe(401);
    const r = await login('sk_test_wrongwrongwrong');
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ type: 'rate_limit', code: 'login_throttled' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Even the right key waits out the block, then works.
    expect((await login(h.cred.test_key)).status).toBe(429);
    h.clock.advance(2000);
    expect((await login(h.cred.test_key)).status).toBe(200);
  });
});

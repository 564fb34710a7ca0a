import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basic, harness, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

function expectError(r: { status: number; body: any }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ object: 'error', code });
  expect(Object.keys(r.body).sort()).toEqual([
    'code',
    'context',
    'live_mode',
    'message',
    'object',
    'request_id',
    'time_created',
    'type',
  ]);
}

describe('GET /login', () => {
  it('returns a bearer token whose mode follows the key prefix', async () => {
    const t = await h.call({
      method: 'GET',
      url: '/login',
      headers: { authorization: basic(h.cred.account_id, h.cred.test_key) },
    });
    expect(t.status).toBe(200);
    expect(t.body).toEqual({ bearer_token: expect.stringMatching(/^tdb_/), expires_in: 3600, live_mode: false });
    const l = await h.call({
      method: 'GET',
      url: '/login',
      headers: { authorization: basic(h.cred.account_id, h.cred.live_key) },
    });
    expect(l.body.live_mode).toBe(true);
  });

  it.each([
    ['missing', undefined, 'credentials_missing'],
    ['not Basic', 'Token abc', 'credentials_malformed'],
    ['no colon', 'Basic ' + Buffer.from('acc_x').toString('base64'), 'credentials_malformed'],
    ['bad key prefix', 'Basic ' + Buffer.from('acc_x:pk_123').toString('base64'), 'credentials_malformed'],
    ['unknown key', 'Basic ' + Buffer.from('acc_x:sk_test_nope').toString('base64'), 'credentials_invalid'],
  ])('refuses %s credentials with 401', async (_name, authorization, code) => {
    const r = await h.call({ method: 'GET', url: '/login', headers: authorization ? { authorization } : {} });
    expectError(r, 401, code);
    expect(r.body.type).toBe('authentication_error');
  });

  it('says what is wrong with a malformed Basic header in words a person can act on', async () => {
    const r = await h.call({
      method: 'GET',
      url: '/login',
      headers: { authorization: 'Basic ' + Buffer.from('x:y').toString('base64') },
    });
    expectError(r, 401, 'credentials_malformed');
    expect(r.body.message).toContain('API key (after the colon) that does not start with sk_test_ or sk_live_');
  });

  it('refuses a key presented with the other mode prefix or another account', async () => {
    const swapped = h.cred.test_key.replace('sk_test_', 'sk_live_');
    expectError(
      await h.call({ method: 'GET', url: '/login', headers: { authorization: basic(h.cred.account_id, swapped) } }),
      401,
      'credentials_invalid',
    );
    const other = h.svc.accounts.create('Other');
    expectError(
      await h.call({
        method: 'GET',
        url: '/login',
        headers: { authorization: basic(other.account_id, h.cred.test_key) },
      }),
      401,
      'credentials_invalid',
    );
  });

  it('uses the configured token lifetime', async () => {
    h.svc.accounts.setTokenTtl(h.cred.account_id, 120);
    const t = await h.call({
      method: 'GET',
      url: '/login',
      headers: { authorization: basic(h.cred.account_id, h.cred.test_key) },
    });
    expect(t.body.expires_in).toBe(120);
  });
});

describe('bearer tokens', () => {
  it.each([
    ['missing', undefined, 'token_missing'],
    ['malformed', 'Bearer nope', 'token_malformed'],
    ['an API key instead of a token', 'Bearer sk_test_abc', 'token_malformed'],
    ['unknown', 'Bearer tdb_' + 'a'.repeat(40), 'token_invalid'],
  ])('every endpoint refuses a %s token with 401', async (_n, authorization, code) => {
    for (const url of ['/locations', '/providers', '/openapi.json', '/tariffs?location_id=loc_x', '/tariffs/trf_x']) {
      expectError(await h.call({ method: 'GET', url, headers: authorization ? { authorization } : {} }), 401, code);
    }
    expectError(
      await h.call({ method: 'POST', url: '/tariffs', payload: {}, headers: authorization ? { authorization } : {} }),
      401,
      code,
    );
  });

  it('expires after the lifetime', async () => {
    expect((await h.call({ method: 'GET', url: '/locations', headers: h.test })).status).toBe(200);
    h.clock.advance(3600 * 1000);
    expectError(await h.call({ method: 'GET', url: '/locations', headers: h.test }), 401, 'token_expired');
  });

  it('time travel never deletes a bearer: expired while the clock is ahead, working again back at real time', async () => {
    const other = h.svc.accounts.create('Second account');
    const otherTest = await h.login(other.account_id, other.test_key);
    const otherLive = await h.login(other.account_id, other.live_key);
    const minted = { test: h.test, live: h.live, otherTest, otherLive };
    const status = async (headers: Record<string, string>) =>
      (await h.call({ method: 'GET', url: '/locations', headers })).status;
    for (const headers of Object.values(minted)) expect(await status(headers)).toBe(200);

    const advance = await h.call({
      method: 'POST',
      url: '/clock/advance',
      headers: h.test,
      payload: { seconds: 2 * 86_400 },
    });
    expect(advance.status).toBe(200);
    // Service time may expire them: each is refused as expired while the clock is ahead, and used so.
    for (const headers of Object.values(minted))
      expectError(await h.call({ method: 'GET', url: '/locations', headers }), 401, 'token_expired');
    // A login while the clock is ahead (any account, any mode) deletes none of them.
    const during = await h.login(h.cred.account_id, h.cred.test_key);
    await h.login(other.account_id, other.live_key);
    expect(await status(during)).toBe(200);
    for (const headers of Object.values(minted))
      expectError(await h.call({ method: 'GET', url: '/locations', headers }), 401, 'token_expired');

    expect((await h.call({ method: 'PUT', url: '/clock', headers: during, payload: { mode: 'real' } })).status).toBe(
      200,
    );
    for (const [name, headers] of Object.entries(minted)) expect([name, await status(headers)]).toEqual([name, 200]);
    // The one minted ahead runs out an hour after the instant it was minted at, not before.
    expect(await status(during)).toBe(200);
  });

  it('real time deletes a bearer once it has run out: a later login removes it for good', async () => {
    h.clock.advance(3600 * 1000 + 1);
    expectError(await h.call({ method: 'GET', url: '/locations', headers: h.test }), 401, 'token_expired');
    // The same instant by the service clock and by real time: nothing keeps it.
    await h.login(h.cred.account_id, h.cred.live_key);
    expectError(await h.call({ method: 'GET', url: '/locations', headers: h.test }), 401, 'token_invalid');
    // Set back an hour, service time would hold it valid again, but it was deleted.
    const back = await h.login(h.cred.account_id, h.cred.test_key);
    const setBack = new Date(Date.parse('2026-03-01T12:00:00Z') + 1000).toISOString();
    expect(
      (await h.call({ method: 'PUT', url: '/clock', headers: back, payload: { mode: 'frozen', now: setBack } })).status,
    ).toBe(200);
    expectError(await h.call({ method: 'GET', url: '/locations', headers: h.test }), 401, 'token_invalid');
  });

  it('a bearer minted while the clock is set back is kept: it is deleted only once expired in both times', async () => {
    expect(
      (
        await h.call({
          method: 'PUT',
          url: '/clock',
          headers: h.test,
          payload: { mode: 'offset', now: '2026-01-01T12:00:00Z' },
        })
      ).status,
    ).toBe(200);
    // Minted at service time January: it expires in January, long before real time (March).
    const back = await h.login(h.cred.account_id, h.cred.test_key);
    await h.login(h.cred.account_id, h.cred.live_key);
    expect((await h.call({ method: 'GET', url: '/locations', headers: back })).status).toBe(200);
  });

  it('ends when its key is revoked, and the key cannot log in again', async () => {
    h.svc.accounts.revokeKey(h.cred.test_key);
    expectError(await h.call({ method: 'GET', url: '/locations', headers: h.test }), 401, 'token_invalid');
    expectError(
      await h.call({
        method: 'GET',
        url: '/login',
        headers: { authorization: basic(h.cred.account_id, h.cred.test_key) },
      }),
      401,
      'credentials_invalid',
    );
    expect((await h.call({ method: 'GET', url: '/locations', headers: h.live })).status).toBe(200);
  });
});

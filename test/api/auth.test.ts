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

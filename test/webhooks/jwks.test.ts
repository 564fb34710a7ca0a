import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../helpers.js';
import { rsaThumbprint } from './receiver.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

describe('GET /jwks.json', () => {
  it('needs no credentials and publishes one RSA-2048 PS256 key, named by its RFC 7638 thumbprint', async () => {
    const r = await h.call({ method: 'GET', url: '/jwks.json' });
    expect(r.status).toBe(200);
    expect(r.body.keys).toHaveLength(1);
    const k = r.body.keys[0];
    expect(Object.keys(k).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(k).toMatchObject({ kty: 'RSA', alg: 'PS256', use: 'sig', e: 'AQAB' });
    expect(Buffer.from(k.n, 'base64url')).toHaveLength(256);
    expect(k.kid).toBe(rsaThumbprint(k));
    // Made once per install and kept: asking again gives the same key.
    expect((await h.call({ method: 'GET', url: '/jwks.json' })).body).toEqual(r.body);
    expect(h.svc.db.prepare('SELECT COUNT(*) AS n FROM webhook_signing_keys').get()).toEqual({ n: 1 });
  });

  it('is in the OpenAPI document as a public route; listing and rotating keys need a bearer', async () => {
    const doc = (await h.call({ method: 'GET', url: '/openapi.json', headers: h.test })).body;
    const jwks = doc.paths['/jwks.json'].get;
    expect(jwks.operationId).toBe('jwks');
    expect(jwks.security).toEqual([]);
    expect(jwks.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Jwks' });
    expect(doc.paths['/webhook-signing-keys/rotate'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/webhook-signing-keys'].get.security).toEqual([{ bearerAuth: [] }]);
    for (const url of ['/webhook-signing-keys/rotate']) {
      expect((await h.call({ method: 'POST', url })).status).toBe(401);
    }
    expect((await h.call({ method: 'GET', url: '/webhook-signing-keys' })).status).toBe(401);
  });

  it('keeps a replaced key for 24 h by the service clock', async () => {
    const before = (await h.call({ method: 'GET', url: '/jwks.json' })).body.keys[0].kid;
    const list = await h.call({ method: 'POST', url: '/webhook-signing-keys/rotate', headers: h.test });
    expect(list.body).toMatchObject({
      object: 'webhook_signing_keys',
      keys: [
        { status: 'current', expires_at: null },
        { kid: before, status: 'previous', expires_at: '2026-03-02T12:00:00Z' },
      ],
    });
    const kids = async () => (await h.call({ method: 'GET', url: '/jwks.json' })).body.keys.map((k: any) => k.kid);
    expect(await kids()).toEqual([list.body.current_kid, before]);
    h.clock.advance(24 * 3600 * 1000);
    expect(await kids()).toEqual([list.body.current_kid]);
    // A day later the morning's bearer has lapsed; log in again.
    const bearer = await h.login(h.cred.account_id, h.cred.test_key);
    expect((await h.call({ method: 'GET', url: '/webhook-signing-keys', headers: bearer })).body.keys).toHaveLength(1);
  });
});

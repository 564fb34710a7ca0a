import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { berlinAddress, harness, tariffBody, type Harness } from '../helpers.js';
import { API_VERSION } from '../../core/engine/wire-profile.js';

let h: Harness;
beforeEach(async () => (h = await harness()));
afterEach(() => h.close());

const setProfile = (wire_profile: string) =>
  h.call({ method: 'PATCH', url: '/settings', headers: h.test, payload: { wire_profile } });
const createLocation = () =>
  h.call({ method: 'POST', url: '/locations', headers: h.test, payload: { postal_address: berlinAddress } });

describe('the wire profile', () => {
  it('is spec by default, switched per account in settings, and refuses unknown values', async () => {
    expect((await h.call({ method: 'GET', url: '/settings', headers: h.test })).body.wire_profile).toBe('spec');
    expect((await setProfile('published')).body.wire_profile).toBe('published');
    const bad = await setProfile('production');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('wire_profile_invalid');
    expect((await h.call({ method: 'GET', url: '/settings', headers: h.test })).body.wire_profile).toBe('published');
  });

  it('spec: 200 on create, the object on delete, canonical event names', async () => {
    const loc = await createLocation();
    expect(loc.status).toBe(200);
    const t = await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(loc.body.id) });
    const del = await h.call({ method: 'DELETE', url: `/tariffs/${t.body.id}`, headers: h.test });
    expect(del).toMatchObject({ status: 200, body: { id: t.body.id, object: 'tariff' } });
    const events = await h.call({ method: 'GET', url: '/events?type=location.created', headers: h.test });
    expect(events.body.data.map((e: any) => e.type)).toEqual(['location.created']);
  });

  it('published: 201 on create, 202 Accepted on delete, production event names, both filters', async () => {
    await setProfile('published');
    const loc = await createLocation();
    expect(loc.status).toBe(201);
    expect(loc.body.object).toBe('location');
    const t = await h.call({ method: 'POST', url: '/tariffs', headers: h.test, payload: tariffBody(loc.body.id) });
    const del = await h.call({ method: 'DELETE', url: `/tariffs/${t.body.id}`, headers: h.test });
    expect(del).toMatchObject({ status: 202, body: { message: 'Accepted' } });
    expect((await h.call({ method: 'GET', url: `/tariffs/${t.body.id}`, headers: h.test })).status).toBe(404);
    const delLoc = await h.call({ method: 'DELETE', url: `/locations/${loc.body.id}`, headers: h.test });
    expect(delLoc).toMatchObject({ status: 202, body: { message: 'Accepted' } });
    for (const filter of ['type=location.create', 'event_type=location.create', 'event_type=location.created']) {
      const events = await h.call({ method: 'GET', url: `/events?${filter}`, headers: h.test });
      expect(events.body.data.map((e: any) => e.type)).toEqual(['location.create']);
    }
    const all = await h.call({ method: 'GET', url: '/events', headers: h.test });
    expect(all.body.data.map((e: any) => e.type)).toEqual([
      'location.delete',
      'tariff.deleted',
      'tariff.created',
      'location.create',
    ]);
    const one = await h.call({ method: 'GET', url: `/events/${all.body.data[0].id}`, headers: h.test });
    expect(one.body.type).toBe('location.delete');
  });

  it('the other account keeps its own profile', async () => {
    await setProfile('published');
    const live = await h.call({
      method: 'POST',
      url: '/locations',
      headers: h.live,
      payload: { postal_address: berlinAddress },
    });
    // Live and test mode share the account, so its profile.
    expect(live.status).toBe(201);
    const other = h.svc.accounts.create('Other');
    const bearer = await h.login(other.account_id, other.test_key);
    const r = await h.call({
      method: 'POST',
      url: '/locations',
      headers: bearer,
      payload: { postal_address: berlinAddress },
    });
    expect(r.status).toBe(200);
  });

  it('OpenAPI documents both answers of the routes that differ', async () => {
    const doc = (await h.call({ method: 'GET', url: '/openapi.json', headers: h.test })).body;
    expect(Object.keys(doc.paths['/locations'].post.responses)).toEqual(expect.arrayContaining(['200', '201']));
    expect(Object.keys(doc.paths['/tariffs/{id}'].delete.responses)).toEqual(expect.arrayContaining(['200', '202']));
    expect(doc.components.schemas.WireProfile.enum).toEqual(['spec', 'published']);
  });
});

describe('what production clients send', () => {
  it('the version header is echoed when right, refused when wrong, and answered when not sent', async () => {
    const ok = await h.call({
      method: 'GET',
      url: '/locations',
      headers: { ...h.test, 'flatpeak-version': API_VERSION },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers['flatpeak-version']).toBe(API_VERSION);
    const bad = await h.call({
      method: 'GET',
      url: '/locations',
      headers: { ...h.test, 'flatpeak-version': '2020-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ object: 'error', code: 'api_version_invalid' });
    const none = await h.call({ method: 'GET', url: '/locations', headers: h.test });
    // Every answer names the version it was written in, asked or not.
    expect(none.headers['flatpeak-version']).toBe(API_VERSION);
  });

  it('authorization scheme names are case-insensitive', async () => {
    const token = h.test.authorization!.slice('Bearer '.length);
    for (const scheme of ['bearer', 'BEARER', 'Bearer'])
      expect(
        (await h.call({ method: 'GET', url: '/locations', headers: { authorization: `${scheme} ${token}` } })).status,
      ).toBe(200);
    const basic = 'basic ' + Buffer.from(`${h.cred.account_id}:${h.cred.test_key}`).toString('base64');
    expect((await h.call({ method: 'GET', url: '/login', headers: { authorization: basic } })).status).toBe(200);
  });
});

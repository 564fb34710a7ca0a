import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, snapshot, type Harness } from '../helpers.js';
import { errorCatalogue } from '../fuzz/catalogue.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../core/engine/json-depth.js';

/**
 * Requests an outside campaign found answered wrongly: deep JSON, codes built from a client's
 * own words, payload schemas that let unknown or wrong-typed fields through, and a demo reset
 * after the library it links to was edited. Each is refused by name (or, for the reset,
 * served), and a refused one changes nothing stored.
 */

let h: Harness;
const catalogue = errorCatalogue();

/** Sends a raw body and expects the named refusal with nothing stored changed. */
async function refused(method: 'POST' | 'PATCH', url: string, payload: string | object, status: number, code: string) {
  const before = snapshot(h.svc);
  const r = await h.call({
    method,
    url,
    headers: { ...h.test, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  expect(r.status, `${url} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(status);
  expect(r.body).toMatchObject({ object: 'error', code });
  expect(catalogue.has(r.body.code), r.body.code).toBe(true);
  expect(snapshot(h.svc), `${url} changed nothing`).toBe(before);
  return r.body as { message: string; code: string };
}

beforeAll(async () => {
  h = await harness('2026-06-01T12:00:00Z');
});
afterAll(() => h.close());

const nested = (levels: number, inner = '1') => '{"a":'.repeat(levels) + inner + '}'.repeat(levels);

describe('deep JSON', () => {
  it('the depth scan counts brackets, not brackets inside strings, and never recurses', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('["[[[[", "\\"[[[["]', 1)).toBe(false);
    expect(nestsDeeperThan('['.repeat(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('a body 100,000 levels deep in route_options of POST /connect/token or in data of POST /events/trigger is 400 body_too_deep', async () => {
    const deep = nested(100_000);
    await refused(
      'POST',
      '/connect/token',
      `{"callback_url":"https://app.example/cb","route_options":${deep}}`,
      400,
      'body_too_deep',
    );
    await refused('POST', '/events/trigger', `{"type":"location.created","data":${deep}}`, 400, 'body_too_deep');
    // Arrays count as much as objects.
    await refused('POST', '/locations', `{"postal_address":${'['.repeat(100_000)}}`, 400, 'body_too_deep');
  });

  it(`the limit is ${MAX_JSON_DEPTH} levels: one more is refused, the limit itself reaches the schema`, async () => {
    const body = (levels: number) => `{"callback_url":"https://app.example/cb","route_options":${nested(levels - 1)}}`;
    await refused('POST', '/connect/token', body(MAX_JSON_DEPTH + 1), 400, 'body_too_deep');
    const ok = await h.call({
      method: 'POST',
      url: '/connect/token',
      headers: { ...h.test, 'content-type': 'application/json' },
      payload: body(MAX_JSON_DEPTH),
    });
    expect(ok.body.code).not.toBe('body_too_deep');
  });
});

describe('valid JSON the service will not take', () => {
  it('__proto__, constructor.prototype and half a surrogate pair are refused by name, as valid JSON the service will not take, at any depth', async () => {
    for (const payload of [
      '{"reference_id":"x5","__proto__":{"admin":true}}',
      '{"reference_id":"x5","constructor":{"prototype":{"admin":true}}}',
      '{"postal_address":{"city":"Berlin","country_code":"DE","__proto__":{"x":1}}}',
    ]) {
      const url = payload.includes('postal_address') ? '/locations' : '/customers';
      const e = await refused('POST', url, payload, 400, 'body_key_forbidden');
      expect(e.message).not.toContain('not valid JSON');
    }
    // Half a surrogate pair, in a value or a key, nested or not: no text, so not stored as U+FFFD.
    for (const payload of [
      '{"reference_id":"\\ud800"}',
      '{"reference_id":"a\\udfff\\ud800b"}',
      '{"postal_address":{"city":"Berlin","country_code":"DE"},"\\udc00":1}',
    ]) {
      const url = payload.includes('postal_address') ? '/locations' : '/customers';
      await refused('POST', url, payload, 400, 'body_unicode_invalid');
    }
    // A whole pair (an emoji), and an escaped backslash before "ud800", are text like any other.
    const ok = await h.call({
      method: 'POST',
      url: '/customers',
      headers: { ...h.test, 'content-type': 'application/json' },
      payload: '{"reference_id":"car \\ud83d\\ude97 \\\\ud800"}',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.reference_id).toBe('car \u{1F697} \\ud800');
    // Broken JSON is still called that.
    await refused('POST', '/customers', '{"reference_id":', 400, 'body_json_invalid');
  });
});

describe('methods and encodings the service does not serve', () => {
  it('is 405 method_not_allowed naming the methods it takes (Allow), not 404; an unknown path stays 404', async () => {
    const loc = (
      await h.call({
        method: 'POST',
        url: '/locations',
        headers: h.test,
        payload: { postal_address: { city: 'Berlin', country_code: 'DE' } },
      })
    ).body.id;
    const before = snapshot(h.svc);
    for (const [method, url, allow] of [
      ['DELETE', `/schedules/amount/${loc}`, 'POST'],
      ['PUT', '/locations', 'GET, POST'],
    ] as const) {
      const r = await h.call({ method, url, headers: h.test });
      expect([url, r.status, r.body.code]).toEqual([url, 405, 'method_not_allowed']);
      expect(r.headers.allow).toBe(allow);
      expect(r.body.message).toContain(`it takes ${allow}`);
      expect(r.body.request_id).toMatch(/^req_/);
    }
    // A body in an encoding the service does not decode is not read as plain text.
    const gz = await h.call({
      method: 'POST',
      url: '/customers',
      headers: { ...h.test, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"reference_id":"plain"}',
    });
    expect([gz.status, gz.body.code]).toEqual([415, 'content_encoding_unsupported']);
    const identity = await h.call({
      method: 'GET',
      url: '/customers',
      headers: { ...h.test, 'content-encoding': 'identity' },
    });
    expect(identity.status).toBe(200);
    const none = await h.call({ method: 'DELETE', url: '/nothing/here', headers: h.test });
    expect([none.status, none.body.code]).toEqual([404, 'route_not_found']);
    expect(snapshot(h.svc)).toBe(before);
  });
});

describe('codes come from the catalogue, never from the client', () => {
  it('a workspace file named é, or with an empty name, is refused with a catalogue code and the name escaped', async () => {
    for (const name of ['é', '', '\u0000\u202e', 'x'.repeat(300)]) {
      const e = await refused(
        'POST',
        '/workspace/import',
        { files: { [name]: 7 }, replace: true },
        400,
        'files_invalid',
      );
      expect(e.message).not.toContain(name || '\u0000');
      if (name === 'é') expect(e.message).toContain("files['\\u00e9']");
    }
    // With text values the names reach the importer, which names what is missing.
    const e = await refused(
      'POST',
      '/workspace/import',
      { files: { é: '{}' }, replace: true },
      400,
      'workspace_manifest_missing',
    );
    expect(e.code).not.toMatch(/é/);
  });

  it('every code the catalogue holds is written in the service, not made up by the test', () => {
    expect(catalogue.has('files_invalid')).toBe(true);
    expect(catalogue.has('é_invalid')).toBe(false);
    expect(catalogue.has('_invalid')).toBe(false);
  });
});

describe('schemas hold, nested objects included', () => {
  const events = () => (h.svc.db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;

  it.each([
    ['a wrong type', { type: 'connect.session.complete', data: { id: [] } }, 'id_invalid'],
    ['a wrong type deeper down', { type: 'location.created', data: { postal_address: { city: 5 } } }, 'city_invalid'],
    ['an unknown field', { type: 'connect.session.complete', data: { unknown_field: 1 } }, 'parameter_unknown'],
    [
      'a deep object where a string goes',
      { type: 'connect.session.complete', data: { location_id: { a: { b: {} } } } },
      'location_id_invalid',
    ],
    [
      'an unknown nested field',
      {
        type: 'tariff.created',
        data: {
          schedule: [
            {
              months: ['All'],
              days_and_hours: [
                {
                  days: ['All'],
                  hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 1, extra: 1 }] }],
                },
              ],
            },
          ],
        },
      },
      'parameter_unknown',
    ],
  ])('POST /events/trigger refuses %s in data and records nothing', async (_, body, code) => {
    const n = events();
    await refused('POST', '/events/trigger', body, 400, code);
    expect(events()).toBe(n);
  });

  it('a provider tariff with an unknown field is refused by POST /providers and PATCH /providers/{id}, as by POST /tariffs', async () => {
    const tariff = {
      name: 'T',
      schedule: [
        {
          months: ['All'],
          days_and_hours: [
            { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
          ],
        },
      ],
      unknown_field: true,
    };
    const provider = { display_name: 'X', country_codes: ['DE'], connection_types: ['LIBRARY'], tariffs: [tariff] };
    const e = await refused('POST', '/providers', provider, 400, 'parameter_unknown');
    expect(e.message).toContain('tariffs[0].unknown_field');
    await refused('PATCH', '/providers/prv_nordlichtenergie', { tariffs: [tariff] }, 400, 'parameter_unknown');
    const loc = await h.location();
    await refused(
      'POST',
      '/tariffs',
      {
        location_id: loc.id,
        type: 'COMMODITY',
        contract_start_date: '2026-01-01',
        contract_end_date: '2027-01-01',
        unknown_field: 1,
      },
      400,
      'parameter_unknown',
    );
  });
});

describe('demo reset after the library it links to was edited', () => {
  it('rebuilds the demo world after a demo provider lost its tariffs and its grid fee was deleted', async () => {
    expect(
      (
        await h.call({
          method: 'PATCH',
          url: '/providers/prv_nordlichtenergie',
          headers: h.test,
          payload: { tariffs: [] },
        })
      ).status,
    ).toBe(200);
    expect((await h.call({ method: 'DELETE', url: '/providers/prv_octopusenergy', headers: h.test })).status).toBe(200);
    expect((await h.call({ method: 'DELETE', url: '/grid-fees/grf_spreenetzberlin', headers: h.test })).status).toBe(
      200,
    );
    const r = await h.call({ method: 'POST', url: '/demo/reset', headers: h.test });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ object: 'demo_reset', locations: 5 });
    // The library the demo links to is as shipped again, and the demo's tariffs follow it.
    const nordlicht = (await h.call({ method: 'GET', url: '/providers/prv_nordlichtenergie', headers: h.test })).body;
    const nacht = nordlicht.tariffs.find((t: { id: string }) => t.id === 'ltf_nordlichtnacht');
    expect(nacht).toBeTruthy();
    expect((await h.call({ method: 'GET', url: '/providers/prv_octopusenergy', headers: h.test })).status).toBe(200);
    const locations = (await h.call({ method: 'GET', url: '/locations', headers: h.test })).body.data;
    const berlin = locations.find((l: { reference_id: string }) => l.reference_id === 'demo-berlin');
    const tariffs = (await h.call({ method: 'GET', url: `/tariffs?location_id=${berlin.id}`, headers: h.test })).body
      .data;
    expect(tariffs.map((t: { type: string }) => t.type).sort()).toEqual(['COMMODITY', 'COMMODITY', 'NON_COMMODITY']);
    const supply = tariffs.find((t: { display_name: string }) => t.display_name === 'Nordlicht Nacht');
    expect(supply.schedule).toEqual(nacht.schedule);
  });
});

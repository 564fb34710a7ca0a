import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { berlinAddress, harness, snapshot, tariffBody, type Harness } from '../helpers.js';

let h: Harness;
let loc: string;
let trf: string;
beforeEach(async () => {
  h = await harness();
  loc = (await h.location()).id;
  trf = (await h.tariff(loc)).id;
});
afterEach(() => h.close());

const json = { 'content-type': 'application/json' };

describe('bad input gets a 4xx error object and changes nothing', () => {
  const cases: [
    string,
    () => {
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      url: string;
      payload?: string | object;
      headers?: Record<string, string>;
    },
    number,
    string,
  ][] = [
    [
      'malformed JSON',
      () => ({ method: 'POST', url: '/tariffs', payload: '{"location_id": ', headers: json }),
      400,
      'body_json_invalid',
    ],
    ['empty JSON body', () => ({ method: 'POST', url: '/tariffs', payload: '', headers: json }), 400, 'body_missing'],
    [
      'a JSON array body',
      () => ({ method: 'POST', url: '/tariffs', payload: '[]', headers: json }),
      400,
      'body_invalid',
    ],
    [
      'a text body',
      () => ({ method: 'POST', url: '/locations', payload: 'hello', headers: { 'content-type': 'text/plain' } }),
      415,
      'content_type_unsupported',
    ],
    [
      'wrong type',
      () => ({ method: 'POST', url: '/tariffs', payload: { ...tariffBody(loc), market_rates: 'yes' } }),
      400,
      'market_rates_invalid',
    ],
    [
      'unknown enum',
      () => ({ method: 'POST', url: '/tariffs', payload: { ...tariffBody(loc), type: 'GAS' } }),
      400,
      'type_invalid',
    ],
    [
      'unknown direction',
      () => ({ method: 'POST', url: '/tariffs', payload: { ...tariffBody(loc), direction: 'SIDEWAYS' } }),
      400,
      'direction_invalid',
    ],
    [
      'missing required field',
      () => ({ method: 'POST', url: '/tariffs', payload: { ...tariffBody(loc), contract_start_date: undefined } }),
      400,
      'contract_start_date_missing',
    ],
    [
      'bad timestamp',
      () => ({
        method: 'POST',
        url: '/tariffs',
        payload: { ...tariffBody(loc), contract_start_date: '2026-02-30T00:00:00Z' },
      }),
      400,
      'contract_start_date_invalid',
    ],
    [
      'id of the wrong prefix in the body',
      () => ({ method: 'POST', url: '/tariffs', payload: { ...tariffBody(loc), location_id: trf } }),
      400,
      'location_id_invalid',
    ],
    ['id of the wrong prefix in the path', () => ({ method: 'GET', url: `/tariffs/${loc}` }), 400, 'tariff_id_invalid'],
    [
      'odd characters in the path',
      () => ({ method: 'GET', url: '/tariffs/trf_%00%27%3B--' }),
      400,
      'tariff_id_invalid',
    ],
    [
      'a very long path segment',
      () => ({ method: 'GET', url: `/tariffs/trf_${'a'.repeat(500)}` }),
      414,
      'url_too_long',
    ],
    ['bad percent-encoding', () => ({ method: 'GET', url: '/tariffs/trf_%E0%A4%A' }), 400, 'url_invalid'],
    [
      'unknown query parameter',
      () => ({ method: 'GET', url: `/tariffs?location_id=${loc}&sort=asc` }),
      400,
      'parameter_unknown',
    ],
    [
      'duplicated query parameter',
      () => ({ method: 'GET', url: `/tariffs?location_id=${loc}&location_id=${loc}` }),
      400,
      'location_id_invalid',
    ],
    [
      'unknown body field',
      () => ({ method: 'PATCH', url: `/tariffs/${trf}`, payload: { colour: 'red' } }),
      400,
      'parameter_unknown',
    ],
    ['unknown route', () => ({ method: 'GET', url: '/nothing/here' }), 404, 'route_not_found'],
    [
      'prototype pollution',
      () => ({ method: 'PATCH', url: `/tariffs/${trf}`, payload: '{"__proto__": {"x": 1}}', headers: json }),
      400,
      'body_key_forbidden',
    ],
    [
      'huge number',
      () => ({
        method: 'POST',
        url: '/tariffs',
        payload:
          '{"location_id":"' +
          loc +
          '","type":"COMMODITY","contract_start_date":"2026-01-01","contract_end_date":"2027-01-01","schedule":[{"days_and_hours":[{"days":["All"],"hours":[{"valid_from":"00:00:00","valid_to":"00:00:00","rate":[{"fixed":1e400}]}]}]}]}',
        headers: json,
      }),
      400,
      'fixed_invalid',
    ],
    [
      'deep nesting',
      () => ({
        method: 'POST',
        url: '/locations',
        payload: '{"postal_address":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
        headers: json,
      }),
      400,
      // Refused before the schema walks it: JSON nested past 64 levels.
      'body_too_deep',
    ],
  ];

  it.each(cases)('%s', async (_name, make, status, code) => {
    const before = snapshot(h.svc);
    const req = make();
    const r = await h.call({ ...req, headers: { ...h.test, ...(req.headers ?? {}) } } as never);
    expect(r.status).toBe(status);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.body).toMatchObject({ object: 'error', type: 'invalid_request', code, live_mode: false });
    expect(typeof r.body.message).toBe('string');
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts:\d+/);
    expect(snapshot(h.svc)).toBe(before);
  });

  it('limits the body size (413)', async () => {
    const before = snapshot(h.svc);
    const r = await h.call({
      method: 'POST',
      url: '/locations',
      headers: { ...h.test, ...json },
      payload: JSON.stringify({ postal_address: { ...berlinAddress, city: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe('body_too_large');
    expect(snapshot(h.svc)).toBe(before);
  });

  it('reports the mode of the bearer in error bodies', async () => {
    const r = await h.call({ method: 'GET', url: '/tariffs/trf_none', headers: h.live });
    expect(r.body).toMatchObject({ code: 'tariff_not_found', live_mode: true, context: 'tariffs.retrieve' });
  });
});

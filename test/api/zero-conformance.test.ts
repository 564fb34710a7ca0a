import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, snapshot } from '../helpers.js';
import { ZERO_OPERATIONS } from './zero-reference/index.js';
import { zeroCases } from './zero-cases.js';
import {
  CONTRACT,
  DAY_RATE,
  LONDON,
  NIGHT_RATE,
  TIME_OF_USE,
  arrange,
  conforms,
  refused,
  wholeSecondTimes,
  zeroWorld,
  type Arranged,
  type ZeroWorld,
} from './zero-world.js';

/**
 * The Zero generation (API version 2024-08-24) against its vendor reference: every operation,
 * asked as the reference documents the request, answers with the documented success status and
 * a body valid against the documented schema; bad input gets the documented errors; every answer
 * names version 2024-08-24; and GET /tariffs/rates/{id} keeps the rules its clients rely on.
 * The world Zero reads is arranged in the Anode generation: both read and write one world.
 */

let w: ZeroWorld;
let f: Arranged;
let cases: Record<string, () => Promise<void>>;
beforeAll(async () => {
  w = await zeroWorld();
  f = await arrange(w);
  cases = zeroCases(w, f);
});
afterAll(() => w.h.close());

const zero = (method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
  w.zero(method, url, payload, headers);

describe('Zero: every operation as the reference documents it', () => {
  for (const op of ZERO_OPERATIONS) {
    const key = `${op.method} ${op.path}`;
    it(`${key} (${op.name})`, async () => {
      const run = cases[key];
      expect(run, `${key} is exercised`).toBeDefined();
      await run!();
    });
  }

  it('exercises every operation of the reference and no other', () => {
    expect(Object.keys(cases).sort()).toEqual(ZERO_OPERATIONS.map((o) => `${o.method} ${o.path}`).sort());
  });
});

describe("Zero: bad input gets the reference's errors", () => {
  const UNKNOWN = '000000000000000000000000';

  it('validation is 409 with a message, and nothing is stored', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', '/locations', { reference_id: 42, postal_address: LONDON }],
      ['POST', '/locations', { postal_address: 'WC2N 5EH' }],
      ['POST', '/tariffs/elements', { location_id: f.location.id, direction: 'IMPORT', type: 'COMMODITY' }],
      [
        'POST',
        '/tariffs/elements',
        { location_id: f.location.id, direction: 'SIDEWAYS', type: 'COMMODITY', ...CONTRACT, schedule: TIME_OF_USE },
      ],
    ];
    for (const [method, url, body] of bad) {
      const before = snapshot(w.h.svc);
      refused(await zero(method, url, body), 409, `${method} ${url} ${JSON.stringify(body)}`);
      expect(snapshot(w.h.svc), `${method} ${url} stored nothing`).toBe(before);
    }
  });

  it('an unknown id is 404 with a message', async () => {
    const unknown: [string, string][] = [
      ['GET', `/locations/loc_${UNKNOWN}`],
      ['PATCH', `/locations/loc_${UNKNOWN}`],
      ['DELETE', `/locations/loc_${UNKNOWN}`],
      ['GET', `/locations/loc_${UNKNOWN}/status`],
      ['GET', `/tariffs/elements/trf_${UNKNOWN}`],
      ['DELETE', `/tariffs/elements/trf_${UNKNOWN}`],
      ['GET', `/tariffs/rates/loc_${UNKNOWN}?end_time=2026-03-02T14:00:00Z`],
      ['GET', `/tariffs/audit/loc_${UNKNOWN}?end_time=2026-03-02T14:00:00Z`],
      ['GET', `/slots/time/loc_${UNKNOWN}?end_time=2026-03-02T14:00:00Z&segment=LOW&duration=60`],
      ['GET', `/customers/cus_${UNKNOWN}`],
      ['DELETE', `/customers/cus_${UNKNOWN}`],
      ['GET', `/devices/dev_${UNKNOWN}`],
      ['DELETE', `/devices/dev_${UNKNOWN}`],
      ['GET', `/events/evt_${UNKNOWN}`],
      ['GET', `/connect/tariff/token?connect_token=cot_${UNKNOWN}`],
    ];
    for (const [method, url] of unknown) {
      const a = await zero(method, url, method === 'PATCH' ? { reference_id: 'X' } : undefined);
      refused(a, 404, `${method} ${url}`);
      // The id is unknown, not the route.
      expect(a.body.code, `${method} ${url} is served`).not.toBe('route_not_found');
    }
  });

  it('bad credentials are 403 with a message', async () => {
    refused(await zero('GET', '/locations', undefined, {}), 403, 'no bearer');
    refused(await zero('GET', '/locations', undefined, { authorization: 'Bearer not-a-token' }), 403, 'a bad bearer');
    refused(
      await zero('GET', '/login', undefined, { authorization: basic(w.h.cred.account_id, 'sk_test_wrong') }),
      403,
      'a wrong key at /login',
    );
  });

  it('a path only Anode has is 404 in Zero, and answers in Zero', async () => {
    const a = await zero('POST', `/prices/${f.location.id}`, {
      start_time: '2026-03-02T10:00:00Z',
      end_time: '2026-03-02T11:00:00Z',
    });
    refused(a, 404, 'POST /prices/{id} in Zero');
  });
});

describe('Zero: GET /tariffs/rates/{id} as its clients rely on it', () => {
  const rates = (query: string) => zero('GET', `/tariffs/rates/${f.location.id}?${query}`);
  const slots = (body: any) => body.data.map((d: any) => [d.valid_from, d.valid_to]);
  const FOUR_HOURS = [
    ['2026-03-02T10:15:30Z', '2026-03-02T11:00:00Z'],
    ['2026-03-02T11:00:00Z', '2026-03-02T12:00:00Z'],
    ['2026-03-02T12:00:00Z', '2026-03-02T13:00:00Z'],
    ['2026-03-02T13:00:00Z', '2026-03-02T14:00:00Z'],
  ];

  it('fractional seconds: the request echoes the start truncated; whole-hour slots from the start to end_time', async () => {
    const a = await rates('start_time=2026-03-02T10:15:30.123Z&end_time=2026-03-02T14:00:00.000Z');
    conforms('GET', '/tariffs/rates/{id}', a);
    expect(a.body).toMatchObject({
      object: 'tariff_rate',
      id: expect.stringMatching(/^rts_/),
      live_mode: false,
      location_id: f.location.id,
      location_timezone: 'Europe/London',
      currency_code: 'GBP',
      direction: 'IMPORT',
      request: {
        start_time: '2026-03-02T10:15:30Z',
        end_time: '2026-03-02T14:00:00Z',
        direction: 'IMPORT',
        include_tariff: true,
        include_carbon: false,
      },
    });
    expect(slots(a.body)).toEqual(FOUR_HOURS);
    wholeSecondTimes(a.body);
    for (const d of a.body.data) {
      expect(d.tariff, JSON.stringify(d)).toEqual({ rate: DAY_RATE, confidence: expect.any(Number) });
      expect(d, 'no carbon unless asked').not.toHaveProperty('carbon');
    }
  });

  it('without fractional seconds the answer is the same', async () => {
    const a = await rates('start_time=2026-03-02T10:15:30Z&end_time=2026-03-02T14:00:00Z');
    conforms('GET', '/tariffs/rates/{id}', a);
    expect(a.body.request.start_time).toBe('2026-03-02T10:15:30Z');
    expect(slots(a.body)).toEqual(FOUR_HOURS);
    wholeSecondTimes(a.body);
  });

  it('the last slot ends at end_time, within its hour', async () => {
    const a = await rates('start_time=2026-03-02T06:00:00Z&end_time=2026-03-02T08:30:00Z');
    conforms('GET', '/tariffs/rates/{id}', a);
    expect(slots(a.body)).toEqual([
      ['2026-03-02T06:00:00Z', '2026-03-02T07:00:00Z'],
      ['2026-03-02T07:00:00Z', '2026-03-02T08:00:00Z'],
      ['2026-03-02T08:00:00Z', '2026-03-02T08:30:00Z'],
    ]);
    expect(a.body.data.map((d: any) => d.tariff.rate)).toEqual([NIGHT_RATE, DAY_RATE, DAY_RATE]);
  });

  it('include_tariff defaults to true; include_carbon to false', async () => {
    const a = await rates('start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T12:00:00Z');
    conforms('GET', '/tariffs/rates/{id}', a);
    expect(a.body.request).toMatchObject({ include_tariff: true, include_carbon: false });
    for (const d of a.body.data) {
      expect(d.tariff).toMatchObject({ rate: DAY_RATE, confidence: expect.any(Number) });
      expect(d).not.toHaveProperty('carbon');
    }
  });

  it('the booleans are read in any case', async () => {
    for (const [tariff, carbon, want] of [
      ['True', 'TRUE', [true, true]],
      ['true', 'True', [true, true]],
      ['TRUE', 'false', [true, false]],
      ['False', 'true', [false, true]],
      ['false', 'FALSE', [false, false]],
    ] as const) {
      const a = await rates(
        `start_time=2026-03-02T10:00:00Z&end_time=2026-03-02T12:00:00Z&include_tariff=${tariff}&include_carbon=${carbon}`,
      );
      conforms('GET', '/tariffs/rates/{id}', a);
      expect(a.body.request, `include_tariff=${tariff}&include_carbon=${carbon}`).toMatchObject({
        include_tariff: want[0],
        include_carbon: want[1],
      });
      for (const d of a.body.data) {
        if (want[0]) expect(d.tariff).toMatchObject({ rate: DAY_RATE, confidence: expect.any(Number) });
        if (want[1]) expect(d.carbon, 'carbon when asked').toMatchObject({ intensity: expect.any(Number) });
        else expect(d).not.toHaveProperty('carbon');
      }
    }
  });

  it('a start in the past is served', async () => {
    const a = await rates('start_time=2026-02-01T00:00:00Z&end_time=2026-02-01T03:00:00Z&direction=IMPORT');
    conforms('GET', '/tariffs/rates/{id}', a);
    expect(slots(a.body)).toEqual([
      ['2026-02-01T00:00:00Z', '2026-02-01T01:00:00Z'],
      ['2026-02-01T01:00:00Z', '2026-02-01T02:00:00Z'],
      ['2026-02-01T02:00:00Z', '2026-02-01T03:00:00Z'],
    ]);
    expect(a.body.data.map((d: any) => d.tariff.rate)).toEqual([NIGHT_RATE, NIGHT_RATE, NIGHT_RATE]);
    wholeSecondTimes(a.body);
  });
});

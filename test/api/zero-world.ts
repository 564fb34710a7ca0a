import { expect } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { harness, tariffBody, type Harness } from '../helpers.js';
import { zeroOperation, type JsonSchema } from './zero-reference/index.js';

/**
 * What the Zero conformance suite shares: a service with a pinned clock, requests sent in the
 * Zero generation, and the checks that hold an answer to the Zero reference.
 */

export const ZERO = '2024-08-24';
/** A Monday in March: London keeps GMT, so local hours are UTC hours. */
export const NOW = '2026-03-02T09:00:00Z';

export const LONDON = {
  address_line1: '1-3',
  address_line2: 'Strand',
  city: 'London',
  post_code: 'WC2N 5EH',
  country_code: 'GB',
};

/** A day-and-night tariff: 0.095 from midnight to 07:00, 0.2865 for the rest of the day. */
export const DAY_RATE = 0.2865;
export const NIGHT_RATE = 0.095;
export const TIME_OF_USE = [
  {
    months: ['All'],
    days_and_hours: [
      {
        days: ['All'],
        hours: [
          { valid_from: '00:00:00', valid_to: '07:00:00', rate: [{ fixed: NIGHT_RATE }] },
          { valid_from: '07:00:00', valid_to: '00:00:00', rate: [{ fixed: DAY_RATE }] },
        ],
      },
    ],
  },
];

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const compiled = new Map<JsonSchema, ValidateFunction>();
const validator = (schema: JsonSchema) => {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = ajv.compile(schema)));
  return v;
};

/** Fails with ajv's words unless `value` is valid against `schema`. */
export function valid(schema: JsonSchema, value: unknown, what: string) {
  const v = validator(schema);
  expect(v(value), `${what}: ${ajv.errorsText(v.errors)} in ${JSON.stringify(value).slice(0, 600)}`).toBe(true);
}

/** The answer has the operation's documented success status and is valid against its documented schema. */
export function conforms(method: string, path: string, a: Answer) {
  const op = zeroOperation(method, path);
  expect(a.status, `${method} ${path} answered ${JSON.stringify(a.body).slice(0, 600)}`).toBe(op.success);
  if (op.success === 202 && op.response.properties && Object.keys(op.response.properties).join() === 'message')
    expect(a.body, `${method} ${path}`).toEqual({ message: 'Accepted' });
  valid(op.response, a.body, `${method} ${path} ${a.status}`);
}

/** The request is shaped as the reference documents the operation's body. */
export function shaped(method: string, path: string, body: unknown) {
  const op = zeroOperation(method, path);
  expect(op.body, `${method} ${path} takes a body`).toBeDefined();
  valid(op.body!, body, `request of ${method} ${path}`);
  return body;
}

/** An error answer as the reference documents them: the status, and a body with a string `message`. */
export function refused(a: Answer, status: number, what: string) {
  expect(a.status, `${what}: ${JSON.stringify(a.body).slice(0, 400)}`).toBe(status);
  valid({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] }, a.body, what);
}

/** Every time the answer writes is `YYYY-MM-DDTHH:MM:SSZ`. */
export function wholeSecondTimes(value: unknown, where = '$'): void {
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value))
      expect(value, `${where} is written YYYY-MM-DDTHH:MM:SSZ`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  } else if (Array.isArray(value)) value.forEach((v, i) => wholeSecondTimes(v, `${where}[${i}]`));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) wholeSecondTimes(v, `${where}.${k}`);
}

export interface ZeroWorld {
  h: Harness;
  /** A request in the Zero generation (test-mode bearer unless `headers` say otherwise); every answer must say Zero. */
  zero(method: string, url: string, payload?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** A request in the Anode generation, for arranging the world Zero then reads. */
  anode(method: string, url: string, payload?: unknown): Promise<Answer>;
}

export async function zeroWorld(): Promise<ZeroWorld> {
  const h = await harness(NOW);
  const send = async (method: string, url: string, payload: unknown, headers: Record<string, string>) => {
    const r = await h.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    let body: unknown = r.body;
    try {
      body = JSON.parse(r.body);
    } catch {
      /* a body that is not JSON stays text */
    }
    return { status: r.statusCode, body, headers: r.headers };
  };
  return {
    h,
    async zero(method, url, payload, headers = h.test) {
      const a = await send(method, url, payload, { ...headers, 'flatpeak-version': ZERO });
      expect.soft(a.headers['flatpeak-version'], `${method} ${url} answers in version ${ZERO}`).toBe(ZERO);
      return a;
    },
    anode: (method, url, payload) => send(method, url, payload, h.test),
  };
}

/** The charging session arranged in the world. */
export const SESSION = 'SESSION1234567890';
export const CONTRACT = { contract_start_date: '2025-01-01T00:00:00Z', contract_end_date: '2027-01-01T00:00:00Z' };

export interface Arranged {
  customer: any;
  device: any;
  /** London, reference LOC1234567890, of the customer, with the day-and-night tariff. */
  location: any;
  tariff: any;
}

/** A request in the Anode generation that must succeed; answers its body. */
export async function arranged(w: ZeroWorld, method: string, url: string, payload?: unknown) {
  const a = await w.anode(method, url, payload);
  if (a.status >= 300) throw new Error(`${method} ${url} not arranged: ${JSON.stringify(a.body)}`);
  return a.body;
}

/** A day-and-night tariff on a location, made in the Anode generation. */
export const arrangedTariff = (w: ZeroWorld, locationId: string, extra: Record<string, unknown> = {}) =>
  arranged(w, 'POST', '/tariffs', tariffBody(locationId, { ...CONTRACT, schedule: TIME_OF_USE, ...extra }));

/**
 * The world Zero reads, made in the Anode generation: a customer, a device, the customer's London
 * location with its day-and-night tariff, and a night charge of 7 kWh (two half hours at 7 kW).
 */
export async function arrange(w: ZeroWorld): Promise<Arranged> {
  const customer = await arranged(w, 'POST', '/customers', { reference_id: 'CUS0000000001' });
  const device = await arranged(w, 'POST', '/devices', { reference_id: 'DEV0000000001' });
  const location = await arranged(w, 'POST', '/locations', {
    reference_id: 'LOC1234567890',
    customer_id: customer.id,
    postal_address: LONDON,
  });
  const tariff = await arrangedTariff(w, location.id, { display_name: 'Day and Night' });
  await arranged(
    w,
    'PUT',
    '/meters/interval',
    [
      ['01:00', '01:30'],
      ['01:30', '02:00'],
    ].map(([from, to], i) => ({
      location_id: location.id,
      session_reference_id: SESSION,
      record_reference_id: `MET000000000${i}`,
      direction: 'IMPORT',
      tariff_rate: 'IMPORT',
      measurand: 'TRANSFERRED',
      units: 'W',
      confidence: 1,
      value: 7000,
      start_time: `2026-03-01T${from}:00Z`,
      end_time: `2026-03-01T${to}:00Z`,
    })),
  );
  return { customer, device, location, tariff };
}

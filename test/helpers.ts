import type { FastifyInstance, InjectOptions } from 'fastify';
import { createService, type Service } from '../core/node/service.js';
import { buildApi } from '../core/node/http/app.js';
import { fixedClock } from '../core/engine/clock.js';
import type { Credentials } from '../core/node/auth/accounts.js';
import { contractFor } from '../core/engine/api/index.js';
import { zeroContracts } from '../core/engine/api/zero/index.js';
import {
  createApiClient,
  createZeroClient,
  type ApiClient,
  type FetchLike,
  type ZeroClient,
} from '../core/engine/api/client.js';
import { VERSION_OF } from '../core/engine/versions.js';

/**
 * Every success answer in the API tests is parsed with its route's response schema, so an
 * answer that drifts from the documented shape fails the test that received it.
 */
export function checkResponse(method: string, url: string, body: unknown, zero = false): void {
  const path = url.split('?')[0]!;
  const contract = contractFor(method.toUpperCase(), path, zero ? zeroContracts : undefined);
  if (!contract) throw new Error(`no contract serves ${method} ${path}`);
  const r = contract.response.safeParse(body);
  if (!r.success) throw new Error(`${method} ${path} answered outside its schema: ${r.error.message}`);
}

/** Fastify's inject as the typed client's fetch: the client runs against the app without a socket. */
export function injectFetch(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const r = await app.inject({
      method: init.method as 'GET',
      url,
      headers: init.headers,
      ...(init.body !== undefined ? { payload: init.body } : {}),
    });
    return { status: r.statusCode, text: async () => r.body };
  };
}

export const basic = (accountId: string, key: string) =>
  'Basic ' + Buffer.from(`${accountId}:${key}`).toString('base64');

export interface Harness {
  svc: Service;
  app: FastifyInstance;
  clock: ReturnType<typeof fixedClock>;
  cred: Credentials;
  /** Bearer headers of the default account, test mode. */
  test: Record<string, string>;
  /** Bearer headers of the default account, live mode. */
  live: Record<string, string>;
  login(accountId: string, key: string): Promise<Record<string, string>>;
  /** Bearer headers of the default account, test mode, naming Zero (`Flatpeak-Version: 2024-08-24`). */
  zero: Record<string, string>;
  /** The typed client, test mode, every answer parsed with its route's schema. */
  api: ApiClient;
  /** The typed client of Zero, test mode, every answer parsed with its route's schema. */
  zeroApi: ZeroClient;
  call(
    opts: InjectOptions & { headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** Creates a location (Berlin, test mode, unless told otherwise) and answers its body. */
  location(headers?: Record<string, string>, address?: object): Promise<any>;
  /** Creates a tariff on a location (`tariffBody` with `extra`, test mode) and answers its body. */
  tariff(locationId: string, extra?: Record<string, unknown>, headers?: Record<string, string>): Promise<any>;
  close(): Promise<void>;
}

/** An in-memory service and its API app (no socket), with a fixed clock and logged-in bearers. */
export async function harness(now = '2026-03-01T12:00:00Z'): Promise<Harness> {
  const clock = fixedClock(now);
  const svc = createService({ dataDir: ':memory:', clock });
  const cred = svc.accounts.ensureDefault();
  const app = buildApi(svc);
  const call: Harness['call'] = async (opts) => {
    const r = await app.inject(opts);
    let body: unknown = r.body;
    try {
      body = JSON.parse(r.body);
    } catch {
      /* non-JSON bodies stay text */
    }
    // An answer written in Zero (it says so in its version header) is checked against Zero's table.
    const zero = r.headers['flatpeak-version'] === VERSION_OF.zero;
    if (r.statusCode < 300) checkResponse(String(opts.method ?? 'GET'), String(opts.url), body, zero);
    return { status: r.statusCode, body, headers: r.headers };
  };
  const login = async (accountId: string, key: string) => {
    const r = await call({ method: 'GET', url: '/login', headers: { authorization: basic(accountId, key) } });
    if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
    return { authorization: `Bearer ${r.body.bearer_token}` };
  };
  const test = await login(cred.account_id, cred.test_key);
  const live = await login(cred.account_id, cred.live_key);
  // Tests start with an empty journal: the harness's own logins are not theirs.
  for (const liveMode of [false, true]) svc.journal.clear({ accountId: cred.account_id, liveMode });
  return {
    svc,
    app,
    clock,
    cred,
    login,
    call,
    api: createApiClient({
      baseUrl: '',
      credentials: { accountId: cred.account_id, apiKey: cred.test_key },
      fetch: injectFetch(app),
      validate: true,
    }),
    zeroApi: createZeroClient({
      baseUrl: '',
      credentials: { accountId: cred.account_id, apiKey: cred.test_key },
      fetch: injectFetch(app),
      validate: true,
    }),
    test,
    zero: { ...test, 'flatpeak-version': VERSION_OF.zero },
    live,
    async location(headers = test, address = berlinAddress) {
      const r = await call({ method: 'POST', url: '/locations', headers, payload: { postal_address: address } });
      if (r.status !== 200) throw new Error(`location not created: ${JSON.stringify(r.body)}`);
      return r.body;
    },
    async tariff(locationId, extra = {}, headers = test) {
      const payload = tariffBody(locationId, extra);
      const r = await call({ method: 'POST', url: '/tariffs', headers, payload });
      if (r.status !== 200) throw new Error(`tariff not created: ${JSON.stringify(r.body)}`);
      return r.body;
    },
    close: async () => {
      await app.close();
      svc.close();
    },
  };
}

export const berlinAddress = {
  address_line1: 'Invalidenstraße 1',
  city: 'Berlin',
  post_code: '10115',
  country_code: 'DE',
};

/** New South Wales: its DIRECT provider and three-rate tariffs. */
export const sydneyAddress = {
  address_line1: '1 George St',
  city: 'Sydney',
  post_code: '2000',
  country_code: 'AU',
  state: 'NSW',
};

/**
 * A one-group schedule of fixed rates: rows of days and their bands, e.g.
 * `fixedSchedule([['All', [['00:00', '07:00', 0.11], ['07:00', '00:00', 0]]]])`.
 */
export function fixedSchedule(rows: [string | string[], [string, string, number][]][]) {
  return [
    {
      days_and_hours: rows.map(([days, bands]) => ({
        days: [days].flat(),
        hours: bands.map(([from, to, fixed]) => ({
          valid_from: `${from}:00`,
          valid_to: `${to}:00`,
          rate: [{ fixed }],
        })),
      })),
    },
  ];
}

export function tariffBody(locationId: string, extra: Record<string, unknown> = {}) {
  return {
    location_id: locationId,
    type: 'COMMODITY',
    direction: 'IMPORT',
    display_name: 'Day and night',
    contract_start_date: '2026-01-01T00:00:00+01:00',
    contract_end_date: '2027-01-01T00:00:00+01:00',
    schedule: [
      {
        months: ['All'],
        days_and_hours: [
          {
            days: ['All'],
            hours: [
              { valid_from: '07:00:00', valid_to: '22:00:00', rate: [{ fixed: 0.32 }] },
              { valid_from: '22:00:00', valid_to: '07:00:00', rate: [{ fixed: 0.21 }] },
            ],
          },
        ],
      },
    ],
    ...extra,
  };
}

/** Every row of every table (but those named in `except`), to show that rejected requests changed nothing. */
export function snapshot(svc: Service, except: string[] = []): string {
  const tables = (
    svc.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  ).filter((t) => !except.includes(t.name));
  return JSON.stringify(tables.map(({ name }) => [name, svc.db.prepare(`SELECT * FROM ${name} ORDER BY 1, 2`).all()]));
}

/**
 * After a child process run with spawnSync: the run held this process's event loop, perhaps for
 * longer than a server keeps an idle connection open. A moment lets the close of a kept-alive
 * connection be seen, so the next request does not go out on it ("other side closed").
 */
export const afterBlockingRun = () => new Promise((done) => setTimeout(done, 50));

/**
 * The battery panel's first figures as a bill request carries them (Compare, Usage and cost):
 * 10 kWh, 5 kW, the cheapest plan, no export, and the model's states of charge (no reserve,
 * starting at it and ending where it started).
 */
export const PANEL_BATTERY = {
  capacity_kwh: 10,
  power_kw: 5,
  strategy: 'OPTIMAL',
  export: false,
  reserve_percent: 0,
  initial_soc_percent: 0,
  final_soc_percent: 0,
} as const;

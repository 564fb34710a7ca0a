import type { FastifyInstance, InjectOptions } from 'fastify';
import { createService, type Service } from '../core/node/service.js';
import { buildApi } from '../core/node/http/app.js';
import { fixedClock } from '../core/engine/clock.js';
import type { Credentials } from '../core/node/auth/accounts.js';

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
  call(
    opts: InjectOptions & { headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
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
    return { status: r.statusCode, body, headers: r.headers };
  };
  const login = async (accountId: string, key: string) => {
    const r = await call({ method: 'GET', url: '/login', headers: { authorization: basic(accountId, key) } });
    if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
    return { authorization: `Bearer ${r.body.bearer_token}` };
  };
  return {
    svc,
    app,
    clock,
    cred,
    login,
    call,
    test: await login(cred.account_id, cred.test_key),
    live: await login(cred.account_id, cred.live_key),
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

/** Every row of every table, to show that rejected requests changed nothing. */
export function snapshot(svc: Service): string {
  const tables = svc.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  return JSON.stringify(tables.map(({ name }) => [name, svc.db.prepare(`SELECT * FROM ${name} ORDER BY 1, 2`).all()]));
}

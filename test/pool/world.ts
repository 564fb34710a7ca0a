import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { Agent, fetch as undiciFetch } from 'undici';
import { startHost, type HostOptions, type RunningHost } from '../../core/hosts/host.js';
import { fixedClock } from '../../core/engine/clock.js';
import { berlinAddress, tariffBody } from '../helpers.js';

export const NOW = '2026-03-01T12:00:00Z';
const oneShot = new Agent({ pipelining: 0 });

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  json: any;
}

/** A host on a data folder of its own (or the one given), clock pinned, with a bearer and raw-text requests. */
export async function poolHost(opts: Partial<HostOptions> = {}) {
  const host: RunningHost = await startHost({
    dataDir: mkdtempSync(join(tmpdir(), 'td-pool-')),
    apiPort: 0,
    connectPort: 0,
    connectWebPort: 0,
    appPort: false,
    demo: false,
    clock: fixedClock(NOW),
    ...opts,
  });
  const { api_url, account_id, test_key } = host.info;
  const basic = 'Basic ' + Buffer.from(`${account_id}:${test_key}`).toString('base64');
  const login = (await (await undiciFetch(`${api_url}/login`, { headers: { authorization: basic } })).json()) as {
    bearer_token: string;
  };
  const headers = { authorization: `Bearer ${login.bearer_token}`, 'content-type': 'application/json' };
  /** A request whose body is sent as given (text) or as JSON; the answer's exact text. */
  const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const r = await undiciFetch(api_url + path, {
      method,
      headers,
      body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
      dispatcher: oneShot,
    });
    const text = await r.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: r.status, text, headers: r.headers, json };
  };
  return { host, call, dataDir: host.info.data_dir };
}

export type PoolHost = Awaited<ReturnType<typeof poolHost>>;

/** A location in Berlin with a day-and-night import tariff over 2026; its id. */
export async function berlinWithTariff(h: PoolHost): Promise<string> {
  const loc = await h.call('POST', '/locations', { postal_address: berlinAddress });
  if (loc.status !== 201 && loc.status !== 200) throw new Error(`location: ${loc.text}`);
  const t = await h.call('POST', '/tariffs', tariffBody(loc.json.id));
  if (t.status >= 300) throw new Error(`tariff: ${t.text}`);
  return loc.json.id as string;
}

/** Quarter hours of usage over local months of 2026 in Berlin, a deterministic household curve. */
export function quarters(fromMonth: number, toMonth: number) {
  const out: { start_time: string; end_time: string; kwh: number }[] = [];
  let t = DateTime.fromObject({ year: 2026, month: fromMonth, day: 1 }, { zone: 'Europe/Berlin' });
  const end = DateTime.fromObject({ year: 2026, month: 1, day: 1 }, { zone: 'Europe/Berlin' }).plus({
    months: toMonth - 1,
  });
  let seed = 11;
  while (t < end) {
    const next = t.plus({ minutes: 15 });
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push({
      start_time: t.toISO()!,
      end_time: next.toISO()!,
      kwh: Number((0.05 + (seed / 2147483648) * 0.2).toFixed(4)),
    });
    t = next;
  }
  return out;
}

/** A raw API call as the bearer: what `loggedIn(...).api` answers. */
type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

/**
 * A Berlin location with an import tariff, and March 2026 in quarter hours billed there (above
 * the size that goes to a worker); answers the location's id once the bill is 200.
 */
export async function billMarch(api: Api): Promise<string> {
  const loc = (await api('POST', '/locations', { postal_address: berlinAddress })).body.id as string;
  const tariff = await api('POST', '/tariffs', tariffBody(loc));
  if (tariff.status >= 300) throw new Error(`tariff: ${JSON.stringify(tariff.body)}`);
  const bill = await api('POST', `/bills/${loc}`, {
    start_time: '2026-03-01T00:00:00+01:00',
    end_time: '2026-04-01T00:00:00+02:00',
    usage: { intervals: quarters(3, 4) },
  });
  if (bill.status !== 200) throw new Error(`bill: ${bill.status} ${JSON.stringify(bill.body)}`);
  return loc;
}

/** The answer without what differs per request by design (the request id of an error object). */
export const sameness = (a: Answer) => ({
  status: a.status,
  retryAfter: a.headers.get('retry-after'),
  text: a.text.replace(/"request_id":"[^"]*"/, '"request_id":"…"'),
});

// What the benchmarks share: a logged-in session against a host, the benchmark location, the
// host's memory as the system sees it, and where results are written for comparing commits.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from './lib.js';
import { berlinAddress } from '../helpers.js';

/** A host's resident memory (RSS) in MiB, read from /proc as `ps` would. */
export const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

export interface Session {
  api: string;
  /** Basic credentials of the test key (for `/login` itself). */
  basic: Record<string, string>;
  /** A bearer token of the test key. */
  auth: Record<string, string>;
  /** One request with the bearer; the body is sent as JSON. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }>;
  /** The same, answering the parsed body and throwing on a non-2xx status. */
  json<T = any>(method: string, path: string, body?: unknown): Promise<T>;
}

/**
 * Logs in with the test key and raises the account's rate limit, as a load test would: the
 * default (6,000 a minute) would throttle the benchmark itself.
 */
export async function session(info: { api_url: string; account_id: string; test_key: string }): Promise<Session> {
  const api = info.api_url;
  const basic = { authorization: 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64') };
  const login = await request(`${api}/login`, 'GET', basic);
  const auth = { authorization: `Bearer ${JSON.parse(login.text).bearer_token}` };
  const call = (method: string, path: string, body?: unknown) =>
    request(api + path, method, auth, body === undefined ? undefined : JSON.stringify(body));
  const json = async (method: string, path: string, body?: unknown) => {
    const r = await call(method, path, body);
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
    return JSON.parse(r.text);
  };
  await json('PATCH', '/settings', { rate_limit_per_minute: 1_000_000 });
  return { api, basic, auth, call, json };
}

const allDay = (rate: Record<string, number>) => ({ valid_from: '00:00:00', valid_to: '00:00:00', rate: [rate] });
const fixedFrom = (from: string, to: string, fixed: number) => ({
  valid_from: `${from}:00`,
  valid_to: `${to}:00`,
  rate: [{ fixed }],
});
const year2026 = { contract_start_date: '2026-01-01', contract_end_date: '2027-01-01' };

/** The benchmark location: 15-minute market commodity with surcharge, weekday-peak grid fee, flat levy. */
export const benchTariffs = (loc: string) => [
  {
    location_id: loc,
    type: 'COMMODITY',
    market_rates: true,
    display_name: 'Dynamic',
    ...year2026,
    schedule: [
      { days_and_hours: [{ days: ['All'], hours: [allDay({ surcharge_fixed: 0.12, surcharge_percentage: 0.19 })] }] },
    ],
  },
  {
    location_id: loc,
    type: 'NON_COMMODITY',
    display_name: 'Grid fee',
    ...year2026,
    schedule: [
      {
        days_and_hours: [
          {
            days: ['Weekdays'],
            hours: [
              fixedFrom('00:00', '17:00', 0.06),
              fixedFrom('17:00', '20:00', 0.14),
              fixedFrom('20:00', '00:00', 0.06),
            ],
          },
          { days: ['Weekend'], hours: [allDay({ fixed: 0.06 })] },
        ],
      },
    ],
  },
  {
    location_id: loc,
    type: 'NON_COMMODITY',
    display_name: 'Levy',
    ...year2026,
    schedule: [{ days_and_hours: [{ days: ['All'], hours: [allDay({ fixed: 0.0275 })] }] }],
  },
];

/** A Berlin location with the benchmark tariffs, created over HTTP; answers the location. */
export async function benchLocation(s: Session): Promise<{ id: string; timezone: string; market_region: string }> {
  const loc = await s.json('POST', '/locations', { postal_address: berlinAddress });
  for (const t of benchTariffs(loc.id)) await s.json('POST', '/tariffs', t);
  return loc;
}

/** The commit measured, so results of two commits can be put side by side. */
export function commitId(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** Writes a result as `.tmp/bench/<name>-<commit>.json` and `<name>-latest.json`; answers the first path. */
export function writeResult(name: string, result: object): string {
  const commit = commitId();
  const text = JSON.stringify({ commit, time: new Date().toISOString(), ...result }, null, 2);
  mkdirSync('.tmp/bench', { recursive: true });
  const path = `.tmp/bench/${name}-${commit}.json`;
  writeFileSync(path, text);
  writeFileSync(`.tmp/bench/${name}-latest.json`, text);
  return path;
}

/** Prints a Markdown table, columns padded to their widest cell. */
export function printTable(head: string[], rows: string[][]): void {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

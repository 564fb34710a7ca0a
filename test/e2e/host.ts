import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost, type HostOptions, type ReadyInfo, type RunningHost } from '../../core/hosts/host.js';
import { fixedClock } from '../../core/engine/clock.js';
import { createApiClient } from '../../core/engine/api/client.js';
import { oneShotFetch } from '../one-shot-fetch.js';

export interface LiveHostOptions extends Partial<
  Pick<HostOptions, 'dataDir' | 'appPort' | 'webhooks' | 'clock' | 'realClock'>
> {
  /** Starts the service clock frozen at this instant. */
  now?: string;
  demo?: boolean;
}

/**
 * The one real host the tests start: free loopback ports, a temp data folder unless one is
 * given, a logged-in test-mode bearer, raw `api` and `send` (connect service) helpers and the
 * typed client.
 */
export async function liveHost(opts: LiveHostOptions = {}) {
  const { now, demo, ...rest } = opts;
  const host: RunningHost = await startHost({
    dataDir: mkdtempSync(join(tmpdir(), 'td-host-')),
    apiPort: 0,
    connectPort: 0,
    connectWebPort: 0,
    appPort: 0,
    demo: demo ?? true,
    ...(now ? { clock: fixedClock(now) } : {}),
    ...rest,
  });
  return { host, ...(await loggedIn(host.info)) };
}

const fetch = oneShotFetch;

/** A logged-in test-mode bearer on any running host, from its ready line, and what tests send with it. */
export async function loggedIn(info: ReadyInfo) {
  const { api_url, account_id, test_key } = info;
  const login = (await (
    await fetch(`${api_url}/login`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${account_id}:${test_key}`).toString('base64') },
    })
  ).json()) as { bearer_token: string };
  const auth = { authorization: `Bearer ${login.bearer_token}`, 'content-type': 'application/json' };
  /** An API request with the bearer (or, with `bearer` false, without one). */
  const api = async (method: string, path: string, body?: unknown, bearer = true) => {
    const r = await fetch(api_url + path, {
      method,
      headers: bearer ? auth : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as any };
  };
  /** One message to the connect service, as the connect web app sends it. */
  const send = async (m: object) => {
    const r = await fetch(info.connect_service_url, { method: 'POST', body: JSON.stringify(m) });
    return { status: r.status, body: (await r.json()) as any };
  };
  // The typed client logs in again by itself when a clock jump outlives its bearer.
  const client = createApiClient({
    baseUrl: api_url,
    credentials: { accountId: account_id, apiKey: test_key },
    validate: true,
  });
  return { api, send, client, info, bearer: login.bearer_token as string };
}

export type LiveHost = Awaited<ReturnType<typeof liveHost>>;

/**
 * A connect session through the library's fixed Nordlicht tariff, from its start up to the
 * contract term; `finish` is the last submit (sent by the caller, so races can send it twice).
 */
export async function toContractTerm(send: LiveHost['send'], cot: string) {
  await send({ route: 'session_start', connect_token: cot, type: 'submit' });
  await send({
    route: 'provider_select',
    connect_token: cot,
    type: 'submit',
    data: { provider: { id: 'prv_nordlichtenergie' } },
  });
  await send({
    route: 'tariff_select',
    connect_token: cot,
    type: 'submit',
    data: { tariff: { id: 'ltf_nordlichtfix' } },
  });
  return () => send({ route: 'contract_term_capture', connect_token: cot, type: 'submit' });
}

/** The four listeners of a host, by the surface name their errors carry. */
export type Surface = 'api' | 'connect' | 'connect_web' | 'app';
export const SURFACES: Surface[] = ['api', 'connect', 'connect_web', 'app'];

/** Each listener's base URL (the host is started with the admin app). */
export const listenerUrls = (i: ReadyInfo): Record<Surface, string> => ({
  api: i.api_url,
  connect: i.connect_service_url,
  connect_web: i.connect_web_url,
  app: i.app_url!,
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHost, type RunningHost } from '../../core/hosts/host.js';

/** A real host on free loopback ports and a temp folder, with a logged-in test-mode client. */
export async function liveHost(opts: { now?: string; demo?: boolean } = {}) {
  const { fixedClock } = await import('../../core/engine/clock.js');
  const host: RunningHost = await startHost({
    dataDir: mkdtempSync(join(tmpdir(), 'td-e2e-')),
    apiPort: 0,
    connectPort: 0,
    connectWebPort: 0,
    appPort: 0,
    demo: opts.demo ?? true,
    ...(opts.now ? { clock: fixedClock(opts.now) } : {}),
  });
  const { api_url, account_id, test_key } = host.info;
  const login = await (
    await fetch(`${api_url}/login`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${account_id}:${test_key}`).toString('base64') },
    })
  ).json();
  const auth = { authorization: `Bearer ${login.bearer_token}`, 'content-type': 'application/json' };
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(api_url + path, {
      method,
      headers: auth,
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: r.status, body: await r.json() };
  };
  return { host, api, info: host.info, bearer: login.bearer_token as string };
}

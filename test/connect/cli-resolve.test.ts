import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, spawnServe } from '../host/cli.js';
import { loggedIn } from '../e2e/host.js';
import { oneShotFetch } from '../one-shot-fetch.js';

const inverness = { address_line1: '1 High St', city: 'Inverness', post_code: 'IV1 1AA', country_code: 'GB' };

describe('tariff-desk resolve', () => {
  it('resolves a pending DIRECT tariff on a running host, succeed or fail', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-resolve-'));
    const host = await spawnServe(dir);
    const { api_url, connect_web_url, account_id } = host.info;
    try {
      const live = await loggedIn(host.info);
      const api = async (method: string, path: string, body?: unknown) => (await live.api(method, path, body)).body;
      const send = async (m: object) => (await live.send(m)).body;

      /** A session with the pending provider, through its consent form: the tariff it leaves PENDING. */
      const pending = async () => {
        const cot = (
          await api('POST', '/connect/token', {
            callback_url: `${connect_web_url}/complete`,
            postal_address: inverness,
          })
        ).connect_token;
        await send({ route: 'session_start', connect_token: cot, type: 'submit' });
        const r = await send({
          route: 'provider_select',
          connect_token: cot,
          type: 'submit',
          data: { provider: { id: 'prv_eonnext' } },
        });
        const consent = await oneShotFetch(new URL(r.data.redirect_url).origin + '/provider-login/prv_eonnext', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `svc_cot=${cot}&username=a%40b.c&password=x&consent=yes&decision=allow`,
          redirect: 'manual',
        });
        expect(consent.status).toBe(303);
        expect((await send({ route: 'session_restore', connect_token: cot, type: 'submit' })).route).toBe(
          'tariff_connection_pending',
        );
        return (await api('GET', `/connect/token?connect_token=${cot}`)).tariff_id as string;
      };
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, [BIN, 'resolve', ...args, '--api-url', api_url, '--data-dir', dir], {
          encoding: 'utf8',
        });

      const ok = await pending();
      const delivered = cli(ok, 'succeed');
      expect(delivered.stderr).toBe('');
      expect(delivered.status).toBe(0);
      expect(delivered.stdout.trim()).toBe(`${ok} CONNECTED`);
      expect(await api('GET', `/tariffs/${ok}`)).toMatchObject({
        status: 'CONNECTED',
        display_name: 'Next Flex',
      });
      const updated = (await api('GET', `/events?type=tariff.updated&object_id=${ok}`)).data;
      expect(updated).toHaveLength(1);

      const ko = await pending();
      const failed = cli(ko, 'fail');
      expect(failed.status).toBe(0);
      expect(failed.stdout.trim()).toBe(`${ko} FAILED`);
      const [evt] = (await api('GET', `/events?type=tariff.fetch.failed&object_id=${ko}`)).data;
      expect(evt.data).toMatchObject({ tariff_id: ko, account_id, live_mode: false });

      // Refusals name the problem and exit 1.
      const again = cli(ok, 'fail');
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('PENDING');
      const typo = cli(ok, 'maybe');
      expect(typo.status).toBe(1);
      expect(typo.stderr).toContain('outcome');
      expect(cli(ok).status).toBe(1);
      const help = cli('--help');
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/^Usage: tariff-desk resolve TARIFF_ID succeed\|fail/);
    } finally {
      host.child.kill('SIGTERM');
      await host.exited;
    }
  });
});

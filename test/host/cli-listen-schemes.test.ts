import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, spawnListen, spawnServe, stopAll } from './cli.js';
import { fetchJwks, receiver, until, verifyPs256Webhook } from '../webhooks/receiver.js';
import { oneShotFetch } from '../one-shot-fetch.js';

describe('tariff-desk listen', () => {
  it('prints which signature scheme each delivery used, following the wire profile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-listen-ps-'));
    const host = await spawnServe(dir);
    const rx = await receiver();
    const apiUrl = host.info.api_url;
    const login = await (
      await oneShotFetch(`${apiUrl}/login`, {
        headers: {
          authorization: 'Basic ' + Buffer.from(`${host.info.account_id}:${host.info.test_key}`).toString('base64'),
        },
      })
    ).json();
    const profile = (wire_profile: string) =>
      fetch(`${apiUrl}/settings`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${login.bearer_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ wire_profile }),
      });
    const trigger = (type: string) => {
      const t = spawnSync(process.execPath, [BIN, 'trigger', type, '--api-url', apiUrl, '--data-dir', dir], {
        encoding: 'utf8',
      });
      expect(t.status).toBe(0);
      return t.stdout.trim().split(' ')[1]!;
    };
    const { child: listener, lines } = spawnListen(host, dir, rx.url);
    try {
      await until(() => lines.some((l) => l.startsWith('Forwarding events to')), 'the listen banner');
      expect(lines.join('\n')).toContain(`${apiUrl}/jwks.json`);
      const specId = trigger('location.created');
      const specLine = await until(() => lines.find((l) => l.includes(specId)), 'the spec delivery line');
      expect(specLine).toMatch(
        new RegExp(`location\\.created\\s+${specId}\\s+200\\s+[\\d.]+ ms\\s+standard-webhooks$`),
      );

      expect((await profile('published')).status).toBe(200);
      const psId = trigger('location.created');
      const psLine = await until(() => lines.find((l) => l.includes(psId)), 'the published delivery line');
      const jwks = await fetchJwks(apiUrl);
      const kid = jwks.keys[0]!.kid;
      // The name as it went on the wire, the scheme and the key that signed.
      expect(psLine).toMatch(
        new RegExp(`location\\.create\\s+${psId}\\s+200\\s+[\\d.]+ ms\\s+ps256 \\(kid ${kid}\\)$`),
      );
      await until(() => rx.got.length >= 2, 'both forwarded events');
      expect(verifyPs256Webhook(jwks, rx.got[1]!.headers, rx.got[1]!.body)).toBe(true);
    } finally {
      await stopAll([listener, 'SIGINT'], [host.child, 'SIGTERM']);
      await rx.close();
    }
  });
});

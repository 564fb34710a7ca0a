import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, FREE_PORTS, spawnServe } from './cli.js';
import { ReadyInfo } from '../../core/engine/api/bootstrap.js';
import { oneShotFetch } from '../one-shot-fetch.js';

const ZERO = '2024-08-24';
const ANODE = '2025-09-14.anode';

async function bearer(info: ReadyInfo) {
  const r = await oneShotFetch(`${info.api_url}/login`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64') },
  });
  return { authorization: `Bearer ${((await r.json()) as { bearer_token: string }).bearer_token}` };
}

describe('tariff-desk serve --api-version', () => {
  it("sets the service's default version: named in the ready line, answered to every request that names none", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-serve-version-'));
    const zero = await spawnServe(dir, ['--api-version', ZERO, '--no-demo']);
    try {
      expect(ReadyInfo.parse(zero.info).api_version).toBe(ZERO);
      const auth = await bearer(zero.info);
      const plain = await oneShotFetch(`${zero.info.api_url}/locations`, { headers: auth });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('flatpeak-version')).toBe(ZERO);
      // A request naming Anode is answered in Anode.
      const anode = await oneShotFetch(`${zero.info.api_url}/locations`, {
        headers: { ...auth, 'flatpeak-version': ANODE },
      });
      expect(anode.headers.get('flatpeak-version')).toBe(ANODE);
      // Zero's own statuses: a validation error is 409.
      const invalid = await oneShotFetch(`${zero.info.api_url}/locations`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ postal_address: 7 }),
      });
      expect(invalid.status).toBe(409);
    } finally {
      zero.child.kill('SIGTERM');
      await zero.exited;
    }
    // Kept in the data folder, until another --api-version changes it.
    const again = await spawnServe(dir, ['--no-demo']);
    try {
      expect(again.info.api_version).toBe(ZERO);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
    const back = await spawnServe(dir, ['--api-version', '2025-09-14', '--no-demo']);
    try {
      expect(back.info.api_version).toBe(ANODE);
      const plain = await oneShotFetch(`${back.info.api_url}/locations`, { headers: await bearer(back.info) });
      expect(plain.headers.get('flatpeak-version')).toBe(ANODE);
    } finally {
      back.child.kill('SIGTERM');
      await back.exited;
    }
  });

  it('refuses a version it does not speak, naming the ones it does, before anything starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-serve-version-'));
    const r = spawnSync(
      process.execPath,
      [BIN, 'serve', '--json', ...FREE_PORTS, '--data-dir', dir, '--api-version', '2023-01-01'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      '--api-version must be one of 2025-09-14.anode, 2025-09-14, 2024-08-24, 2024-08-24.zero',
    );
    expect(r.stderr).toContain('"2023-01-01"');
  });

  it('the usage names the option', () => {
    const r = spawnSync(process.execPath, [BIN, 'serve', '--help'], { encoding: 'utf8', timeout: 30_000 });
    expect(r.stdout).toContain('--api-version V');
    expect(r.stdout).toContain('2024-08-24 (Zero)');
  });
});

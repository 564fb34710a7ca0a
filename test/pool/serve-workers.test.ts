import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, spawnServe, stopAll, type Spawned } from '../host/cli.js';
import { loggedIn } from '../e2e/host.js';
import { billMarch } from './world.js';

// `serve --workers N`, as users run it: the pool runs inside the service thread of the built host.
const started: Spawned[] = [];
afterAll(() => stopAll(...started.map((s) => [s.child, 'SIGTERM'] as [Spawned['child'], NodeJS.Signals])));

describe('serve --workers', () => {
  it('--workers 2 gives a pool of two that bills a large body; --workers 0 none', async () => {
    for (const [n, size, worker] of [
      ['2', 2, true],
      ['0', 0, false],
    ] as const) {
      const host = await spawnServe(mkdtempSync(join(tmpdir(), 'td-serve-pool-')), ['--no-demo', '--workers', n]);
      started.push(host);
      const { api } = await loggedIn(host.info);
      expect((await api('GET', '/health')).body.pool).toMatchObject({ size, busy: 0, queued: 0 });
      await billMarch(api);
      const journal = await api('GET', '/journal?path=/bills&limit=1');
      expect(journal.body.data[0].worker).toBe(worker);
    }
  });

  it('refuses a count that is not a whole number from 0 to 64', () => {
    for (const bad of ['abc', '65', '1.5', '--workers=-1']) {
      const args = bad.startsWith('--') ? [bad] : ['--workers', bad];
      const r = spawnSync(process.execPath, [BIN, 'serve', ...args], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('--workers must be a whole number from 0 to 64');
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe, stopAll, type Spawned } from '../host/cli.js';
import { createService } from '../../core/node/service.js';
import { createApiClient } from '../../core/engine/api/client.js';
import { DB_FILE } from '../../core/node/db/database.js';

const hosts: Spawned[] = [];
afterEach(async () => {
  await stopAll(...hosts.splice(0).map((h): [Spawned['child'], NodeJS.Signals] => [h.child, 'SIGTERM']));
});

/** The mode bits of the data folder and of everything in it, by path (the folder itself is "."). */
function modes(dir: string): Record<string, number> {
  const out: Record<string, number> = { '.': lstatSync(dir).mode & 0o777 };
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      const r = rel ? `${rel}/${e}` : e;
      const st = lstatSync(p);
      out[r] = st.mode & 0o777;
      if (st.isDirectory()) walk(p, r);
    }
  };
  walk(dir, '');
  return out;
}

/** Paths that a user other than the owner could read, write or enter. */
const open = (m: Record<string, number>) => Object.keys(m).filter((p) => (m[p]! & 0o077) !== 0);

// Windows has no mode bits: there the data folder relies on the profile's ACL (docs/reliability.md).
describe.skipIf(process.platform === 'win32')('the data folder is private to its owner', () => {
  it('a new data folder, made under a umask that lets everyone read, holds nothing others can read', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'td-modes-')), 'data');
    // The host inherits the umask: the modes must not depend on it.
    const umask = process.umask(0);
    let host: Spawned;
    try {
      host = await spawnServe(dataDir);
    } finally {
      process.umask(umask);
    }
    hosts.push(host);
    // A write after start, so the WAL holds more than the start-up's.
    const api = createApiClient({
      baseUrl: host.info.api_url,
      credentials: { accountId: host.info.account_id, apiKey: host.info.test_key },
    });
    await api.call('locations.create', {
      body: {
        postal_address: { address_line1: 'Hauptstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' },
      },
    });
    const m = modes(dataDir);
    expect(Object.keys(m)).toEqual(
      expect.arrayContaining(['.', DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, 'host.json']),
    );
    expect(open(m)).toEqual([]);
    expect(m['.']).toBe(0o700);
    expect(m[DB_FILE]).toBe(0o600);
    expect(host.stderr()).toBe('');
  });

  it('an existing folder (0755) with a readable database (0644) is made private at start, with a one-line notice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'td-modes-old-'));
    createService({ dataDir }).close();
    writeFileSync(join(dataDir, 'notes.txt'), 'left here\n');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, DB_FILE), 0o644);
    chmodSync(join(dataDir, 'notes.txt'), 0o644);
    expect(open(modes(dataDir)).sort()).toEqual(['.', DB_FILE, 'notes.txt'].sort());

    const host = await spawnServe(dataDir);
    hosts.push(host);
    expect(host.stderr()).toBe(
      `tariff-desk: the data folder ${dataDir} was readable by other users; made owner-only ` +
        `(folder 0755 → 0700, notes.txt 0644 → 0600, ${DB_FILE} 0644 → 0600).\n`,
    );
    expect(open(modes(dataDir))).toEqual([]);
    await stopAll([host.child, 'SIGTERM']);

    // Private already: the next start says nothing.
    const again = await spawnServe(dataDir);
    hosts.push(again);
    expect(again.stderr()).toBe('');
    expect(open(modes(dataDir))).toEqual([]);
  });
});

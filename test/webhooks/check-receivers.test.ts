import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveHost, type LiveHost } from '../e2e/host.js';
import { docBlock, startReceiver } from './doc-receivers.js';

const python = spawnSync('python3', ['--version']).status === 0;

describe('the receivers docs/webhooks.md prints pass every check', () => {
  let env: LiveHost;
  const dir = mkdtempSync(join(tmpdir(), 'td-receivers-'));
  beforeAll(async () => {
    env = await liveHost({ demo: false, appPort: false });
  });
  afterAll(() => env.host.stop());

  /** The receiver runs with a secret of its own; the endpoint is registered with that secret. */
  async function checked(command: string, file: string) {
    const secret = 'whsec_' + randomBytes(32).toString('base64');
    const rx = await startReceiver(command, file, secret);
    try {
      const ep = (await env.api('POST', '/webhooks', { url: `${rx.url}/webhooks`, secret })).body;
      const c = await env.client.call('webhooks.check', { params: { id: ep.id } });
      expect(c.checks.filter((x) => !x.passed).map((x) => `${x.name}: ${x.detail}`)).toEqual([]);
      expect(c.passed).toBe(true);
      return c;
    } finally {
      await rx.stop();
    }
  }

  it('Node (receiver.mjs)', async () => {
    const file = join(dir, 'receiver.mjs');
    writeFileSync(file, docBlock('// receiver.mjs'));
    await checked(process.execPath, file);
  });

  (python ? it : it.skip)(
    python ? 'Python (receiver.py)' : 'Python (receiver.py): skipped, python3 is not on PATH',
    async () => {
      const file = join(dir, 'receiver.py');
      writeFileSync(file, docBlock('# receiver.py'));
      await checked('python3', file);
    },
  );
});

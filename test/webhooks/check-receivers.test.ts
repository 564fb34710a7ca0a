import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { liveHost, type LiveHost } from '../e2e/host.js';

/** The fenced block of docs/webhooks.md whose first line is `first`: the receivers are tested as printed. */
function docBlock(first: string): string {
  const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const blocks = [...doc.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const found = blocks.filter((b) => b.startsWith(first + '\n'));
  if (found.length !== 1) throw new Error(`docs/webhooks.md has ${found.length} blocks starting ${first}`);
  return found[0]!;
}

/** Starts a receiver program with the endpoint's secret on a free port; answers its address once it listens. */
async function start(command: string, file: string, secret: string) {
  const child = spawn(command, [file], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^listening on (http:\/\/\S+)$/.exec(line);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`${command} ${file} exited ${code}: ${stderr}`)));
  });
  return { url, stop: () => new Promise((r) => (child.kill('SIGTERM'), child.on('exit', r))) };
}

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
    const rx = await start(command, file, secret);
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

import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BIN, spawnServe } from './cli.js';
import { receiver, until } from '../webhooks/receiver.js';

describe('tariff-desk listen and trigger', () => {
  it("forwards a running host's events to a local URL, one line per delivery", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-listen-'));
    const host = await spawnServe(dir);
    const rx = await receiver();
    const lines: string[] = [];
    const listener = spawn(process.execPath, [
      BIN,
      'listen',
      '--forward-to',
      rx.url,
      '--api-url',
      host.info.api_url,
      '--data-dir',
      dir,
    ]);
    createInterface({ input: listener.stdout }).on('line', (l) => lines.push(l));
    try {
      await until(() => lines.some((l) => l.startsWith('Forwarding events to')), 'the listen banner');
      const t = spawnSync(
        process.execPath,
        [
          BIN,
          'trigger',
          'connect.session.complete',
          '--api-url',
          host.info.api_url,
          '--data-dir',
          dir,
          '--data',
          '{"price_available":false}',
        ],
        { encoding: 'utf8' },
      );
      expect(t.status).toBe(0);
      const [type, id] = t.stdout.trim().split(' ');
      expect(type).toBe('connect.session.complete');
      expect(id).toMatch(/^evt_/);
      await until(() => rx.got.length >= 1, 'the forwarded event');
      expect(JSON.parse(rx.got[0]!.body)).toMatchObject({ id, type, data: { price_available: false } });
      const line = await until(() => lines.find((l) => l.includes(id!)), 'the delivery line');
      expect(line).toMatch(new RegExp(`connect\\.session\\.complete\\s+${id}\\s+200\\s+[\\d.]+ ms`));
      const bad = spawnSync(
        process.execPath,
        [BIN, 'trigger', 'no.such.event', '--api-url', host.info.api_url, '--data-dir', dir],
        { encoding: 'utf8' },
      );
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('type:');
    } finally {
      listener.kill('SIGINT');
      await new Promise((r) => listener.on('exit', r));
      host.child.kill('SIGTERM');
      await host.exited;
      await rx.close();
    }
  });
});

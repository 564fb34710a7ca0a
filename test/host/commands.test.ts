import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN } from './cli.js';

const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

describe('tariff-desk commands', () => {
  it('every command answers --help with its usage and exit 0', () => {
    for (const command of [
      'listen',
      'trigger',
      'resolve',
      'clock',
      'export',
      'import',
      'connect',
      'costs',
      'bill',
      'schedule',
      'meters',
      'tariffs',
      'webhooks',
    ]) {
      const r = cli(command, '--help');
      expect([command, r.status]).toEqual([command, 0]);
      expect(r.stdout).toMatch(new RegExp(`^Usage: tariff-desk ${command}\\b`));
    }
  });

  it('an unknown command, even one named like an object property, gets the usage and exit 2', () => {
    for (const command of ['nope', 'constructor', 'toString']) {
      const r = cli(command);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`Unknown command '${command}'.`);
    }
    expect(cli().status).toBe(2);
    expect(cli('--help').status).toBe(0);
    // serve and start share the top usage, which lists their options; help never starts a host.
    for (const command of ['serve', 'start']) {
      const r = cli(command, '--help');
      expect([command, r.status]).toEqual([command, 0]);
      expect(r.stdout).toContain('Options for serve and start:');
    }
    // Each command is listed once.
    const listed = cli('--help')
      .stdout.match(/^ {2}[a-z]+(?= )/gm)!
      .map((l) => l.trim());
    expect(listed.length).toBeGreaterThan(10);
    expect(new Set(listed).size).toBe(listed.length);
  });
});

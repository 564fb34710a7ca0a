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
      'schedule',
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
  });
});

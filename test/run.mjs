#!/usr/bin/env node
// The project's test command: type check, every suite, and the engine suites again under a
// second process time zone; ends with one line `N passed, N failed` for CI.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

const out = '.tmp/test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
const failures = [];

function step(name, cmd, args, env = {}) {
  process.stdout.write(`\n== ${name}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function vitest(name, tz, files, report) {
  const ok = step(
    `${name} (TZ=${tz})`,
    'npx',
    ['vitest', 'run', ...files, '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    { TZ: tz, TARIFF_DESK_TEST_TZ: tz },
  );
  if (!existsSync(report)) {
    failed++;
    failures.push(`${name}: no report`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (!ok && r.numFailedTests === 0) {
    failed++;
    failures.push(`${name}: runner failed`);
  }
}

if (step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])) passed++;
else {
  failed++;
  failures.push('typecheck');
}
vitest('all suites', 'UTC', [], `${out}/all.json`);
vitest('engine suites', 'Pacific/Kiritimati', ['test/engine'], `${out}/engine-kiritimati.json`);

// The engine suites write a digest of their answers; both zones must agree to the byte.
const digests = ['UTC', 'Pacific/Kiritimati'].map((tz) => `${out}/engine-digest-${tz.replace('/', '_')}.json`);
if (digests.every(existsSync)) {
  const [a, b] = digests.map((f) => readFileSync(f, 'utf8'));
  if (a === b) passed++;
  else {
    failed++;
    failures.push('engine answers differ between process time zones');
  }
  process.stdout.write(
    `\n== engine digest: ${a === b ? 'identical' : 'DIFFERENT'} under TZ=UTC and TZ=Pacific/Kiritimati\n`,
  );
}

if (failures.length) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);

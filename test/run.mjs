#!/usr/bin/env node
// The project's test command: type check, lint and format check, every suite, and the engine
// suites again under a second process time zone; ends with one line `N passed, N failed` for CI.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { findBrowser, MISSING_BROWSER_MESSAGE } from './browser/find-browser.mjs';

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

function check(name, cmd, args) {
  if (step(name, cmd, args)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

function vitest(name, tz, files, report) {
  const args = ['vitest', 'run', ...files, '--reporter=default', '--reporter=json', `--outputFile=${report}`];
  const ok = step(`${name} (TZ=${tz})`, 'npx', args, { TZ: tz, TARIFF_DESK_TEST_TZ: tz });
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

// Say once where the browser suites' Chromium comes from (or what to install).
const browser = await findBrowser();
process.stdout.write(
  `\n== browser: ${browser ? `${browser.source} (${browser.executablePath})` : MISSING_BROWSER_MESSAGE}\n`,
);

check('build (esbuild + Vite)', process.execPath, ['build/compile.mjs']);
check('typecheck (tsc -b, one project per runtime)', 'npx', ['tsc', '-b']);
check('lint (ESLint, layer boundaries)', 'npx', ['eslint', '--max-warnings=0', '.']);
check('format (Prettier)', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
vitest('all suites', 'UTC', [], `${out}/all.json`);
vitest('engine suites', 'Pacific/Kiritimati', ['test/engine'], `${out}/engine-kiritimati.json`);

// The engine suites write digests of their answers (prices, schedules); both zones must agree to the byte.
for (const name of ['engine-digest', 'schedule-digest']) {
  const digests = ['UTC', 'Pacific/Kiritimati'].map((tz) => `${out}/${name}-${tz.replace('/', '_')}.json`);
  if (!digests.every(existsSync)) continue;
  const [a, b] = digests.map((f) => readFileSync(f, 'utf8'));
  if (a === b) passed++;
  else {
    failed++;
    failures.push(`${name}: answers differ between process time zones`);
  }
  process.stdout.write(`\n== ${name}: ${a === b ? 'identical' : 'DIFFERENT'} under TZ=UTC and TZ=Pacific/Kiritimati\n`);
}

if (browser) process.stdout.write(`\nBrowser suites ran on ${browser.source}.\n`);
if (failures.length) process.stdout.write(`\nFailed: ${failures.join('; ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);

#!/usr/bin/env node
// The project's test command: the build, then side by side the static checks (type check, lint,
// format), every suite, and the engine suites again under a second process time zone; ends with
// where the time went and one line `N passed, N failed` for CI.
//
// Why side by side: the browser and command-line suites spend much of their time waiting (on a
// page, a spawned process, a socket), so the other work fills that idle CPU. The second zone's
// run is short (about 40 CPU-s) and runs at the same priority: niced beside a busy run it got a
// few per cent of a core, and a test of a second alone hit its time limit.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { findBrowser, MISSING_BROWSER_MESSAGE } from './browser/find-browser.mjs';

const began = Date.now();
const out = '.tmp/test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
const failures = [];
/** Each step's name and seconds, in the order they ended. */
const timings = [];
const seconds = (ms) => (ms / 1000).toFixed(1);

/** Runs a command, its output streamed (`inherit`) or kept to be printed whole when it ends. */
function run(name, cmd, args, { env = {}, buffered = false } = {}) {
  const start = Date.now();
  if (!buffered) process.stdout.write(`\n== ${name}\n`);
  const child = spawn(cmd, args, {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  let text = '';
  child.stdout?.on('data', (d) => (text += d));
  child.stderr?.on('data', (d) => (text += d));
  return new Promise((done) =>
    child.on('close', (code) => {
      const ms = Date.now() - start;
      timings.push([name, ms]);
      if (buffered) process.stdout.write(`\n== ${name} (${seconds(ms)} s)\n${text}`);
      else process.stdout.write(`\n== ${name}: ${seconds(ms)} s\n`);
      done(code === 0);
    }),
  );
}

async function check(name, cmd, args, opts) {
  if (await run(name, cmd, args, opts)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

/** Per-file seconds of every vitest run, for the table of the slowest. */
const files = [];

async function vitest(name, tz, paths, report, { zoneRun = 'first', workers, ...opts } = {}) {
  const args = ['vitest', 'run', ...paths, '--reporter=default', '--reporter=json', '--reporter=./test/file-times.mjs'];
  const times = report.replace(/\.json$/, '-files.json');
  const ok = await run(`${name} (TZ=${tz})`, 'npx', [...args, `--outputFile.json=${report}`], {
    ...opts,
    env: {
      TZ: tz,
      TARIFF_DESK_TEST_TZ: tz,
      TARIFF_DESK_ZONE_RUN: zoneRun,
      TARIFF_DESK_FILE_TIMES: times,
      ...(workers ? { TARIFF_DESK_TEST_WORKERS: String(workers) } : {}),
    },
  });
  if (!existsSync(report)) {
    failed++;
    failures.push(`${name}: no report`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // Name each failed test in the closing lines, where a reader of only the output's end sees them.
  for (const file of r.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed')
        failures.push(`${name} (TZ=${tz}): ${file.name.replace(`${process.cwd()}/`, '')} > ${t.fullName}`);
  if (existsSync(times))
    for (const [file, ms] of JSON.parse(readFileSync(times, 'utf8')))
      files.push([tz === 'UTC' ? file : `${file} (TZ=${tz})`, ms]);
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

// The suites run what users run: dist/ first.
await check('build (esbuild + Vite)', process.execPath, ['build/compile.mjs']);

// The static checks beside the suites, at the same priority (niced, they were starved and ended
// last): two chains, so that neither waits on the other.
const quiet = { buffered: true };
const staticChecks = Promise.all([
  check('typecheck (tsc -b, one project per runtime)', 'npx', ['tsc', '-b'], quiet),
  (async () => {
    await check('lint (ESLint, layer boundaries)', 'npx', ['eslint', '--max-warnings=0', '.'], quiet);
    await check('format (Prettier)', 'npx', ['prettier', '--check', '--log-level=warn', '.'], quiet);
  })(),
]);
// The second zone's reference comparisons give way to digests of the engine's answers
// (test/engine/support.ts), so that run is short: it goes beside the main one rather than after it,
// where it would be the run's tail.
await Promise.all([
  vitest('all suites', 'UTC', [], `${out}/all.json`),
  vitest('engine suites', 'Pacific/Kiritimati', ['test/engine'], `${out}/engine-kiritimati.json`, {
    zoneRun: 'second',
    buffered: true,
    workers: 1,
  }),
]);
await staticChecks;

// The engine suites write digests of their answers (prices, schedules); both zones must agree to the byte.
for (const name of [
  'engine-digest',
  'schedule-digest',
  'bill-digest',
  'bill-random-digest',
  'bill-random-nem-digest',
  'property-digest',
  'tier-digest',
]) {
  const digests = ['UTC', 'Pacific/Kiritimati'].map((tz) => `${out}/${name}-${tz.replace('/', '_')}.json`);
  // The second zone skips the references where a digest stands in for them: a missing one is a failure.
  if (!digests.every(existsSync)) {
    failed++;
    failures.push(`${name}: no digest from ${digests.filter((f) => !existsSync(f)).join(', ')}`);
    continue;
  }
  const [a, b] = digests.map((f) => readFileSync(f, 'utf8'));
  if (a === b) passed++;
  else {
    failed++;
    failures.push(`${name}: answers differ between process time zones`);
  }
  process.stdout.write(`\n== ${name}: ${a === b ? 'identical' : 'DIFFERENT'} under TZ=UTC and TZ=Pacific/Kiritimati\n`);
}

const slowest = files.sort((x, y) => y[1] - x[1]).slice(0, 10);
process.stdout.write(`\n== where the time went (${availableParallelism()} cores)\n`);
for (const [name, ms] of timings) process.stdout.write(`  ${seconds(ms).padStart(7)} s  ${name}\n`);
process.stdout.write(`  the 10 slowest files:\n`);
for (const [name, ms] of slowest) process.stdout.write(`  ${seconds(ms).padStart(7)} s  ${name}\n`);
process.stdout.write(`  total wall time: ${seconds(Date.now() - began)} s\n`);

if (browser) process.stdout.write(`\nBrowser suites ran on ${browser.source}.\n`);
if (failures.length) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ${f}\n`).join('')}`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);

import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

/**
 * Suites that call the service in-process, the engine or the lint rules, and leave no state
 * behind: their files share a worker's loaded modules instead of importing the service anew
 * each (the import was most of their time). Suites that start browsers, processes or hosts on
 * ports, or change the process, keep a fresh module graph per file.
 */
const SHARED = [
  'test/api/**/*.test.ts',
  'test/engine/**/*.test.ts',
  'test/connect/**/*.test.ts',
  'test/webhooks/**/*.test.ts',
  'test/traffic/**/*.test.ts',
  'test/perf/**/*.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/lint/**/*.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    // Three files at a time on two cores: the browser and command-line suites spend much of their
    // time waiting on a page, a process or a socket, so a third keeps the CPU busy.
    maxWorkers: Number(process.env.TARIFF_DESK_TEST_WORKERS ?? 3),
    sequence: { sequencer: LongestFirst },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['test/**/*.test.ts'],
          exclude: ['node_modules/**', ...SHARED],
          // Browsers, spawned processes and installs: on a loaded machine a step takes minutes, so
          // the limit only stops what hangs.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});

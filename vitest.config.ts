import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

/**
 * Suites that call the service in-process, the engine or the lint rules. The rest start browsers,
 * processes, installs or hosts on ports, and get longer time limits. Every file shares its
 * worker's loaded modules instead of importing the service anew (the import was most of a short
 * file's time): no suite mocks or patches a module, and each stops what it starts.
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
    // Four files at a time on two cores: the browser and command-line suites spend about half of
    // their time waiting on a page, a process or a socket, so two more keep the CPU busy.
    maxWorkers: Number(process.env.TARIFF_DESK_TEST_WORKERS ?? 4),
    sequence: { sequencer: LongestFirst },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false } },
      {
        extends: true,
        test: {
          name: 'waiting',
          include: ['test/**/*.test.ts'],
          exclude: ['node_modules/**', ...SHARED],
          isolate: false,
          // Browsers, spawned processes and installs: on a loaded machine a step takes minutes, so
          // the limit only stops what hangs.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});

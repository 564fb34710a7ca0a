import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    // Three files at a time on two cores: the browser and command-line suites spend much of their
    // time waiting on a page, a process or a socket, so a third keeps the CPU busy.
    maxWorkers: Number(process.env.TARIFF_DESK_TEST_WORKERS ?? 3),
    sequence: { sequencer: LongestFirst },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

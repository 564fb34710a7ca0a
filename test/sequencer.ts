import { relative } from 'node:path';
import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files start first, so that no long file is left to run alone at the end while the
 * other workers sit idle. Vitest knows the durations of a previous run on this machine; a fresh
 * clone has none, so there the folders whose files wait on browsers, processes and installs (and
 * the bill engine's reference comparisons) go first, larger files before smaller ones.
 */
const SLOW_FIRST = [
  'test/package/',
  // The bill engine's comparisons with its minute-by-minute reference: CPU-bound for minutes.
  'test/engine/bills',
  'test/e2e/',
  'test/reliability/',
  'test/host/',
  'test/workspace/',
  'test/clock/',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = (f: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(root, f.moduleId)}`)?.duration;
    if (files.every((f) => known(f) !== undefined)) return super.sort(files);
    const rank = (f: TestSpecification) => {
      const path = relative(root, f.moduleId);
      const i = SLOW_FIRST.findIndex((p) => path.startsWith(p));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    const size = (f: TestSpecification) => statSync(f.moduleId).size;
    return [...files].sort((a, b) => rank(a) - rank(b) || size(b) - size(a));
  }
}

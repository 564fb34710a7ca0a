import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The installed package's folder. Found by walking up from this module, so the same code works
 * from the TypeScript sources, from the compiled bundles in dist/node, and inside Electron's asar.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'tariff-desk')
      return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('tariff-desk: package.json not found above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
}

/** The built renderer (admin app and hosted connect web app). */
export const rendererDist = (): string => join(packageRoot(), 'dist', 'renderer');

/**
 * The pool's worker entry, built by esbuild into dist/node. The tests, which run the TypeScript
 * sources, start the built file too (the test run builds dist/ first): a worker thread has no
 * TypeScript loader.
 */
export const poolWorkerFile = (): string => join(packageRoot(), 'dist', 'node', 'pool-worker.js');

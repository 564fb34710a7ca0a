#!/usr/bin/env node
// The one build: esbuild bundles the Node side (the core library, the command line, Electron's
// main process and preload) into dist/node; Vite builds the two renderer apps into dist/renderer.
// Dependencies stay external: they are installed beside the package (better-sqlite3 is native).
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { rmSync, mkdirSync, chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.includes('--node') ? 'node' : process.argv.includes('--renderer') ? 'renderer' : 'all';
const started = performance.now();

async function node() {
  rmSync(`${root}dist/node`, { recursive: true, force: true });
  mkdirSync(`${root}dist/node`, { recursive: true });
  const common = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  };
  await Promise.all([
    build({
      ...common,
      format: 'esm',
      entryPoints: {
        cli: 'core/hosts/cli/bin.ts',
        // The headless host's service thread (core/hosts/host-thread.ts starts it).
        'host-worker': 'core/hosts/host-worker.ts',
        core: 'core/index.ts',
        'electron-main': 'electron/entry.ts',
      },
      outdir: 'dist/node',
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }),
    // Sandboxed preloads are CommonJS with Electron's own modules only.
    build({
      ...common,
      format: 'cjs',
      entryPoints: { preload: 'electron/preload.ts' },
      outExtension: { '.js': '.cjs' },
      outdir: 'dist/node',
    }),
  ]);
  chmodSync(`${root}dist/node/cli.js`, 0o755);
}

async function renderer() {
  await viteBuild({ configFile: `${root}vite.config.ts`, logLevel: 'error' });
}

if (only !== 'renderer') await node();
if (only !== 'node') await renderer();
process.stdout.write(
  `built ${only === 'all' ? 'dist/node and dist/renderer' : `dist/${only}`} in ${Math.round(performance.now() - started)} ms\n`,
);

import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cycles, importGraph } from './import-graph.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCT = ['core', 'renderer', 'electron'];

/** Writes a throwaway tree of files and returns the circles the check finds in it. */
function circlesIn(files: Record<string, string>): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'td-cycles-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return cycles(importGraph(dir, PRODUCT)).map((c) => c.loop);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the import circle check', () => {
  it('finds no circle of any kind in the product (type-only and lazy imports included)', () => {
    // Each circle as one loop to undo, and every file caught in it.
    const found = cycles(importGraph(root, PRODUCT)).map(
      (c) => `${c.loop.join(' -> ')}${c.files.length > 2 ? ` (in a circle of ${c.files.join(', ')})` : ''}`,
    );
    expect(found).toEqual([]);
  });

  it('refuses a circle closed by an `import type`', () => {
    expect(
      circlesIn({
        'core/a.ts': "import type { B } from './b.js';\nexport type A = B[];\n",
        'core/b.ts': "import { type A } from './a.js';\nexport type B = { a: A };\n",
      }),
    ).toEqual([['core/a.ts', 'core/b.ts', 'core/a.ts']]);
  });

  it('refuses a circle closed by a lazy `import()` or an `import("…")` type', () => {
    expect(
      circlesIn({
        'core/x/costs.ts': "export const run = async () => (await import('./reports.js')).report();\n",
        'core/x/reports.ts': "import { run } from './costs.js';\nexport const report = () => run;\n",
        'renderer/p.tsx': "export type Q = import('./q').Q;\nexport const p = 1;\n",
        'renderer/q/index.ts': "import { p } from '../p.js';\nexport type Q = typeof p;\n",
      }),
    ).toEqual([
      ['core/x/costs.ts', 'core/x/reports.ts', 'core/x/costs.ts'],
      ['renderer/p.tsx', 'renderer/q/index.ts', 'renderer/p.tsx'],
    ]);
  });

  it('allows a shared module that both sides import', () => {
    expect(
      circlesIn({
        'core/cli/format.ts': 'export const table = (rows: string[]) => rows.join("\\n");\n',
        'core/cli/costs.ts':
          "import { table } from './format.js';\nexport const run = async () => (await import('./reports.js')).report(table);\n",
        'core/cli/reports.ts':
          "import type { table } from './format.js';\nexport const report = (t: typeof table) => t;\n",
        'electron/main.ts': "import { run } from '../core/cli/costs.js';\nexport default run;\n",
      }),
    ).toEqual([]);
  });
});

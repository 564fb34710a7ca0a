import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * One pricing path: the admin app shows the API's prices and costs (the schedule editor's preview
 * asks POST /prices with the edited schedule as a candidate) and never runs the price engine itself.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function broken(path: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return r!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the renderer does not price', () => {
  it('lint refuses an import of the price engine anywhere in the renderer', async () => {
    const refused = expect.stringMatching(/^import-x\/no-restricted-paths: .*may not import the price engine/);
    expect(
      await broken(
        'renderer/admin/fixture.ts',
        "import { computePrices } from '../../core/engine/pricing/engine';\nexport const x = computePrices;\n",
      ),
    ).toEqual([refused]);
    expect(
      await broken(
        'renderer/admin/pages/compare/fixture.ts',
        "import { compileComponent } from '../../../../core/engine/pricing/compile.js';\nexport const x = compileComponent;\n",
      ),
    ).toEqual([refused]);
    // The engine's schemas stay open to the renderer.
    expect(
      await broken(
        'renderer/admin/fixture.ts',
        "import { Schedule } from '../../core/engine/schemas/schedule';\nexport const x = Schedule;\n",
      ),
    ).toEqual([]);
  });

  it("the admin app's bundle holds none of the engine's price computation, not even through another module", async () => {
    const r = await build({
      entryPoints: [`${root}renderer/admin/main.tsx`],
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      jsx: 'automatic',
      outdir: 'out',
      logLevel: 'silent',
    });
    const inputs = Object.keys(r.metafile.inputs);
    expect(inputs).toContain('renderer/admin/App.tsx');
    // local-days.ts is a calendar helper (a day's length at a clock change) the editor's notes use.
    expect(
      inputs.filter((f) => f.startsWith('core/engine/pricing/') && f !== 'core/engine/pricing/local-days.ts'),
    ).toEqual([]);
  });
});

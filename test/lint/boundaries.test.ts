import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** Lints source text as if it were the file at `path`, returning the rules it broke. */
async function broken(path: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return r!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layer rule', () => {
  it('refuses an engine module importing the Node service', async () => {
    const out = await broken(
      'core/engine/pricing/fixture.ts',
      "import { createService } from '../../node/service.js';\nexport const x = createService;\n",
    );
    expect(out).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*core\/engine may import only core\/engine/),
    ]);
  });

  it('refuses Node built-ins and server packages in the engine and the renderer', async () => {
    expect(
      await broken(
        'core/engine/fixture.ts',
        "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*no Node built-ins/)]);
    expect(
      await broken('renderer/admin/fixture.ts', "import Database from 'better-sqlite3';\nexport const x = Database;\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Server-side package/)]);
  });

  it('refuses the renderer reaching past the engine, and the service reaching into its hosts', async () => {
    expect(
      await broken(
        'renderer/admin/fixture.ts',
        "import { startHost } from '../../core/hosts/host';\nexport const x = startHost;\n",
      ),
    ).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*renderer may import only renderer, core\/engine/),
    ]);
    expect(
      await broken('core/node/fixture.ts', "import { main } from '../hosts/cli/main.js';\nexport const x = main;\n"),
    ).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*core\/node may import only core\/node, core\/engine/),
    ]);
  });

  it('allows what the layers allow', async () => {
    expect(
      await broken(
        'renderer/admin/fixture.ts',
        "import { api } from '../../core/engine/api/index';\nexport const x = api;\n",
      ),
    ).toEqual([]);
    expect(
      await broken(
        'core/hosts/fixture.ts',
        "import { createService } from '../node/service.js';\nexport const x = createService;\n",
      ),
    ).toEqual([]);
  });
});

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

/** A file of `n` lines: a comment, blank lines and statements, all of which count. */
function lines(n: number): string {
  const out = ['// A long file.'];
  for (let i = 1; i < n; i++) out.push(i % 3 === 0 ? '' : i % 3 === 1 ? '// why' : `export const v${i} = ${i};`);
  return `${out.join('\n')}\n`;
}

describe('the file length rule', () => {
  it('refuses a product file of 501 lines, counting comments and blank lines', async () => {
    for (const path of ['core/node/fixture.ts', 'renderer/admin/fixture.tsx', 'electron/fixture.ts']) {
      expect(await broken(path, lines(501))).toEqual([
        expect.stringMatching(/^max-lines: File has too many lines \(501\)\. Maximum allowed is 500\./),
      ]);
    }
  });

  it('allows 500 lines, and leaves tests and build scripts alone', async () => {
    expect(await broken('core/engine/fixture.ts', lines(500))).toEqual([]);
    expect(await broken('test/engine/fixture.test.ts', lines(900))).toEqual([]);
    expect(await broken('build/fixture.ts', lines(900))).toEqual([]);
  });
});

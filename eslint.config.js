// Lint: typescript-eslint's recommended rules, and the layer rule of docs/architecture.md enforced
// on every import. Formatting is Prettier's (npm run format).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * The layers, innermost first. A layer may import itself and the layers listed as allowed; the
 * engine runs in Node and in the browser, so it is also kept off Node built-ins and server packages.
 */
export const LAYERS = {
  'core/engine': [],
  'core/node': ['core/engine'],
  'core/hosts': ['core/engine', 'core/node'],
  electron: ['core/engine', 'core/node', 'core/hosts'],
  renderer: ['core/engine'],
};
const ALL = [...Object.keys(LAYERS), 'test', 'build'];
const zones = Object.entries(LAYERS).map(([target, allowed]) => ({
  target: `./${target}`,
  from: ALL.filter((l) => l !== target && !allowed.includes(l) && !(target.startsWith('core/') && l === 'core')).map(
    (l) => `./${l}`,
  ),
  message: `${target} may import only ${[target, ...allowed].join(', ')} (docs/architecture.md).`,
}));
// The renderer shows the API's prices and costs and never computes its own (one pricing path).
zones.push({
  target: './renderer',
  from: './core/engine/pricing',
  message: 'The renderer asks the API for prices and costs: it may not import the price engine (docs/architecture.md).',
});
const SERVER_ONLY = {
  patterns: [
    { group: ['node:*'], message: 'Runs in the browser too: no Node built-ins here.' },
    {
      group: ['better-sqlite3', 'fastify', '@fastify/*', 'standardwebhooks', 'csv-parse*', 'electron'],
      message: 'Server-side package: not for code that runs in the browser.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', 'out/', '.tmp/', 'node_modules/', 'test/lint/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          project: './tsconfig.json',
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // A lazy import() closes a circle too. Type-only imports the plugin always skips, so
      // test/lint/no-cycle.test.ts walks the whole graph, `import type` included.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  { files: ['core/engine/**', 'renderer/**'], rules: { 'no-restricted-imports': ['error', SERVER_ONLY] } },
  // A product file does one thing: past 500 lines (every line counted) it is split by concept.
  {
    files: ['core/**', 'renderer/**', 'electron/**'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  { files: ['renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  // Tests poke at loosely typed JSON answers; the product code may not.
  {
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

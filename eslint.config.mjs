// Lint: typescript-eslint's recommended rules, and the shape of the code: `src/core` is plain
// TypeScript that never imports `vscode`. Import cycles are found by test/lint/importCycles.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'out/**', '.vscode-test/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Guards against hostile text match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read JSON answers field by field, spell out literal text, and load modules late.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-require-imports': 'off',
      'no-regex-spaces': 'off',
    },
  },
  {
    // The core runs on any host: Node-only modules only behind the two host seams
    // (src/core/host/http.ts, src/core/host/records.ts), in their Node implementations.
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/host/node/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'vscode', message: 'src/core is plain TypeScript: the editor adapters live in src/editor.' },
          { name: 'undici', message: 'The network is reached through HttpTransport (src/core/host/http.ts); undici lives in src/core/host/node.' },
        ],
        patterns: [{ group: ['node:*'], message: 'src/core runs on any host: Node-only code lives behind the host seams, in src/core/host/node.' }],
      }],
    },
  },
  {
    files: ['src/core/host/node/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/core is plain TypeScript: the editor adapters live in src/editor.' }] }],
    },
  },
);

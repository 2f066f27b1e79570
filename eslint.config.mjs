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
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/core is plain TypeScript: the editor adapters live in src/editor.' }] }],
    },
  },
);

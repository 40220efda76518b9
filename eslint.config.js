import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      '.reports',
      '.scratch',
      '.stryker-tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // TypeScript resolves names better than this rule does (typescript-eslint's own advice).
      'no-undef': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/state/**/*.ts', 'src/main.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A React Compiler warning; this app does not use the compiler, and TanStack Virtual is used as documented.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // The core is pure: it runs in the worker, in node (the CLI) and in node tests (STYLE.md 1).
    files: ['src/core/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/core/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*'], message: 'src/core stays free of React.' },
            { group: ['zustand', 'zustand/*', '@tanstack/*'], message: 'src/core stays free of UI state.' },
            { group: ['monaco-editor', 'monaco-editor/*'], message: 'src/core stays free of the editor.' },
            {
              group: ['**/ui/**', '**/state/**', '**/worker/**'],
              message: 'src/core imports nothing outside it.',
            },
            { group: ['node:*'], message: 'src/core runs in a browser worker too.' },
          ],
        },
      ],
    },
  },
);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '**/fixtures/**', 'openapi/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Hooks called in the same order every render; effects that name what they read (a warning until the
    // nine effects that leave some out on purpose or by mistake are sorted out, one by one).
    files: ['renderer/**/*.tsx', 'renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The core runs in browsers and Electron's renderer too: no Node built-ins.
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts', 'core/**/*.bench.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'path',
                'os',
                'child_process',
                'http',
                'https',
                'crypto',
                'stream',
                'url',
                'buffer',
                'zlib',
              ],
              message: 'core/ is pure: take bytes, text and injected I/O instead of Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  {
    // Index reads in these folders are typed `number` already (core/geometry/tsconfig.json).
    files: ['core/geometry/**/*.ts', 'core/planar/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSNumberKeyword.typeAnnotation',
          message:
            'No `as number` here: index reads are `number` in this folder (core/geometry/tsconfig.json).',
        },
      ],
    },
  },
  {
    // Layers: the adapters reach the core only through its public entry (core/index.ts), so what the core
    // offers them is one list that can be kept stable, and the few helpers they share with the core that
    // are not the library's to offer (wording, line positions) from their own modules. Tests may import
    // internals.
    files: ['cli/**/*.ts', 'sandbox/**/*.ts', 'app/**/*.ts', 'app/**/*.cts', 'app/**/*.tsx', 'host/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.bench.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/(?!(index|values/plural|diagnostics/text-position)\\.ts$)',
              message:
                'Import the core through its public entry, core/index.ts (add an export there if needed).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);

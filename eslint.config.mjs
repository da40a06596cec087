// One lint config for the whole monorepo. Type-aware rules catch the async bugs
// (floating promises, promises passed where callbacks are expected) that tests miss.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.build/**',
      '.test-results/**',
      // k6 scripts run in k6's own JavaScript runtime, not Node.
      'load-tests/k6/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Numbers and booleans print unambiguously in messages and URLs.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      // `() => void send()`-style arrow shorthands are clear enough.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // Launch and test scripts are plain Node ESM (they run before npm install): lint without types.
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tests may use non-null assertions and loose any from JSON bodies.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.contract.ts',
      '**/testing/**/*.ts',
      'gateway/src/test-upstreams.ts',
      'web/e2e/**/*.ts',
      'infra/test/**/*.ts',
      'load-tests/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Clean-up hooks guard values a failed set-up may have left undefined.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
);

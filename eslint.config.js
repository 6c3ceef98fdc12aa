// ESLint (flat config): TypeScript and the rules of hooks, for every workspace. Formatting is
// Prettier's (eslint-config-prettier turns off the rules it owns). `npm test` runs both.
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.turbo/**', 'test-results/**', '.data/**', '.stack/**', 'gateway/*.conf'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': comments },
    rules: {
      // An escape hatch says why on the same line: `// eslint-disable-next-line rule -- reason`.
      '@eslint-community/eslint-comments/require-description': 'error',
      // TypeScript checks these (tsc runs first in npm test), with better messages.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.tsx', 'packages/ui/src/**/*.ts', 'mfe-*/src/**/*.ts', 'shell/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The router is one shared singleton reached through @cc/ui/router (see its comment): a
    // direct import would ship a second, untree-shaken copy and a router context of its own.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', 'packages/ui/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['react-router', 'react-router-dom'].map((name) => ({ name, message: 'Import the router from @cc/ui/router.' })) },
      ],
    },
  },
  {
    // Test code reads answers loosely (`res.body.file.id`): `any` there keeps assertions readable.
    files: ['**/*.test.{ts,tsx}', '**/testing.ts', '**/testing/**', '**/test-support.ts', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);

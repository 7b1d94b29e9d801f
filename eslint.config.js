// Layer rules from ARCHITECTURE.md: a wrong import fails lint instead of relying on review.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'worker_threads', 'stream', 'util', 'events', 'url', 'buffer'];

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['.scratch/**', 'out/**', 'dist/**', 'node_modules/**', 'src-core/proto/generated/**', 'test-artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, sourceType: 'module' } },
  },
  {
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use an `as const` object instead of an enum.' }],
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    files: ['src-core/**/*.ts'],
    rules: restrict(
      ['electron', 'vue', 'pinia', 'vue-router', ...nodeBuiltins, '**/src-main/**', '**/src-renderer/**', '../src-main/*', '../src-renderer/*'],
      'src-core is pure TypeScript: no electron, node:*, DOM frameworks, main or renderer imports.',
    ),
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict(
      ['electron', ...nodeBuiltins, '**/src-main/**', '../src-main/*'],
      'The renderer talks to main only through window.api (src-renderer/api/bridge.ts).',
    ),
  },
  {
    // window.api is read in exactly one place, which unwraps results and rebuilds error classes.
    files: ['src-renderer/**/*.{ts,vue}'],
    ignores: ['src-renderer/api/bridge.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'api', message: 'Use src-renderer/api/bridge.ts instead of window.api.' })),
      ],
    },
  },
  {
    files: ['src-main/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'test/**/*.ts', 'build/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src-main/node/**/*.ts'],
    rules: restrict(['electron', '**/src-renderer/**'], 'src-main/node must run headless: no electron import.'),
  },
  {
    // The JSON-RPC endpoint reaches the node's internals through one adapter (jsonrpc/node-reads.ts).
    files: ['src-main/node/jsonrpc/**/*.ts'],
    ignores: ['src-main/node/jsonrpc/node-reads.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', '**/src-renderer/**'], message: 'src-main/node must run headless: no electron import.' },
            { regex: '^\\.\\./(?!\\.\\./\\.\\./src-core/|http/server$|http/request$)', message: 'jsonrpc/ reads the node only through jsonrpc/node-reads.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/vault/**/*.ts', 'src-main/wallet/**/*.ts'],
    rules: restrict(['**/src-renderer/**'], 'Main-side services never import the renderer.'),
  },
);

// The "may import" tables of the src-* READMEs as lint rules: a wrong import fails `npm test`
// instead of relying on review. Package imports go through no-restricted-imports; relative paths
// between folders through layers/no-upward-import (scripts/eslint/layer-imports.mjs), which also
// keeps the node's internal layers in order (scripts/eslint/node-layers.mjs) and the wallet's floors
// (scripts/eslint/wallet-layers.mjs). Each rule has a fixture under test/lint/fixtures that must
// fail (test/lint/layers.test.ts).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';
import globals from 'globals';
import prettier from 'eslint-config-prettier/flat';
import { fileURLToPath } from 'node:url';
import layers from './scripts/eslint/layer-imports.mjs';
import { nodeLayerZones } from './scripts/eslint/node-layers.mjs';
import { walletLayerZones } from './scripts/eslint/wallet-layers.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
  'worker_threads',
  'stream',
  'util',
  'events',
  'url',
  'buffer',
];

const mainFolders = ['node', 'vault', 'wallet', 'ledger', 'watchtower', 'ipc', 'preload', 'app'].map(
  (f) => `src-main/${f}`,
);
const except = (list, ...keep) => list.filter((f) => !keep.includes(f));

/** Folder → folders it must not import (relative paths), from each src-* README's table. */
const layerZones = [
  { files: 'src-core', forbidden: ['src-main', 'src-renderer', 'test'], message: 'src-core imports only src-core.' },
  {
    files: 'src-renderer',
    forbidden: ['src-main', 'test'],
    message: 'The renderer reaches main only through window.api.',
  },
  {
    files: 'src-main/node',
    forbidden: [...except(mainFolders, 'src-main/node'), 'src-renderer', 'test'],
    message: 'The node imports no wallet, vault, IPC, preload or app code: it runs headless.',
  },
  {
    files: 'src-main/vault',
    forbidden: [...except(mainFolders, 'src-main/vault'), 'src-renderer', 'test'],
    message: 'The vault imports only src-core.',
  },
  {
    files: 'src-main/ledger',
    forbidden: [...except(mainFolders, 'src-main/ledger'), 'src-renderer', 'test'],
    message: 'The Ledger driver imports only src-core: no node, vault, wallet, IPC, preload or app code.',
  },
  {
    files: 'src-main/watchtower',
    forbidden: [...except(mainFolders, 'src-main/watchtower'), 'src-renderer', 'test'],
    message:
      'The watchtower imports only src-core and Node built-ins: no node, vault, wallet, IPC, preload or app code (it runs headless).',
  },
  {
    files: 'src-main/wallet',
    forbidden: ['src-main/ipc', 'src-main/preload', 'src-main/app', 'src-renderer', 'test'],
    message: 'Wallet services import src-core, the node and the vault, never IPC, preload or app code.',
  },
  {
    files: 'src-main/ipc',
    forbidden: ['src-main/node', 'src-main/watchtower', 'src-main/preload', 'src-main/app', 'src-renderer', 'test'],
    message: 'IPC handlers reach the node and the watchtower only through wallet services.',
  },
  {
    files: 'src-main/preload',
    forbidden: [...except(mainFolders, 'src-main/preload'), 'src-renderer', 'test'],
    message: 'The preload imports only the IPC contract.',
  },
  { files: 'src-main/app', forbidden: ['src-renderer', 'test'], message: 'Main never imports the renderer.' },
  ...nodeLayerZones(),
  ...walletLayerZones(),
];

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  {
    ignores: [
      '.scratch/**',
      'out/**',
      'dist/**',
      'node_modules/**',
      'src-core/proto/generated/**',
      'test-artifacts/**',
      'test/lint/fixtures/**',
      'coverage/**',
    ],
  },
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
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` object instead of an enum.' },
      ],
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    files: ['src-core/**/*.ts'],
    rules: restrict(
      ['electron', 'vue', 'pinia', 'vue-router', ...nodeBuiltins],
      'src-core is pure TypeScript: no electron, node:*, DOM frameworks, main or renderer imports.',
    ),
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict(
      ['electron', ...nodeBuiltins],
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
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'api',
          message: 'Use src-renderer/api/bridge.ts instead of window.api.',
        })),
      ],
    },
  },
  {
    files: ['src-main/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'test/**/*.ts', 'build/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: [
      'src-main/node/**/*.ts',
      'src-main/vault/**/*.ts',
      'src-main/wallet/**/*.ts',
      'src-main/ledger/**/*.ts',
      'src-main/watchtower/**/*.ts',
    ],
    rules: restrict(
      ['electron'],
      'The node, the vault, the wallet services, the Ledger driver and the watchtower run without Electron (tests, headless).',
    ),
  },
  {
    files: ['src-*/**/*.{ts,vue}'],
    plugins: { layers },
    rules: { 'layers/no-upward-import': ['error', { root, zones: layerZones }] },
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
            {
              group: ['electron'],
              message: 'The node, the vault and the wallet services run without Electron (tests, headless).',
            },
            {
              regex: '^\\.\\./(?!\\.\\./\\.\\./src-core/|http/server$|http/request$)',
              message: 'jsonrpc/ reads the node only through jsonrpc/node-reads.ts.',
            },
          ],
        },
      ],
    },
  },
  // Layout is Prettier's job (`npm run format`); this turns off the stylistic rules that would fight it.
  prettier,
);

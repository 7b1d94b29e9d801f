import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM module without type declarations
import { nodeLayers } from '../../scripts/eslint/node-layers.mjs';
// @ts-expect-error -- a plain ESM module without type declarations
import { walletLayers } from '../../scripts/eslint/wallet-layers.mjs';

// Each fixture breaks one written rule when linted as if it sat at `as`; the lint run over the
// repository ignores the fixtures folder, so they can only be judged here.
const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.ts`, import.meta.url), 'utf8');

const planted: readonly { name: string; as: string; rule: string }[] = [
  { name: 'node-imports-wallet', as: 'src-main/node/chain/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'node-imports-vault', as: 'src-main/node/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'node-imports-ipc', as: 'src-main/node/http/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'node-imports-app-dynamically', as: 'src-main/node/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'node-imports-electron', as: 'src-main/node/planted.ts', rule: 'no-restricted-imports' },
  { name: 'jsonrpc-imports-chain', as: 'src-main/node/jsonrpc/planted.ts', rule: 'no-restricted-imports' },
  { name: 'jsonrpc-imports-electron', as: 'src-main/node/jsonrpc/planted.ts', rule: 'no-restricted-imports' },
  { name: 'node-chain-imports-pool', as: 'src-main/node/chain/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'node-vm-host-imports-pool', as: 'src-main/node/vm-host/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'node-state-imports-actuators', as: 'src-main/node/state/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'node-http-imports-node', as: 'src-main/node/http/handlers/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'wallet-imports-electron', as: 'src-main/wallet/planted.ts', rule: 'no-restricted-imports' },
  { name: 'wallet-imports-ipc', as: 'src-main/wallet/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'wallet-stores-imports-cosign', as: 'src-main/wallet/stores/planted.ts', rule: 'layers/no-upward-import' },
  {
    name: 'wallet-chain-knowledge-imports-transactions',
    as: 'src-main/wallet/chain-knowledge/planted.ts',
    rule: 'layers/no-upward-import',
  },
  { name: 'vault-imports-electron', as: 'src-main/vault/planted.ts', rule: 'no-restricted-imports' },
  { name: 'vault-imports-wallet', as: 'src-main/vault/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'ledger-imports-vault', as: 'src-main/ledger/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'ledger-imports-electron', as: 'src-main/ledger/planted.ts', rule: 'no-restricted-imports' },
  { name: 'watchtower-imports-wallet', as: 'src-main/watchtower/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'watchtower-imports-node', as: 'src-main/watchtower/rules/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'watchtower-imports-electron', as: 'src-main/watchtower/planted.ts', rule: 'no-restricted-imports' },
  { name: 'ipc-imports-watchtower', as: 'src-main/ipc/handlers/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'ipc-imports-node', as: 'src-main/ipc/handlers/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'preload-imports-vault', as: 'src-main/preload/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'core-imports-node-builtin', as: 'src-core/tx/planted.ts', rule: 'no-restricted-imports' },
  { name: 'core-imports-main', as: 'src-core/tx/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'renderer-imports-main', as: 'src-renderer/stores/planted.ts', rule: 'layers/no-upward-import' },
  { name: 'renderer-imports-electron', as: 'src-renderer/stores/planted.ts', rule: 'no-restricted-imports' },
  { name: 'renderer-reads-window-api', as: 'src-renderer/stores/planted.ts', rule: 'no-restricted-properties' },
  { name: 'enum-declared', as: 'src-core/planted.ts', rule: 'no-restricted-syntax' },
];

async function rulesBroken(text: string, as: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(text, { filePath: `${root}${as}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('layer rules', () => {
  it.each(planted)('$name fails lint with $rule', async ({ name, as, rule }) => {
    expect(await rulesBroken(fixture(name), as)).toContain(rule);
  });

  it('accepts the imports each README allows', async () => {
    const allowed: [string, string][] = [
      ["import { createNode } from '../node';\nexport const x = createNode;\n", 'src-main/wallet/planted.ts'],
      ["import { Vault } from '../vault/vault';\nexport const x = Vault;\n", 'src-main/wallet/planted.ts'],
      [
        "import { WalletError } from '../../src-core/errors';\nexport const x = WalletError;\n",
        'src-main/node/planted.ts',
      ],
      [
        "import { createWalletServices } from '../wallet';\nexport const x = createWalletServices;\n",
        'src-main/ipc/planted.ts',
      ],
      ["import { app } from 'electron';\nexport const x = app;\n", 'src-main/app/planted.ts'],
      [
        "import { LedgerError } from '../../src-core/errors';\nexport const x = LedgerError;\n",
        'src-main/ledger/planted.ts',
      ],
      [
        "import { readFile } from 'node:fs/promises';\nimport { WatchError } from '../../src-core/errors';\nexport const x = [readFile, WatchError];\n",
        'src-main/watchtower/planted.ts',
      ],
      [
        "import { Watchtower } from '../watchtower/scanner';\nexport const x = Watchtower;\n",
        'src-main/wallet/planted.ts',
      ],
      // The JSON-RPC adapter may read the chain; the rest of jsonrpc/ may use src-core and the HTTP server.
      ["import { Chain } from '../chain/chain';\nexport const x = Chain;\n", 'src-main/node/jsonrpc/node-reads.ts'],
      [
        // The path is relative to the planted file in src-main/node/jsonrpc. standalone-check: allow
        "import { bytesToHex } from '../../../src-core/bytes/hex';\nimport { HttpApi } from '../http/server';\nexport const x = [bytesToHex, HttpApi];\n",
        'src-main/node/jsonrpc/planted.ts',
      ],
      // Inside the node: a layer imports its own and lower ones (the transaction model below the
      // actuators, the chain above them).
      ["import { TxPool } from '../pool/pool';\nexport const x = TxPool;\n", 'src-main/node/producer/planted.ts'],
      ["import { sha256Hex } from './sha256';\nexport const x = sha256Hex;\n", 'src-main/node/model/tx.ts'],
      [
        "import { parseTransaction } from '../model/tx';\nexport const x = parseTransaction;\n",
        'src-main/node/actuators/planted.ts',
      ],
      // Inside the wallet: a floor imports its own and lower ones.
      [
        "import { TransactionTracker } from '../transactions/transaction-tracker';\nexport const x = TransactionTracker;\n",
        'src-main/wallet/cosign/planted.ts',
      ],
      [
        "import { ChainReads } from '../chain-knowledge/chain-reads';\nexport const x = ChainReads;\n",
        'src-main/wallet/history/planted.ts',
      ],
    ];
    for (const [text, as] of allowed) expect(await rulesBroken(text, as), as).toEqual([]);
  });
});

describe('node layers', () => {
  it('place every folder and top-level module of src-main/node in a layer', () => {
    const members = new Set((nodeLayers as { members: string[] }[]).flatMap((layer) => layer.members));
    const entries = readdirSync(new URL('../../src-main/node/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => entry.name.replace(/\.ts$/, ''));
    expect(entries.filter((name) => !members.has(name))).toEqual([]);
  });
});

describe('wallet floors', () => {
  it('place every folder and top-level module of src-main/wallet on a floor', () => {
    const members = new Set((walletLayers as { members: string[] }[]).flatMap((layer) => layer.members));
    const entries = readdirSync(new URL('../../src-main/wallet/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => entry.name.replace(/\.ts$/, ''));
    expect(entries.filter((name) => !members.has(name))).toEqual([]);
  });
});

describe('formatter', () => {
  it('refuses code that is not in Prettier layout and accepts it once formatted', async () => {
    const options = {
      ...(await prettier.resolveConfig(`${root}src-core/planted.ts`)),
      filepath: `${root}src-core/planted.ts`,
    };
    const planted = "export const  planted = { a:1, b : 'two' }\n";
    expect(await prettier.check(planted, options)).toBe(false);
    expect(await prettier.check(await prettier.format(planted, options), options)).toBe(true);
  });
});

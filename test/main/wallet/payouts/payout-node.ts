import { bytesToBase58Address, toBase58Address } from '@core/address/address';
import { chainParametersFromNode } from '@core/chain/parameters';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import { toCsv } from '@core/csv/csv';
import type { PayoutLookups } from '@core/payouts/lookups';
import { readPayoutCsv } from '@core/payouts/read';
import type { PayoutRow } from '@core/payouts/format';
import { createNode, type TronNode } from '@main/node';
import { ChainReads } from '@main/wallet/chain-knowledge/chain-reads';
import { nodeSequenceDryRun } from '@main/wallet/node-host/create-embedded';
import type { PlanChain } from '@main/wallet/payouts/plan';
import { chainPayoutLookups } from '@main/wallet/payouts/payout-lookups';
import { fundedKey, type Key } from '../../node/helpers';
import { deploy, word } from '../../node/vm-host/helpers';

/** A dev node with the test TRC-20 token (TT, 6 decimals) deployed by its first funded account. */
export interface PayoutNode {
  readonly node: TronNode;
  readonly client: TronNodeClient;
  readonly payer: Key;
  /** The token contract, T… form. */
  readonly token: string;
  /** The plan's view of this node; `sequence: false` plans as on a remote node. */
  chain(options?: { sequence?: boolean }): Promise<PlanChain>;
  lookups(): PayoutLookups;
  /** The CSV read for `owner` (the payer by default), which must have no issues. */
  rows(csv: string, owner?: string): Promise<PayoutRow[]>;
  stop(): Promise<void>;
}

export const TOKEN_SUPPLY = 1_000_000_000_000n;

export async function startPayoutNode(): Promise<PayoutNode> {
  const node = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0 });
  const payer = fundedKey(node, 0);
  const { address } = await deploy(node, payer, 'Token', word(TOKEN_SUPPLY));
  const token = toBase58Address(address);
  const client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
  const reads = new ChainReads();
  const lookups = () => chainPayoutLookups({ client, reads, book: [], watched: [] });
  return {
    node,
    client,
    payer,
    token,
    async chain({ sequence = true } = {}) {
      return {
        client,
        parameters: chainParametersFromNode(await client.getChainParameters()),
        reads,
        sequence: sequence ? (steps) => nodeSequenceDryRun(node, steps) : null,
        held: [],
        chainMsPerWallMs: 1,
      };
    },
    lookups,
    async rows(csv, owner = payer.hex) {
      const file = await readPayoutCsv(csv, { owner, lookups: lookups() });
      if (file.issues.length > 0) throw new Error(file.issues.map((i) => i.message).join('\n'));
      return [...file.rows];
    },
    stop: () => node.stop(),
  };
}

/** A distinct address no account holds yet, per number. */
export function freshAddress(n: number): string {
  const bytes = new Uint8Array(21);
  bytes[0] = 0x41;
  bytes[1] = 0x5a;
  new DataView(bytes.buffer).setUint32(17, n + 1);
  return bytesToBase58Address(bytes);
}

/** A payout CSV of `trx` TRX rows and `trc20` token rows, interleaved, each to its own fresh address. */
export function payoutCsv(token: string, counts: { trx: number; trc20: number; from?: number }): string {
  const rows: string[][] = [];
  const from = counts.from ?? 0;
  for (let i = 0; i < Math.max(counts.trx, counts.trc20); i++) {
    if (i < counts.trx) rows.push([freshAddress(from + 2 * i), 'TRX', `${1 + (i % 7)}.5`, '', `T-${i}`]);
    if (i < counts.trc20) rows.push([freshAddress(from + 2 * i + 1), token, `${2 + (i % 5)}.25`, '', `C-${i}`]);
  }
  return toCsv([['recipient', 'asset', 'amount', 'memo', 'reference'], ...rows]);
}

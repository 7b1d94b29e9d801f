import { bytesToBase58Address, toBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { chainParametersFromNode } from '../../../src-core/chain/parameters';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import { toCsv } from '../../../src-core/csv/csv';
import { readPayoutCsv } from '../../../src-core/payouts/read';
import { buildTransaction, createSmartContract } from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import { signTransaction } from '../../../src-core/tx/sign';
import { createNode } from '../../../src-main/node';
import { ChainReads } from '../../../src-main/wallet/chain-knowledge/chain-reads';
import { nodeSequenceDryRun } from '../../../src-main/wallet/node-host/create-embedded';
import { chainPayoutLookups } from '../../../src-main/wallet/payouts/payout-lookups';
import { planPayouts, type PlanChain } from '../../../src-main/wallet/payouts/plan';
import type { PlanProgress } from '../../../src-main/wallet/payouts/plan-types';
import { loadArtifacts } from '../../fixtures/contracts/compile';

/**
 * `npm run bench -- payouts`: planning a 500-row payout run (250 TRX, 250 TRC-20, every recipient
 * new) against a dev node on loopback, as the app plans it (every row dry-run in order on the
 * node's copy of its state) and as the headless command plans a remote node (constant calls and
 * balances counted down). Reading the file is timed on its own. Target: the app's plan within 10 s.
 */
const ROWS_PER_ASSET = 250;
const TARGET_SECONDS = 10;

function fresh(n: number): string {
  const bytes = new Uint8Array(21);
  bytes[0] = 0x41;
  bytes[1] = 0x6b;
  new DataView(bytes.buffer).setUint32(17, n + 1);
  return bytesToBase58Address(bytes);
}

export async function run(): Promise<boolean> {
  const node = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0 });
  try {
    const client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
    const payer = node.accounts[0]!;
    const artifact = loadArtifacts()['Token']!;
    const ref = await client.getRefBlock();
    const deploy = signTransaction(
      buildTransaction(
        createSmartContract({
          owner: payer.hex,
          abi: artifact.abi as Record<string, unknown>[],
          bytecode: artifact.bytecode + (10n ** 18n).toString(16).padStart(64, '0'),
          name: 'Bench',
          consumeUserResourcePercent: 100,
          originEnergyLimit: 10_000_000n,
        }),
        { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }), feeLimit: 1_000_000_000n },
      ),
      hexToBytes(payer.privateKey),
    );
    await client.broadcastTransaction(deploy);
    await node.mine(1);
    const token = toBase58Address(deploy.contract_address!);

    const rows: string[][] = [];
    for (let i = 0; i < ROWS_PER_ASSET; i++) {
      rows.push([fresh(2 * i), 'TRX', `${1 + (i % 9)}.5`, '', `T-${i}`]);
      rows.push([fresh(2 * i + 1), token, `${1 + (i % 7)}.25`, '', `C-${i}`]);
    }
    const csv = toCsv([['recipient', 'asset', 'amount', 'memo', 'reference'], ...rows]);
    const reads = new ChainReads();
    const readStarted = performance.now();
    const file = await readPayoutCsv(csv, {
      owner: payer.hex,
      lookups: chainPayoutLookups({ client, reads, book: [], watched: [] }),
    });
    const readSeconds = (performance.now() - readStarted) / 1000;
    if (file.issues.length > 0) throw new Error(`bench file has problems: ${file.issues[0]!.message}`);

    const chain = async (sequence: boolean): Promise<PlanChain> => ({
      client,
      parameters: chainParametersFromNode(await client.getChainParameters()),
      reads,
      sequence: sequence ? (steps) => nodeSequenceDryRun(node, steps) : null,
      held: [],
      chainMsPerWallMs: 1,
    });
    const timed = async (sequence: boolean) => {
      const phases = new Map<string, number>();
      const started = performance.now();
      const plan = await planPayouts(payer.hex, file.rows, await chain(sequence), (p: PlanProgress) => {
        if (p.done === p.total) phases.set(p.phase, (performance.now() - started) / 1000);
      });
      return { seconds: (performance.now() - started) / 1000, plan, phases };
    };
    const app = await timed(true);
    const headless = await timed(false);
    const met = app.seconds <= TARGET_SECONDS && app.plan.failing.length === 0;
    console.log(
      `\npayouts: planning ${file.rows.length} rows (${ROWS_PER_ASSET} TRX, ${ROWS_PER_ASSET} TRC-20, all recipients new)`,
    );
    console.table([
      { case: 'read the CSV (token facts from the node)', s: readSeconds.toFixed(2), target: '', met: '' },
      ...[
        ['plan, embedded node: every row dry-run in order', app],
        ['plan, remote node: constant calls, balances counted', headless],
      ].map(([name, r]) => {
        const result = r as typeof app;
        return {
          case: name as string,
          s: result.seconds.toFixed(2),
          'recipients done s': result.phases.get('recipients')?.toFixed(2) ?? '',
          'energy done s': result.phases.get('energy')?.toFixed(2) ?? '',
          failing: result.plan.failing.length,
          target: result === app ? `≤ ${TARGET_SECONDS} s` : '',
          met: result === app ? (met ? 'yes' : 'NO') : '',
        };
      }),
    ]);
    return met;
  } finally {
    await node.stop();
  }
}

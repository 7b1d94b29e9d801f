import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HexAddress } from '../../../src-core/brand';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import { privateKeyFromHex, signDigest } from '../../../src-core/keys/keys';
import * as b from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import type { TransactionJson } from '../../../src-core/tx/types';
import { createNode, type TronNode } from '../../../src-main/node';
import { transactionFromJson } from '../../../src-main/node/java-json/tx-input';
import { nodeChainSource, type ChainSource } from '../../../src-main/watchtower/chain-source';
import { Watchtower } from '../../../src-main/watchtower/scanner';
import { defaultRules, type WatchList } from '../../../src-main/watchtower/watch-list';
import { loadArtifacts } from '../../fixtures/contracts/compile';

/**
 * `npm run bench -- watch`: how fast the watchtower catches up over HTTP on the embedded node,
 * in blocks per second, for empty blocks and for blocks of 200 transactions (TRX transfers; and
 * TRC-20 transfers, whose TransactionInfos must be read too). The reference, measured in the same
 * run, is a plain client reading the same blocks and infos without scanning them: the target is
 * that scanning keeps at least half that pace, and that catching up runs at least 20 times faster
 * than the chain makes blocks (one per 3 s).
 */
const ROUNDS = 3;
const EMPTY_BLOCKS = 2_000;
const FULL_BLOCKS = 30;
const PER_BLOCK = 200;
const CHAIN_BLOCKS_PER_SECOND = 1 / 3;
const TARGET_RATIO = 0.5;
const TARGET_REAL_TIME = 20;
const TRX = 1_000_000n;

interface Case {
  readonly name: string;
  readonly from: number;
  readonly to: number;
  readonly blocksWithInfos: boolean;
}

function sign(tx: TransactionJson, key: Uint8Array): string {
  return JSON.stringify({ ...tx, signature: [bytesToHex(signDigest(hexToBytes(tx.txID), key))] });
}

/** Packs `specs` (owner index, contract) into one block through the pool. */
async function packBlock(node: TronNode, specs: readonly [number, b.ContractSpec][], feeLimit?: bigint): Promise<void> {
  const head = node.head();
  const header = transactionHeader({
    refBlock: { number: BigInt(head.number), blockId: head.id },
    headTimestamp: head.timestamp,
    expirationMs: 3_600_000,
  });
  const keys = node.accounts.map((a) => privateKeyFromHex(a.privateKey));
  const bodies = specs.map(([owner, spec]) =>
    sign(b.buildTransaction(spec, { header, ...(feeLimit ? { feeLimit } : {}) }), keys[owner]!),
  );
  await Promise.all(bodies.map((body) => node.pool.submit(transactionFromJson(body, false))));
  await node.mine(1);
}

function word(value: bigint | string): string {
  return typeof value === 'string' ? value.slice(2).padStart(64, '0') : value.toString(16).padStart(64, '0');
}

async function deployToken(node: TronNode): Promise<string> {
  const artifact = loadArtifacts()['Token']!;
  const owner = node.accounts[0]!;
  const spec = b.createSmartContract({
    owner: owner.hex,
    abi: artifact.abi as Record<string, unknown>[],
    bytecode: artifact.bytecode + word(10n ** 30n),
    name: 'Token',
    consumeUserResourcePercent: 100,
    originEnergyLimit: 10_000_000n,
  });
  const head = node.head();
  const header = transactionHeader({
    refBlock: { number: BigInt(head.number), blockId: head.id },
    headTimestamp: head.timestamp,
    expirationMs: 3_600_000,
  });
  const tx = b.buildTransaction(spec, { header, feeLimit: 1_000n * TRX });
  await node.pool.submit(transactionFromJson(sign(tx, privateKeyFromHex(owner.privateKey)), false));
  await node.mine(1);
  return tx.contract_address!;
}

/** What a plain client spends fetching the same blocks (and infos) the scanner reads. */
async function readOnly(client: TronNodeClient, c: Case): Promise<number> {
  const started = performance.now();
  for (let start = c.from; start <= c.to; start += 100) {
    const blocks = await client.getBlockByLimitNext(start, Math.min(c.to + 1, start + 100));
    if (c.blocksWithInfos)
      for (const block of blocks)
        if (block.transactions.length > 0)
          await client.getTransactionInfoByBlockNum(block.block_header.raw_data.number);
  }
  return (c.to - c.from + 1) / ((performance.now() - started) / 1000);
}

/** The node as if its head were block `cap.at`: each case scans exactly its own range. */
function capped(source: ChainSource, cap: { at: number }): ChainSource {
  return {
    ...source,
    async head() {
      const [block] = await source.blocks(cap.at, cap.at);
      return { number: block!.number, id: block!.id, timestamp: block!.timestamp };
    },
    async blocks(from, last) {
      return source.blocks(from, Math.min(last, cap.at));
    },
  };
}

/**
 * Blocks per second of one catch-up over the case's range. A first poll, untimed, finds the
 * network and places the cursor just before the range, as a watcher that was stopped there.
 */
async function scanRate(client: TronNodeClient, c: Case, list: WatchList, stateFile: string): Promise<number> {
  const cap = { at: c.from - 1 };
  const tower = await Watchtower.open({
    source: capped(nodeChainSource(client), cap),
    stateFile,
    watchList: () => list,
  });
  await tower.poll();
  cap.at = c.to;
  const started = performance.now();
  const report = await tower.poll();
  const seconds = (performance.now() - started) / 1000;
  if (report.cursor !== c.to || report.scanned !== c.to - c.from + 1)
    throw new Error(`the scanner stopped at ${report.cursor}, not ${c.to}`);
  return report.scanned / seconds;
}

export async function run(): Promise<boolean> {
  const node = await createNode({
    port: 0,
    blockTimeMs: 0,
    accounts: 20,
    signatureWorkers: os.availableParallelism(),
    maxPendingTransactions: 100_000,
  });
  const dir = await mkdtemp(join(tmpdir(), 'bench-watch-'));
  try {
    const client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
    const accounts = node.accounts.map((a) => a.hex as HexAddress);
    const token = await deployToken(node);
    // Every sender holds tokens; the watched account is one of the senders.
    await packBlock(
      node,
      accounts.slice(1).map((to) => [
        0,
        b.triggerSmartContract({
          owner: accounts[0]!,
          contract: token,
          data: `a9059cbb${word(to)}${word(10n ** 24n)}`,
        }),
      ]),
      100n * TRX,
    );
    const list: WatchList = {
      accounts: [
        {
          address: accounts[0]!,
          label: 'Treasury',
          rules: {
            ...defaultRules(),
            outgoingValue: { ...defaultRules().outgoingValue, tokens: new Map([[token, 0n]]) },
          },
        },
      ],
      envelopes: [],
      knownAddresses: [],
    };

    const cases: Case[] = [];
    let from = node.head().number + 1;
    await node.mine(EMPTY_BLOCKS);
    cases.push({ name: `${EMPTY_BLOCKS} empty blocks`, from, to: node.head().number, blocksWithInfos: false });

    from = node.head().number + 1;
    let amount = 1n;
    for (let i = 0; i < FULL_BLOCKS; i++) {
      const specs: [number, b.ContractSpec][] = [];
      for (let t = 0; t < PER_BLOCK; t++) {
        const owner = t % accounts.length;
        specs.push([
          owner,
          b.transferContract({
            owner: accounts[owner]!,
            to: accounts[(owner + 1) % accounts.length]!,
            amount: amount++,
          }),
        ]);
      }
      await packBlock(node, specs);
    }
    cases.push({
      name: `${FULL_BLOCKS} blocks of ${PER_BLOCK} TRX transfers`,
      from,
      to: node.head().number,
      blocksWithInfos: false,
    });

    from = node.head().number + 1;
    for (let i = 0; i < FULL_BLOCKS; i++) {
      const specs: [number, b.ContractSpec][] = [];
      for (let t = 0; t < PER_BLOCK; t++) {
        const owner = t % accounts.length;
        const to = accounts[(owner + 1) % accounts.length]!;
        specs.push([
          owner,
          b.triggerSmartContract({
            owner: accounts[owner]!,
            contract: token,
            data: `a9059cbb${word(to)}${word(amount++)}`,
          }),
        ]);
      }
      await packBlock(node, specs, 100n * TRX);
    }
    cases.push({
      name: `${FULL_BLOCKS} blocks of ${PER_BLOCK} TRC-20 transfers`,
      from,
      to: node.head().number,
      blocksWithInfos: true,
    });

    const rows = [];
    let met = true;
    for (const [i, c] of cases.entries()) {
      // Alternate rounds of both sides and keep each side's best, as measure.ts does.
      let ours = 0;
      let reference = 0;
      for (let round = 0; round < ROUNDS; round++) {
        reference = Math.max(reference, await readOnly(client, c));
        ours = Math.max(ours, await scanRate(client, c, list, join(dir, `case-${i}-round-${round}.json`)));
      }
      const ratio = ours / reference;
      const realTime = ours / CHAIN_BLOCKS_PER_SECOND;
      const ok = ratio >= TARGET_RATIO && realTime >= TARGET_REAL_TIME;
      met &&= ok;
      rows.push({
        case: c.name,
        'scan blocks/s': Math.round(ours),
        'ms per block': (1000 / ours).toFixed(2),
        'read-only blocks/s': Math.round(reference),
        ratio: `${ratio.toFixed(2)} (≥ ${TARGET_RATIO})`,
        '× chain speed': `${Math.round(realTime)} (≥ ${TARGET_REAL_TIME})`,
        met: ok ? 'yes' : 'NO',
      });
    }
    console.log(`\nwatch: catch-up over HTTP on the embedded node (best of ${ROUNDS})`);
    console.table(rows);
    return met;
  } finally {
    await node.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

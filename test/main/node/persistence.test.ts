import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNode } from '../../../src-main/node';
import { decodeHeader } from '../../../src-main/node/model/block';
import { splitBlock } from '../../../src-main/node/http/format';
import { parseTransaction } from '../../../src-main/node/model/tx';
import { bytesToHex } from '../../../src-core/bytes/hex';
import type { TronNode } from '../../../src-main/node';
import { broadcast, call, fundedKey, makeTx, newKey, storedAccounts, transfer } from './helpers';

/**
 * Storage: a restart resumes at the last block with the same state; a kill -9 in the middle of
 * block production leaves a store that opens, is consistent block by block, and has lost no
 * solidified block.
 */
const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'node-persist-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const GENESIS_TOTAL = 10n * 1_000_000n * 1_000_000n;

/** Every block links to its parent, every packed transaction is indexed, TRX is conserved. */
async function checkConsistency(node: TronNode): Promise<void> {
  const chain = node.chain;
  const p = chain.props;
  let parent = decodeHeader((await chain.blockBytes(0))!).id;
  for (let n = 1; n <= p.headNumber; n++) {
    const bytes = (await chain.blockBytes(n))!;
    const header = decodeHeader(bytes);
    expect(header.number).toBe(n);
    expect(bytesToHex(header.parentHash)).toBe(bytesToHex(parent));
    for (const t of splitBlock(bytes).transactions) {
      const id = parseTransaction(t).idHex;
      expect((await chain.transaction(id))?.blockNumber).toBe(n);
      expect(await chain.transactionInfo(id)).toBeDefined();
    }
    parent = header.id;
  }
  expect(bytesToHex(parent)).toBe(p.headId);
  expect(p.solidNumber).toBeLessThanOrEqual(p.headNumber);
  let total = 0n;
  for (const a of await storedAccounts(node)) total += a.balance;
  expect(total + p.burnedSun).toBe(GENESIS_TOTAL);
}

describe('LevelDB persistence', () => {
  it('resumes at the last block with the same accounts, blocks and transactions after a restart', async () => {
    const datadir = await tempDir();
    const first = await createNode({ port: 0, blockTimeMs: 0, datadir, signatureWorkers: 0 });
    const alice = fundedKey(first, 0);
    const carol = newKey();
    const tx = makeTx(first, transfer(alice, carol, 7_000_000n), alice.key, {
      header: { expiration: first.head().timestamp + 3_600_000 },
    });
    expect(await broadcast(first, tx)).toMatchObject({ result: true });
    await first.mine(25);
    const head = first.head();
    const aliceBalance = first.chain.state.getAccount(alice.hex)!.balance;
    const stored = (await call(first, '/wallet/gettransactionbyid', { value: tx.txID })).json;
    await first.stop();

    const second = await createNode({ port: 0, blockTimeMs: 0, datadir, signatureWorkers: 0 });
    try {
      expect(second.head()).toEqual(head);
      expect(second.chain.state.getAccount(alice.hex)!.balance).toBe(aliceBalance);
      expect((await call(second, '/walletsolidity/getaccount', { address: carol.hex })).json.balance).toBe(7_000_000);
      expect((await call(second, '/wallet/gettransactionbyid', { value: tx.txID })).json).toEqual(stored);
      expect(await broadcast(second, tx)).toMatchObject({ code: 'DUP_TRANSACTION_ERROR' });
      const next = await second.mine(1);
      expect(next.number).toBe(head.number + 1);
      await checkConsistency(second);
    } finally {
      await second.stop();
    }
  });

  it('refuses a data directory made with another mnemonic', async () => {
    const datadir = await tempDir();
    await (await createNode({ port: 0, blockTimeMs: 0, datadir, signatureWorkers: 0 })).stop();
    const other = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    await expect(
      createNode({ port: 0, blockTimeMs: 0, datadir, mnemonic: other, signatureWorkers: 0 }),
    ).rejects.toThrow(/different mnemonic/);
  });

  it('survives kill -9 during block production: consistent store, no solidified block lost', async () => {
    const datadir = await tempDir();
    // `node --import tsx` keeps the node in this one process, so SIGKILL hits it directly.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve('src-main/node/cli.ts'),
        '--port',
        '0',
        '--datadir',
        datadir,
        '--block-time-ms',
        '15',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL in ${output}`)), 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolveUrl(match[1]!);
        }
      });
    });
    // Keep transactions flowing while blocks are produced, and remember the highest solidified block seen.
    const accounts = (await (await fetch(`${url}/admin/accounts`)).json()) as {
      accounts: { hex: string; privateKey: string }[];
    };
    let solidSeen = 0;
    // Kill at a random moment, but only once some blocks are solidified: on a loaded machine the
    // child can need far longer than usual to get there.
    const earliestKill = Date.now() + 1500 + Math.random() * 1000;
    const giveUp = Date.now() + 60_000;
    let i = 0;
    while ((Date.now() < earliestKill || solidSeen < 3) && Date.now() < giveUp) {
      const info = (await (await fetch(`${url}/wallet/getnodeinfo`)).json()) as { solidityBlock: string };
      solidSeen = Math.max(solidSeen, Number(/Num:(\d+)/.exec(info.solidityBlock)![1]));
      const from = accounts.accounts[i % 10]!;
      const block = (await (await fetch(`${url}/wallet/getnowblock`)).json()) as {
        blockID: string;
        block_header: { raw_data: { number: number; timestamp: number } };
      };
      const fake = {
        head: () => ({
          number: block.block_header.raw_data.number,
          id: block.blockID,
          timestamp: block.block_header.raw_data.timestamp,
          solidified: 0,
        }),
      } as unknown as TronNode;
      const tx = makeTx(
        fake,
        transfer(from.hex, accounts.accounts[(i + 1) % 10]!.hex, BigInt(i + 1)),
        Buffer.from(from.privateKey, 'hex'),
        { header: { expiration: block.block_header.raw_data.timestamp + 3_600_000 } },
      );
      await fetch(`${url}/wallet/broadcasttransaction`, { method: 'POST', body: JSON.stringify(tx) });
      i++;
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(solidSeen).toBeGreaterThan(0);

    const reopened = await createNode({ port: 0, blockTimeMs: 0, datadir, signatureWorkers: 0 });
    try {
      expect(reopened.head().number).toBeGreaterThanOrEqual(solidSeen);
      expect(reopened.head().solidified).toBeGreaterThanOrEqual(solidSeen);
      await checkConsistency(reopened);
      const after = await reopened.mine(2);
      expect(after.number).toBeGreaterThan(solidSeen);
    } finally {
      await reopened.stop();
    }
  }, 90_000);
});

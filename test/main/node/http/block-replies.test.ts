import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../../src-main/node';
import { getMessageInfo, getCodec, type FieldInfo } from '../../../../src-core/proto/schema';
import { jsonToMessage } from '../../../../src-core/proto/json-codec';
import { bigintToLong } from '../../../../src-core/proto/runtime';
import { hexToBytes } from '../../../../src-core/bytes/hex';
import { CONTRACT_TYPE_IDS, parameterMessageOf, typeUrlOf } from '../../../../src-core/tx/contract-types';
import type { ContractTypeName } from '../../../../src-core/tx/contract-types';
import { sealBlock, type SealedBlock } from '../../../../src-main/node/model/block';
import { BLOCK_TEXT_FORM, blockTextKey, type BlockTextForm } from '../../../../src-main/node/chain/blocks';
import { encodeWithResult, parseRawTransaction } from '../../../../src-main/node/model/tx';
import { BlockReplies } from '../../../../src-main/node/http/block-replies';
import { BlockTextThread, type OffThreadRenderer } from '../../../../src-main/node/http/block-text-thread';
import { sourceWorkerEntry } from '../../../../src-main/node/worker-entry';
import type { BatchOp } from '../../../../src-main/node/store/store';
import { blockJson } from '../../../../src-main/node/http/format';
import { jsonText } from '../../../../src-main/node/http/server';
import { broadcast, fundedKey, makeTx, newKey, startNode, transfer } from '../helpers';

/** What rendering the block now prints (Util.printBlockToJSON), as the reply's bytes. */
const rendered = (blockBytes: Uint8Array, visible: boolean, detail = true): Buffer =>
  Buffer.from(jsonText(blockJson(blockBytes, visible, detail)), 'utf8');

async function served(node: TronNode, path: string, body: unknown): Promise<Buffer> {
  const response = await fetch(`${node.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return Buffer.from(await response.arrayBuffer());
}

// --- a block holding every contract type --------------------------------------------------------

const ADDRESS = `41${'a1'.repeat(20)}`;
/** Not ASCII: a form that prints bytes as text must count the reply's length in bytes. */
const TEXT_BYTES = Buffer.from('Zürich ✓', 'utf8').toString('hex');

/** A JSON value for every field of a message (one level of nested messages), as java-tron's JsonFormat reads it. */
function sampleMessage(fullName: string, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of getMessageInfo(fullName).fields) {
    const value = sampleValue(field, depth);
    if (value === undefined) continue;
    out[field.name] = field.mapKeyType
      ? { [field.mapKeyType === 'string' ? 'k' : '7']: value }
      : field.repeated
        ? [value]
        : value;
  }
  return out;
}

function sampleValue(field: FieldInfo, depth: number): unknown {
  if (field.kind === 'message') {
    if (depth > 1 || field.type === 'google.protobuf.Any') return undefined;
    return sampleMessage(field.type, depth + 1);
  }
  if (field.kind === 'enum') return 1;
  switch (field.type) {
    case 'bytes':
      return field.name.endsWith('address') ? ADDRESS : TEXT_BYTES;
    case 'string':
      return 'name ✓';
    case 'bool':
      return true;
    case 'double':
    case 'float':
      return 1.5;
    default:
      return 7;
  }
}

/**
 * A Transaction of `type` with every field of its parameter set, signed with a made-up signature,
 * ret SUCCESS; `data` is its memo.
 */
function transactionOf(type: ContractTypeName, serial: number, data = Buffer.from(TEXT_BYTES, 'hex')): Uint8Array {
  const name = parameterMessageOf(type)!;
  const value = getCodec(name)
    .encode(jsonToMessage(name, sampleMessage(name), { hexMode: 'java-tron' }))
    .finish();
  const raw = {
    ref_block_bytes: Uint8Array.of(0, serial),
    ref_block_hash: new Uint8Array(8).fill(serial),
    expiration: bigintToLong(1_700_000_060_000n),
    timestamp: bigintToLong(BigInt(1_700_000_000_000 + serial)),
    data,
    contract: [{ type: CONTRACT_TYPE_IDS[type], parameter: { type_url: typeUrlOf(type), value } }],
  };
  return encodeWithResult(parseRawTransaction(raw, [new Uint8Array(65).fill(serial)]), 1);
}

const EVERY_TYPE = (Object.keys(CONTRACT_TYPE_IDS) as ContractTypeName[]).filter((t) => parameterMessageOf(t));

/**
 * Commits a block of `transactions` on top of the head without running them: only the block's own
 * entries (and the texts written with it) matter to the block reads.
 */
async function commitForged(node: TronNode, transactions: readonly Uint8Array[]): Promise<SealedBlock> {
  const chain = node.chain;
  const slot = chain.clock.producibleSlot(chain.clock.nextBlockTimestamp(Date.now()));
  const block = sealBlock(
    {
      number: chain.props.headNumber + 1,
      timestamp: slot.timestamp,
      parentHash: hexToBytes(chain.props.headId),
      witnessAddress: hexToBytes(slot.witnessHex),
      transactions,
    },
    slot.witnessKey,
  );
  await chain.commitBlock({ block, view: chain.newView(), packed: [], encoded: [], witnessHex: slot.witnessHex });
  return block;
}

/** Commits a forged block and returns the keys its atomic batch wrote. */
async function commitWatched(
  node: TronNode,
  transactions: readonly Uint8Array[],
): Promise<{ block: SealedBlock; keys: string[] }> {
  const store = node.chain.store;
  const write = store.write.bind(store);
  const keys: string[] = [];
  store.write = (ops: readonly BatchOp[]) => {
    for (const op of ops) keys.push(Buffer.from(op.key).toString('hex'));
    return write(ops);
  };
  try {
    return { block: await commitForged(node, transactions), keys };
  } finally {
    store.write = write;
  }
}

const textKeyHex = (number: number, form: BlockTextForm): string =>
  Buffer.from(blockTextKey(number, form)).toString('hex');

describe('block replies', () => {
  let node: TronNode;
  let everyType: SealedBlock;

  beforeAll(async () => {
    node = await startNode();
    // Both forms written at commit, besides the node's own hex form.
    new BlockReplies(node.chain, [false, true]);
    everyType = await commitForged(
      node,
      EVERY_TYPE.map((type, i) => transactionOf(type, i + 1)),
    );
  });

  afterAll(async () => {
    await node.stop();
  });

  it('writes with a block the text rendering it prints, byte for byte, for a block holding every contract type', async () => {
    // Every type of Transaction.Contract.ContractType that has a parameter message (all but six).
    expect(EVERY_TYPE).toHaveLength(35);
    const bytes = (await node.chain.blockBytes(everyType.number))!;
    expect(bytes).toEqual(everyType.bytes);
    const hex = await node.chain.blockText(everyType.number, BLOCK_TEXT_FORM.hex);
    const visible = await node.chain.blockText(everyType.number, BLOCK_TEXT_FORM.visible);
    expect(Buffer.from(hex!)).toEqual(rendered(bytes, false));
    expect(Buffer.from(visible!)).toEqual(rendered(bytes, true));
    const text = Buffer.from(hex!).toString('utf8');
    for (const type of EVERY_TYPE) expect(text).toContain(`"type":"${type}"`);
    expect(Buffer.from(visible!).toString('utf8')).toContain('Zürich ✓');
  });

  it('serves the written text on every block read, /wallet and /walletsolidity, in both address forms', async () => {
    const n = everyType.number;
    const bytes = everyType.bytes;
    for (const visible of [false, true]) {
      const expected = rendered(bytes, visible);
      expect(await served(node, '/wallet/getblockbynum', { num: n, visible })).toEqual(expected);
      expect(await served(node, '/wallet/getblockbyid', { value: everyType.idHex, visible })).toEqual(expected);
      expect(await served(node, `/wallet/getnowblock?visible=${visible}`, {})).toEqual(expected);
      expect(await served(node, '/wallet/getblock', { id_or_num: String(n), detail: true, visible })).toEqual(expected);
      expect(await served(node, '/wallet/getblock', { id_or_num: String(n), visible })).toEqual(
        rendered(bytes, visible, false),
      );
      const solid = node.head().solidified;
      expect(await served(node, `/walletsolidity/getnowblock?visible=${visible}`, {})).toEqual(
        rendered((await node.chain.blockBytes(solid))!, visible),
      );
    }
  });

  it('serves getblockbylimitnext as printing the list of the blocks would, stored texts and renders alike', async () => {
    const head = node.head().number;
    const start = Math.max(0, everyType.number - 2);
    for (const visible of [false, true]) {
      const blocks = [];
      for (let n = start; n <= head; n++) blocks.push(blockJson((await node.chain.blockBytes(n))!, visible));
      const expected = Buffer.from(jsonText({ block: blocks }), 'utf8');
      const body = { startNum: start, endNum: head + 5, visible };
      expect(await served(node, '/wallet/getblockbylimitnext', body)).toEqual(expected);
    }
    expect(await served(node, '/wallet/getblockbylimitnext', { startNum: head + 1, endNum: head + 3 })).toEqual(
      Buffer.from('{"block":[]}\n'),
    );
  });

  it('renders a block written without its text (block 0) when first asked, then keeps the text beside it', async () => {
    const fresh = await startNode();
    try {
      const replies = new BlockReplies(fresh.chain);
      const bytes = (await fresh.chain.blockBytes(0))!;
      expect(await fresh.chain.blockText(0, BLOCK_TEXT_FORM.visible)).toBeUndefined();
      const first = await replies.reply(0, true);
      expect(first.text).toEqual(rendered(bytes, true));
      expect(Buffer.from((await fresh.chain.blockText(0, BLOCK_TEXT_FORM.visible))!)).toEqual(rendered(bytes, true));
      expect((await replies.reply(0, true)).text).toEqual(first.text);
      // Without transactions: rendered, never stored, answered again from memory.
      const header = await replies.reply(0, true, false);
      expect(header.text).toEqual(rendered(bytes, true, false));
      expect(await replies.reply(0, true, false)).toBe(header);
    } finally {
      await fresh.stop();
    }
  });

  it('answers {} for a block the chain does not have yet, and the block once it is made', async () => {
    const replies = new BlockReplies(node.chain);
    const next = node.head().number + 1;
    expect((await replies.reply(next, false)).text.toString()).toBe('{}\n');
    await node.mine(1);
    expect(JSON.parse((await replies.reply(next, false)).text.toString()).block_header.raw_data.number).toBe(next);
  });

  it('leaves no text of a block whose batch failed, and serves the block then written at that number', async () => {
    const alice = fundedKey(node, 0);
    const next = node.head().number + 1;
    const store = node.chain.store;
    const write = store.write.bind(store);
    store.write = () => Promise.reject(new Error('disk full'));
    try {
      await expect(commitForged(node, [transactionOf('TransferContract', 1)])).rejects.toThrow('disk full');
    } finally {
      store.write = write;
    }
    expect(await node.chain.blockText(next, BLOCK_TEXT_FORM.hex)).toBeUndefined();
    expect(await served(node, '/wallet/getblockbynum', { num: next })).toEqual(Buffer.from('{}\n'));
    await broadcast(node, makeTx(node, transfer(alice, newKey(), 5n), alice.key));
    const made = await node.mine(1);
    expect(made.number).toBe(next);
    const bytes = (await node.chain.blockBytes(next))!;
    const reply = await served(node, '/wallet/getblockbynum', { num: next });
    expect(reply).toEqual(rendered(bytes, false));
    expect(reply.toString()).toContain('"TransferContract"');
    expect(reply.toString()).toContain(`"blockID":"${made.id}"`);
  });
});

describe('block replies after a restart', () => {
  let datadir: string;

  beforeAll(async () => {
    datadir = await mkdtemp(join(tmpdir(), 'block-replies-'));
  });

  afterAll(async () => {
    await rm(datadir, { recursive: true, force: true });
  });

  it('serves the bytes it served before the restart, in both address forms', async () => {
    const first = await startNode({ datadir });
    let number: number;
    const before: Buffer[] = [];
    try {
      const alice = fundedKey(first, 0);
      for (const amount of [1n, 2n])
        await broadcast(first, makeTx(first, transfer(alice, newKey(), amount), alice.key));
      number = (await first.mine(1)).number;
      for (const visible of [false, true])
        before.push(await served(first, '/wallet/getblockbynum', { num: number, visible }));
    } finally {
      await first.stop();
    }
    const second = await startNode({ datadir });
    try {
      expect(Buffer.from((await second.chain.blockText(number, BLOCK_TEXT_FORM.hex))!)).toEqual(before[0]);
      // The visible=true text, rendered by the first request before the restart, was kept.
      expect(Buffer.from((await second.chain.blockText(number, BLOCK_TEXT_FORM.visible))!)).toEqual(before[1]);
      for (const [i, visible] of [false, true].entries())
        expect(await served(second, '/wallet/getblockbynum', { num: number, visible })).toEqual(before[i]);
      expect(before[0]!.toString()).toContain('"TransferContract"');
    } finally {
      await second.stop();
    }
  });
  it("serves a large block's text, rendered on the node's block-text thread, the same before and after a restart", async () => {
    const first = await startNode({ datadir });
    let block: SealedBlock;
    let before: Buffer;
    try {
      // About 100 kB of block: over the size from which the node renders off its own thread.
      const memo = Buffer.alloc(2_000, 0x61);
      const committed = await commitWatched(
        first,
        Array.from({ length: 50 }, (_, i) => transactionOf('TransferContract', i + 1, memo)),
      );
      block = committed.block;
      expect(block.bytes.length).toBeGreaterThan(64 * 1024);
      expect(committed.keys).not.toContain(textKeyHex(block.number, BLOCK_TEXT_FORM.hex));
      before = await served(first, '/wallet/getblockbynum', { num: block.number });
      expect(before).toEqual(rendered(block.bytes, false));
    } finally {
      await first.stop();
    }
    const second = await startNode({ datadir });
    try {
      // Stopping waited for the thread's render, so the text is stored beside the block.
      expect(Buffer.from((await second.chain.blockText(block.number, BLOCK_TEXT_FORM.hex))!)).toEqual(before);
      expect(await served(second, '/wallet/getblockbynum', { num: block.number })).toEqual(before);
    } finally {
      await second.stop();
    }
  });
});

describe('block replies rendered on the block-text thread', () => {
  let node: TronNode;

  beforeAll(async () => {
    node = await startNode();
  });

  afterAll(async () => {
    await node.stop();
  });

  const threadEntry = sourceWorkerEntry('../../../../src-main/node/http/block-text-worker.ts', import.meta.url)!;

  it("renders a large block's text there once the block is written, keeps it beside the block, and serves it", async () => {
    const thread = new BlockTextThread(threadEntry, () => undefined);
    const replies = new BlockReplies(node.chain, [true], { thread, minBlockBytes: 1 });
    try {
      const { block, keys } = await commitWatched(
        node,
        EVERY_TYPE.map((type, i) => transactionOf(type, i + 1)),
      );
      // Not in the block's own batch: the thread renders it after the write.
      expect(keys).not.toContain(textKeyHex(block.number, BLOCK_TEXT_FORM.visible));
      const expected = rendered(block.bytes, true);
      expect((await replies.reply(block.number, true)).text).toEqual(expected);
      await replies.close();
      expect(Buffer.from((await node.chain.blockText(block.number, BLOCK_TEXT_FORM.visible))!)).toEqual(expected);
    } finally {
      await replies.close();
      node.chain.blockTextRenderers.pop();
    }
  });

  it("renders blocks smaller than the threshold at commit, in the block's batch", async () => {
    const thread = new BlockTextThread(threadEntry, () => undefined);
    const replies = new BlockReplies(node.chain, [true], { thread, minBlockBytes: 1 << 30 });
    try {
      const { block, keys } = await commitWatched(node, [transactionOf('TransferContract', 3)]);
      expect(keys).toContain(textKeyHex(block.number, BLOCK_TEXT_FORM.visible));
      expect(thread.usable).toBe(true);
      expect((await replies.reply(block.number, true)).text).toEqual(rendered(block.bytes, true));
    } finally {
      await replies.close();
      node.chain.blockTextRenderers.pop();
    }
  });

  it('leaves the text to the first read when the thread fails, which renders and keeps it', async () => {
    const failing: OffThreadRenderer = {
      usable: true,
      render: () => Promise.reject(new Error('thread gone')),
      close: async () => undefined,
    };
    const replies = new BlockReplies(node.chain, [true], { thread: failing, minBlockBytes: 1 });
    try {
      const block = await commitForged(node, [transactionOf('TransferContract', 4)]);
      const expected = rendered(block.bytes, true);
      expect((await replies.reply(block.number, true)).text).toEqual(expected);
      expect(Buffer.from((await node.chain.blockText(block.number, BLOCK_TEXT_FORM.visible))!)).toEqual(expected);
    } finally {
      await replies.close();
      node.chain.blockTextRenderers.pop();
    }
  });

  it('hands the thread at most 8 blocks at once, leaving the next ones to their first read', async () => {
    const started: number[] = [];
    const release: (() => void)[] = [];
    const slow: OffThreadRenderer = {
      usable: true,
      render: (bytes, visible) => {
        started.push(bytes.length);
        return new Promise((resolve) => release.push(() => resolve(rendered(bytes, visible))));
      },
      close: async () => undefined,
    };
    const replies = new BlockReplies(node.chain, [true], { thread: slow, minBlockBytes: 1 });
    try {
      const blocks: SealedBlock[] = [];
      for (let i = 0; i < 10; i++) blocks.push(await commitForged(node, [transactionOf('TransferContract', 10 + i)]));
      expect(started).toHaveLength(8);
      for (const go of release) go();
      await replies.close();
      for (const [i, block] of blocks.entries()) {
        const stored = await node.chain.blockText(block.number, BLOCK_TEXT_FORM.visible);
        if (i < 8) expect(Buffer.from(stored!)).toEqual(rendered(block.bytes, true));
        else expect(stored).toBeUndefined();
        expect((await replies.reply(block.number, true)).text).toEqual(rendered(block.bytes, true));
      }
      expect(started).toHaveLength(8);
    } finally {
      node.chain.blockTextRenderers.pop();
    }
  });
});

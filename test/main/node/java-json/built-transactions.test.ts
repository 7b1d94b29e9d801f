import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TronNode } from '@main/node';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { parseJsonLossless, stringifyJson } from '@core/json/lossless';
import { signDigest } from '@core/keys/keys';
import { encodeBase58Check } from '@core/bytes/base58';
import { BLOCK_TEXT_FORM } from '../../../../src-main/node/chain/blocks';
import { blockJson } from '../../../../src-main/node/http/format';
import { jsonText } from '../../../../src-main/node/http/server';
import { transactionFromJson } from '../../../../src-main/node/java-json/tx-input';
import { BuiltTransactions } from '../../../../src-main/node/java-json/built-transactions';
import type { ParsedTransaction } from '../../../../src-main/node/model/tx';
import { call, fundedKey, startNode, type Key, type Reply } from '../helpers';
import { callData, deploy, word } from '../vm-host/helpers';

/**
 * A broadcast of the transaction triggersmartcontract printed, signed, is taken from what the node
 * remembers of it (built-transactions.ts), and the block that packs it reuses its printed
 * raw_data: both must answer exactly what parsing and rendering from scratch answer.
 */
describe('transactions built by triggersmartcontract, broadcast and packed', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;
  let token: string;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
    token = (await deploy(node, alice, 'Token', word(1_000_000n))).address;
  });
  afterAll(async () => node?.stop());

  /** The text triggersmartcontract answers for a transfer of `amount`, in the address form of `visible`. */
  async function built(amount: bigint, visible: boolean): Promise<string> {
    const body = {
      owner_address: alice.hex,
      contract_address: token,
      data: callData('transfer(address,uint256)', bob.hex, amount),
      fee_limit: 100_000_000,
    };
    const reply = await call(node, '/wallet/triggersmartcontract', visible ? toVisible(body) : body);
    return reply.text;
  }

  function toVisible(body: Record<string, unknown>): Record<string, unknown> {
    const base58 = (hex: unknown) => encodeBase58Check(hexToBytes(hex as string));
    return {
      ...body,
      owner_address: base58(body.owner_address),
      contract_address: base58(body.contract_address),
      visible: true,
    };
  }

  /** `{...transaction, signature}` as a wallet sends it back: parsed, signed, printed again. */
  function signedText(replyText: string, extra: (tx: Reply) => Reply = (tx) => tx): string {
    const tx = (parseJsonLossless(replyText) as Reply).transaction as Reply;
    const signature = bytesToHex(signDigest(hexToBytes(tx.txID as string), alice.key));
    return stringifyJson(extra({ ...tx, signature: [signature] }));
  }

  const facts = (tx: ParsedTransaction) => ({
    id: tx.idHex,
    raw: bytesToHex(tx.rawBytes),
    bytes: bytesToHex(tx.bytes),
    signatures: tx.signatures.map(bytesToHex),
    contract: tx.contract?.typeName,
    expiration: tx.expiration,
    memo: bytesToHex(tx.memo),
    signers: tx.signers,
  });

  it.each([false, true])(
    'answers triggersmartcontract with the text printing its reply object gives, and remembers its raw_data as a wallet sends it back (visible %s)',
    async (visible) => {
      const text = await built(1n, visible);
      expect(text).toBe(jsonText(parseJsonLossless(text)));
      const reply = parseJsonLossless(text) as Reply;
      expect(reply.result).toEqual({ result: true });
      const rawText = stringifyJson(reply.transaction.raw_data);
      const txId = reply.transaction.txID as string;
      expect(node.built.take(!visible, txId, rawText)).toBeUndefined();
      expect(node.built.take(visible, txId, `${rawText} `)).toBeUndefined();
      expect(node.built.take(visible, txId, rawText)?.idHex).toBe(txId);
    },
  );

  it.each([false, true])(
    'parses a signed built transaction as parsing its JSON from scratch does (visible %s)',
    async (visible) => {
      const text = signedText(await built(2n, visible));
      const remembered = transactionFromJson(text, visible, node.built);
      // The first parse took the remembered transaction; the second parses the text.
      const fromScratch = transactionFromJson(text, visible, node.built);
      expect(facts(remembered)).toEqual(facts(fromScratch));
      expect(remembered.idHex).toBe((parseJsonLossless(text) as Reply).txID);
      expect(remembered.signatures).toHaveLength(1);
    },
  );

  it('parses what was sent, not what was built, when the raw_data differs from the printed one', async () => {
    const text = signedText(await built(3n, false), (tx) => ({
      ...tx,
      raw_data: { ...(tx.raw_data as Reply), fee_limit: 99_000_000 },
    }));
    const sent = transactionFromJson(text, false, node.built);
    expect(sent.idHex).not.toBe((parseJsonLossless(text) as Reply).txID);
    expect(facts(sent)).toEqual(facts(transactionFromJson(text, false)));
  });

  it('parses a text with raw_data twice as from scratch, the printed one among them', async () => {
    const text = signedText(await built(4n, false));
    const twice = text.replace('"raw_data":', '"raw_data":{},"raw_data":');
    const first = transactionFromJson(twice, false, node.built);
    expect(facts(first)).toEqual(facts(transactionFromJson(twice, false)));
    // The printed raw_data is still remembered: this text takes it.
    const take = vi.spyOn(node.built, 'take');
    try {
      expect(facts(transactionFromJson(text, false, node.built))).toEqual(facts(transactionFromJson(text, false)));
      expect(take).toHaveBeenCalledTimes(1);
      expect(take.mock.results[0]!.value).toBeDefined();
    } finally {
      take.mockRestore();
    }
  });

  it('refuses a built transaction whose signature is not hex as from scratch (the NullPointerException)', async () => {
    const text = signedText(await built(5n, false)).replace(/"signature":\["[0-9a-f]+"\]/, '"signature":["zz"]');
    const refusal = (): unknown => {
      try {
        return transactionFromJson(text, false, node.built);
      } catch (error) {
        return error;
      }
    };
    const first = refusal();
    expect(first).toBeInstanceOf(Error);
    expect(first).toEqual(refusal());
  });

  it('packs broadcast built transactions into a block whose stored text is the block rendered from scratch', async () => {
    const ids: string[] = [];
    for (const [i, visible] of [false, true, false].entries()) {
      const text = signedText(await built(10n + BigInt(i), visible));
      const reply = await call(node, '/wallet/broadcasttransaction', text);
      expect(reply.json.result).toBe(true);
      ids.push(reply.json.txid as string);
    }
    await node.mine(1);
    const number = node.head().number;
    const bytes = (await node.chain.blockBytes(number))!;
    const stored = await node.chain.blockText(number, BLOCK_TEXT_FORM.hex);
    expect(Buffer.from(stored!)).toEqual(Buffer.from(jsonText(blockJson(bytes, false)), 'utf8'));
    const served = await call(node, '/wallet/getblockbynum', { num: number });
    expect((served.json.transactions as Reply[]).map((tx) => tx.txID)).toEqual(ids);
    for (const id of ids) {
      const info = await call(node, '/wallet/gettransactioninfobyid', { value: id });
      expect(info.json.receipt.result).toBe('SUCCESS');
    }
  });
});

describe('the remembered built transactions', () => {
  const fake = (n: number): ParsedTransaction =>
    ({ rawBytes: Uint8Array.of(n), idHex: `id${n}` }) as unknown as ParsedTransaction;

  it('gives each remembered transaction once, only for its own address form and text', () => {
    const built = new BuiltTransactions();
    const tx = fake(1);
    expect(built.any(false)).toBe(false);
    built.remember(false, '{"contract":[]}', tx);
    expect(built.any(false)).toBe(true);
    expect(built.any(true)).toBe(false);
    expect(built.take(true, 'id1', '{"contract":[]}')).toBeUndefined();
    expect(built.take(false, 'id1', '{"contract": []}')).toBeUndefined();
    expect(built.take(false, 'id2', '{"contract":[]}')).toBeUndefined();
    expect(built.take(false, 'id1', '{"contract":[]}')).toBe(tx);
    expect(built.take(false, 'id1', '{"contract":[]}')).toBeUndefined();
    expect(built.any(false)).toBe(false);
  });

  it('forgets the oldest first once it holds 1024 of a form', () => {
    const built = new BuiltTransactions();
    for (let i = 0; i <= 1024; i++) built.remember(false, `{"n":${i}}`, fake(i));
    expect(built.take(false, 'id0', '{"n":0}')).toBeUndefined();
    expect(built.take(false, 'id1', '{"n":1}')).toBeDefined();
    expect(built.take(false, 'id1024', '{"n":1024}')).toBeDefined();
  });

  it('keeps what one node printed to that node', () => {
    const one = new BuiltTransactions();
    const other = new BuiltTransactions();
    one.remember(false, '{"n":1}', fake(1));
    expect(other.any(false)).toBe(false);
    expect(other.take(false, 'id1', '{"n":1}')).toBeUndefined();
    expect(one.take(false, 'id1', '{"n":1}')).toBeDefined();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNode, type TronNode } from '../../../src-main/node';
import type { CreateNodeOptions } from '../../../src-main/node/node';
import type { NodeConfigInput } from '../../../src-main/node/config';
import * as b from '../../../src-core/tx/builders';
import { buildTransaction, type ContractSpec } from '../../../src-core/tx/builders';
import { transactionHeader, type TransactionHeader } from '../../../src-core/tx/header';
import { addressFromPrivateKey, privateKeyFromHex, randomPrivateKey, signDigest } from '../../../src-core/keys/keys';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { rawDataFromMessage, rawDataToMessage, transactionFromRawData } from '../../../src-core/tx/codec';
import type { RawDataJson, TransactionJson } from '../../../src-core/tx/types';
import { parseJsonLossless, stringifyJson } from '../../../src-core/json/lossless';
import { PREFIX, Store } from '../../../src-main/node/store/store';
import { CONTRACT_RECORD_CODECS } from '../../../src-main/node/vm-host/contract-records';
import type { AccountRecord } from '../../../src-main/node/state/account';
import { decodeAccount } from '../../../src-main/node/state/account';

/** Test helpers: a manual-mining node, keys, transactions signed with chosen keys, raw HTTP. */
export { b };

/** A JSON reply, inspected field by field in assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are free-form JSON
export type Reply = Record<string, any>;

export async function startNode(config: NodeConfigInput = {}, options: CreateNodeOptions = {}): Promise<TronNode> {
  return createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 1, ...config }, options);
}

export interface Key {
  readonly key: Uint8Array;
  readonly hex: string;
}

export function newKey(): Key {
  const key = randomPrivateKey();
  return { key, hex: addressFromPrivateKey(key) };
}

export function fundedKey(node: TronNode, index: number): Key {
  const a = node.accounts[index]!;
  return { key: privateKeyFromHex(a.privateKey), hex: a.hex };
}

export function headerOf(node: TronNode, expirationMs = 60_000): TransactionHeader {
  const head = node.head();
  return transactionHeader({
    refBlock: { number: BigInt(head.number), blockId: head.id },
    headTimestamp: head.timestamp,
    expirationMs,
  });
}

export function sign(tx: TransactionJson, ...keys: Uint8Array[]): TransactionJson {
  return { ...tx, signature: keys.map((k) => bytesToHex(signDigest(hexToBytes(tx.txID), k))) };
}

export interface TxOptions {
  readonly signers?: readonly Uint8Array[];
  readonly permissionId?: number;
  readonly memo?: string;
  readonly header?: Partial<TransactionHeader>;
  readonly raw?: (raw: RawDataJson) => RawDataJson;
}

/** Builds `spec` on the node's head, lets `raw` alter raw_data, then signs with `signers`. */
export function makeTx(
  node: TronNode,
  spec: ContractSpec,
  signer: Uint8Array,
  options: TxOptions = {},
): TransactionJson {
  const header = { ...headerOf(node), ...options.header };
  let tx = buildTransaction(spec, { header, permissionId: options.permissionId, memo: options.memo });
  if (options.raw) tx = transactionFromRawData(options.raw(structuredClone(tx.raw_data)));
  return sign(tx, ...(options.signers ?? [signer]));
}

export async function call(
  node: TronNode,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<{ status: number; text: string; json: Reply }> {
  const response = await fetch(node.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : typeof body === 'string' ? body : stringifyJson(body),
    ...init,
  });
  const text = await response.text();
  let json: Reply;
  try {
    json = text.trim() ? (parseJsonLossless(text) as Reply) : {};
  } catch {
    json = { unparsable: text };
  }
  return { status: response.status, text, json };
}

/** The same transaction JSON with Base58Check addresses (and UTF-8 names), as a client sends it with `visible: true`. */
export function visibleForm(tx: TransactionJson): TransactionJson {
  const raw = rawDataFromMessage(rawDataToMessage(tx.raw_data), { visible: true });
  return { ...tx, raw_data: raw, visible: true } as TransactionJson;
}

/** Broadcasts `tx`; with `visible` (the default) in its Base58Check form, so refusals come back as text. */
export async function broadcast(node: TronNode, tx: TransactionJson, visible = true): Promise<Reply> {
  return (await call(node, '/wallet/broadcasttransaction', visible ? visibleForm(tx) : tx)).json;
}

export function transfer(from: Key | string, to: Key | string, amount: bigint): ContractSpec {
  const hex = (k: Key | string): string => (typeof k === 'string' ? k : k.hex);
  return b.transferContract({ owner: hex(from), to: hex(to), amount });
}

/** LevelDB prefixes of the state: accounts, names, witnesses, keyed records, contract records (store/store.ts). */
const STATE_PREFIXES = [
  PREFIX.account,
  PREFIX.accountName,
  PREFIX.witness,
  PREFIX.record,
  ...[...CONTRACT_RECORD_CODECS.values()].map((codec) => codec.prefix),
];

/** Every state entry the node's LevelDB holds, as hex key → hex value pairs in key order. */
export async function storedState(node: TronNode): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const prefix of STATE_PREFIXES)
    for await (const [k, v] of node.chain.store.scan(Uint8Array.of(prefix))) out.push([bytesToHex(k), bytesToHex(v)]);
  return out;
}

/** Every account the node's LevelDB holds. */
export async function storedAccounts(node: TronNode): Promise<AccountRecord[]> {
  const out: AccountRecord[] = [];
  for await (const [, v] of node.chain.store.scan(Uint8Array.of(PREFIX.account))) out.push(decodeAccount(v));
  return out;
}

/** An open Store in a fresh temporary directory; `dispose` closes it and removes the directory. */
export async function tempStore(): Promise<{ store: Store; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'node-store-'));
  const store = new Store(dir);
  await store.open();
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The class java-tron prints before a JsonFormat.merge refusal. */
export const JSON_FORMAT_PARSE = 'class org.tron.core.services.http.JsonFormat$ParseException : ';

/** JsonFormat's "Couldn't parse integer" refusal of the token `value` in the one-line body `text`. */
export function integerParseError(text: string, value: string, what: string): { Error: string } {
  return { Error: `${JSON_FORMAT_PARSE}1:${text.indexOf(value) + 1}: Couldn't parse integer: ${what}` };
}

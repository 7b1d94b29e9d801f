import { keccak_256 } from '@noble/hashes/sha3.js';
import type { TronNode } from '@main/node';
import { bytesToHex } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import * as b from '@core/tx/builders';
import { buildTransaction, type ContractSpec } from '@core/tx/builders';
import type { TransactionJson } from '@core/tx/types';
import { loadArtifacts, type Artifact } from '../../../fixtures/contracts/compile';
import { broadcast, call, headerOf, sign, type Key, type Reply } from '../helpers';

/** Contract helpers for node tests: deploy fixtures, trigger, read TransactionInfo, seed stake. */
export const artifacts: Record<string, Artifact> = loadArtifacts();
export const TRX = 1_000_000n;

export function word(value: bigint | string): string {
  if (typeof value === 'string') return value.replace(/^41/, '').padStart(64, '0');
  return BigInt.asUintN(256, value).toString(16).padStart(64, '0');
}

export function selector(signature: string): string {
  return bytesToHex(keccak_256(utf8ToBytes(signature)).subarray(0, 4));
}

export function callData(signature: string, ...args: (bigint | string)[]): string {
  return selector(signature) + args.map(word).join('');
}

/** ABI data of `f(string)`. */
export function stringCall(signature: string, text: string): string {
  const bytes = bytesToHex(utf8ToBytes(text));
  return (
    selector(signature) +
    word(32n) +
    word(BigInt(utf8ToBytes(text).length)) +
    bytes.padEnd(Math.ceil(bytes.length / 64) * 64 || 64, '0')
  );
}

export function contractTx(node: TronNode, spec: ContractSpec, key: Key, feeLimit: bigint): TransactionJson {
  return sign(buildTransaction(spec, { header: headerOf(node), feeLimit, maxFeeLimit: 2n ** 62n }), key.key);
}

export interface Deployed {
  readonly txId: string;
  readonly address: string;
}

export interface DeployOptions {
  readonly feeLimit?: bigint;
  readonly percent?: number;
  readonly originEnergyLimit?: bigint;
  readonly callValue?: bigint;
  readonly name?: string;
}

/** Broadcasts a CreateSmartContract of a fixture (constructor words appended) and mines it. */
export async function deploy(
  node: TronNode,
  key: Key,
  name: string,
  args = '',
  options: DeployOptions = {},
): Promise<Deployed> {
  const artifact = artifacts[name]!;
  const spec = b.createSmartContract({
    owner: key.hex,
    abi: artifact.abi as Record<string, unknown>[],
    bytecode: artifact.bytecode + args,
    name: options.name ?? name,
    consumeUserResourcePercent: options.percent ?? 100,
    originEnergyLimit: options.originEnergyLimit ?? 10_000_000n,
    callValue: options.callValue,
  });
  const tx = contractTx(node, spec, key, options.feeLimit ?? 1_000n * TRX);
  const reply = await broadcast(node, tx);
  if (reply.result !== true) throw new Error(`deploy refused: ${JSON.stringify(reply)}`);
  await node.mine(1);
  return { txId: tx.txID, address: tx.contract_address! };
}

/** Broadcasts a TriggerSmartContract; returns the broadcast reply and the tx (not mined). */
export async function trigger(
  node: TronNode,
  key: Key,
  contract: string,
  data: string,
  options: { feeLimit?: bigint; callValue?: bigint } = {},
): Promise<{ tx: TransactionJson; reply: Reply }> {
  const tx = contractTx(
    node,
    b.triggerSmartContract({ owner: key.hex, contract, data, callValue: options.callValue }),
    key,
    options.feeLimit ?? 100n * TRX,
  );
  return { tx, reply: await broadcast(node, tx) };
}

export async function info(node: TronNode, txId: string): Promise<Reply> {
  return (await call(node, '/wallet/gettransactioninfobyid', { value: txId })).json;
}

export async function balance(node: TronNode, hex: string): Promise<bigint> {
  const account = (await call(node, '/wallet/getaccount', { address: hex })).json;
  return BigInt(account.balance ?? 0);
}

export async function constant(node: TronNode, owner: string, contract: string, data: string): Promise<Reply> {
  return (
    await call(node, '/wallet/triggerconstantcontract', { owner_address: owner, contract_address: contract, data })
  ).json;
}

/** Freezes `sun` of `key`'s TRX for ENERGY (FreezeBalanceV2) and mines it. */
export async function freezeEnergy(node: TronNode, key: Key, sun: bigint): Promise<void> {
  const tx = sign(
    buildTransaction(b.freezeBalanceV2Contract({ owner: key.hex, amount: sun, resource: 'ENERGY' }), {
      header: headerOf(node),
    }),
    key.key,
  );
  const reply = await broadcast(node, tx);
  if (reply.result !== true) throw new Error(`freeze refused: ${JSON.stringify(reply)}`);
  await node.mine(1);
}

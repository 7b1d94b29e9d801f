import { expect } from 'vitest';
import type { TronNode } from '@main/node';
import type { ContractSpec } from '@core/tx/builders';
import type { TransactionJson } from '@core/tx/types';
import { b, broadcast, call, fundedKey, makeTx, type Key, type Reply } from '../helpers';

/** Helpers for the staking, vote, reward and TRC-10 tests. */
export const TRX = 1_000_000n;
export const VALIDATE = 'class org.tron.core.exception.ContractValidateException : ';

/** Broadcasts `spec` signed by `key` (hex JSON) and expects it to be accepted. */
export async function send(node: TronNode, spec: ContractSpec, key: Key): Promise<TransactionJson> {
  const tx = makeTx(node, spec, key.key);
  // Hex JSON: with visible=true the text fields (url, name…) would be read as UTF-8.
  expect(await broadcast(node, tx, false)).toMatchObject({ result: true });
  return tx;
}

/** POSTs a builder body and returns the JSON reply. */
export async function build(node: TronNode, path: string, body: Record<string, unknown>): Promise<Reply> {
  return (await call(node, `/wallet/${path}`, body)).json;
}

/** The builder refuses with java-tron's ContractValidateException text. */
export async function expectRefused(
  node: TronNode,
  path: string,
  body: Record<string, unknown>,
  message: string,
): Promise<void> {
  expect(await build(node, path, body)).toEqual({ Error: VALIDATE + message });
}

export async function account(node: TronNode, hex: string, visible = false): Promise<Reply> {
  return (await call(node, '/wallet/getaccount', { address: hex, visible })).json;
}

export async function resources(node: TronNode, hex: string): Promise<Reply> {
  return (await call(node, '/wallet/getaccountresource', { address: hex })).json;
}

export async function info(node: TronNode, txID: string): Promise<Reply> {
  return (await call(node, '/wallet/gettransactioninfobyid', { value: txID })).json;
}

export async function balanceOf(node: TronNode, hex: string): Promise<bigint> {
  return node.pool.view.getAccount(hex)?.balance ?? 0n;
}

/** Moves chain time forward and produces one block at the new time. */
export async function advance(node: TronNode, seconds: number): Promise<void> {
  node.advanceTime(seconds);
  await node.mine(1);
}

export { b, call, fundedKey, makeTx, broadcast };

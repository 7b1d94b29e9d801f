import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import { WalletError } from '../../../src-core/errors';
import { trc10Asset, trc20Asset, trxAsset, type BalanceChange } from '../../../src-core/policy';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { DryRunner } from '../node-host/chain-access';
import { jsonObject, wholeNumber } from './node-json';

/**
 * The balance changes a transaction would make, in the policy's asset keys, so a TRC-20
 * transferFrom, a swap or an internal call counts as outflow (src-core/policy/input.ts). The
 * embedded node's dry run executes the exact transaction (signature check skipped: a co-signed
 * envelope is not complete yet); a remote node runs a contract call as a constant call, whose
 * Transfer logs give the TRC-20 movements. Fees are taken back out of the owner's TRX change: a fee
 * is no payment. A run that fails gives no changes, and the transaction's stated payment still
 * counts.
 */
export interface SimulationSource {
  readonly dryRun: DryRunner | null;
  readonly client: TronNodeClient | null;
}

/** keccak256("Transfer(address,address,uint256)"), the ERC-20/TRC-20 Transfer event's topic 0. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export async function simulatedChanges(
  source: SimulationSource,
  transaction: TransactionJson,
): Promise<BalanceChange[]> {
  const contract = transaction.raw_data.contract[0];
  const value = jsonObject(contract?.parameter.value);
  const owner = typeof value.owner_address === 'string' ? toBase58Address(value.owner_address) : undefined;
  if (!owner) return [];
  if (source.dryRun)
    return fromDryRun(await source.dryRun(transaction, { skipSignatureCheck: true, state: 'pending' }), owner);
  if (contract?.type === 'TriggerSmartContract' && source.client && typeof value.contract_address === 'string') {
    try {
      const result = await source.client.triggerConstantContract({
        owner_address: toHexAddress(owner),
        contract_address: toHexAddress(value.contract_address),
        data: typeof value.data === 'string' ? value.data : '',
        ...(wholeNumber(value.call_value, true) > 0n ? { call_value: wholeNumber(value.call_value, true) } : {}),
      });
      if (result.reverted) return [];
      return transferLogs(result.logs);
    } catch (error) {
      if (error instanceof WalletError) return [];
      throw error;
    }
  }
  return [];
}

function fromDryRun(raw: unknown, owner: string): BalanceChange[] {
  const result = jsonObject(raw);
  if (result.accepted !== true) return [];
  const success = String(result.contractRet ?? 'SUCCESS').toUpperCase() === 'SUCCESS';
  const fee = wholeNumber(result.fee, true);
  const changes: BalanceChange[] = [];
  for (const entry of Array.isArray(result.balanceChanges) ? result.balanceChanges : []) {
    const change = jsonObject(entry);
    if (typeof change.address !== 'string') continue;
    const address = toBase58Address(change.address);
    const trx = wholeNumber(change.trx, true) + (address === owner ? fee : 0n);
    if (trx !== 0n) changes.push({ address, asset: trxAsset(), delta: trx });
    for (const [tokenId, delta] of Object.entries(jsonObject(change.tokens))) {
      if (wholeNumber(delta, true) !== 0n)
        changes.push({ address, asset: trc10Asset(tokenId), delta: wholeNumber(delta, true) });
    }
  }
  const logs = jsonObject(result.transactionInfo).log;
  return success ? [...changes, ...transferLogs(Array.isArray(logs) ? logs : [])] : changes;
}

/** TRC-20 movements from Transfer logs: topics 1 and 2 are the 32-byte from and to, data the amount. */
function transferLogs(logs: readonly unknown[]): BalanceChange[] {
  const out: BalanceChange[] = [];
  for (const entry of logs) {
    const log = jsonObject(entry);
    const topics = Array.isArray(log.topics) ? log.topics.map((t) => String(t).replace(/^0x/, '').toLowerCase()) : [];
    const data = String(log.data ?? '').replace(/^0x/, '');
    if (topics[0] !== TRANSFER_TOPIC || topics.length !== 3 || !/^[0-9a-fA-F]{64}$/.test(data)) continue;
    let token: string, from: string, to: string;
    try {
      token = trc20Asset(evmAddress(String(log.address ?? '')));
      from = evmAddress(topics[1]!.slice(24));
      to = evmAddress(topics[2]!.slice(24));
    } catch {
      continue;
    }
    const amount = BigInt(`0x${data}`);
    out.push({ address: from, asset: token, delta: -amount }, { address: to, asset: token, delta: amount });
  }
  return out;
}

/** A log's 20-byte EVM address (or java-tron's 41-prefixed one) as Base58. */
function evmAddress(hex: string): string {
  const clean = hex.replace(/^0x/, '');
  return toBase58Address(clean.length === 40 ? `41${clean}` : clean);
}

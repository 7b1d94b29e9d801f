import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import { decodeFunctionResult, encodeFunctionData } from '../../../src-core/abi/calldata';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { bytesToUtf8 } from '../../../src-core/bytes/utf8';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { Account, AccountResource } from '../../../src-core/client/types';
import { NetworkError, ValidationError, WalletError } from '../../../src-core/errors';
import type { BandwidthAccount, EnergyAccount } from '../../../src-core/fee';
import { accountPermissionsFromAccountJson, type AccountPermissions } from '../../../src-core/permission/model';

/**
 * Reads the transaction service makes through the node client: the owner's account, resources
 * and permissions, contracts and token facts (TRC20 facts cached per network). Chain parameters
 * come from the node host (`ChainAccess.chainParameters`).
 */

/** msg.sender of anonymous constant calls; some nodes refuse an empty owner_address. */
export const ZERO_ADDRESS_HEX = '410000000000000000000000000000000000000000';

/** A TRC20 token's symbol and decimals by its Base58 address, or null when the node cannot tell. */
export type TokenSource = (base58Address: string) => Promise<{ symbol: string; decimals: number } | null>;

/**
 * What planning a transaction request reads from the chain. transactions/requests.ts plans with the
 * same shape (its `PlanReads`, matched structurally), declared here so the chain reads need not
 * import the planning that sits above them.
 */
export interface PlanReads {
  /** The contract's ABI entries on chain (empty when cleared), or null when no contract exists there. */
  contractAbi(address: string): Promise<Record<string, unknown>[] | null>;
  /** TRC20 symbol and decimals (constant calls). */
  trc20(address: string): Promise<{ symbol: string; decimals: number }>;
  /** TRC10 abbreviation and precision. */
  trc10(tokenId: string): Promise<{ abbr: string; precision: number } | null>;
}

export interface OwnerState {
  readonly account: Account | null;
  readonly resource: AccountResource | null;
  /** null while the account does not exist (java-tron's defaults apply). */
  readonly permissions: AccountPermissions | null;
  readonly resources: BandwidthAccount & EnergyAccount;
}

export class ChainReads {
  private readonly trc20Cache = new Map<string, { symbol: string; name: string; decimals: number }>();

  /** The network changed: forget everything read from the previous one. */
  reset(): void {
    this.trc20Cache.clear();
  }

  async owner(client: TronNodeClient, address: string): Promise<OwnerState> {
    const [account, resource] = await Promise.all([client.getAccount(address), client.getAccountResource(address)]);
    const permissions = account ? accountPermissionsFromAccountJson(account.raw) : null;
    return { account, resource, permissions, resources: resourcesOf(resource) };
  }

  async exists(client: TronNodeClient, address: string): Promise<boolean> {
    return (await client.getAccount(address)) !== null;
  }

  planReads(client: TronNodeClient): PlanReads {
    return {
      contractAbi: async (address) => {
        try {
          const contract = await client.getContract(address);
          return contract ? contract.abi.entrys.map((entry) => ({ ...entry })) : null;
        } catch (error) {
          // A node without contract endpoints: no ABI to read; a full signature still works.
          if (error instanceof NetworkError && (error.details?.status === 404 || error.details?.status === 405))
            return [];
          throw error;
        }
      },
      trc20: async (address) => this.trc20(client, address),
      trc10: async (tokenId) => {
        const asset = await client.getAssetIssueById(tokenId).catch(() => null);
        return asset ? { abbr: asset.abbr || asset.name, precision: asset.precision } : null;
      },
    };
  }

  /** name(), symbol() and decimals() of a TRC20 contract, by constant calls. */
  async trc20(client: TronNodeClient, address: string): Promise<{ symbol: string; name: string; decimals: number }> {
    const key = toHexAddress(address);
    const cached = this.trc20Cache.get(key);
    if (cached) return cached;
    const contract = await client.getContract(address);
    if (!contract)
      throw new ValidationError(
        'TOKEN_NOT_A_CONTRACT',
        `There is no contract at ${toBase58Address(address)} on this network.`,
        { field: 'token' },
      );
    const decimalsRaw = await constantValue(client, key, 'decimals()', 'uint8');
    const decimals = Number(decimalsRaw);
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
      throw new ValidationError(
        'TOKEN_BAD_DECIMALS',
        `The contract at ${toBase58Address(address)} does not answer decimals() like a TRC20 token.`,
        { field: 'token' },
      );
    }
    const symbol = await textValue(client, key, 'symbol()').catch(() => '');
    const name = await textValue(client, key, 'name()').catch(() => '');
    const info = { symbol: symbol || 'tokens', name: name || contract.name || symbol, decimals };
    this.trc20Cache.set(key, info);
    return info;
  }

  /** `trc20` for decoded events: null where the contract does not answer like a token. */
  tokenSource(client: TronNodeClient): TokenSource {
    return async (address) => {
      try {
        const token = await this.trc20(client, address);
        return { symbol: token.symbol, decimals: token.decimals };
      } catch (error) {
        if (error instanceof WalletError) return null;
        throw error;
      }
    };
  }

  async trc20Balance(client: TronNodeClient, token: string, holder: string): Promise<bigint> {
    const data = encodeFunctionData('balanceOf(address)', [toHexAddress(holder)]);
    const result = await client.triggerConstantContract({
      owner_address: ZERO_ADDRESS_HEX,
      contract_address: toHexAddress(token),
      data,
    });
    if (result.reverted) throw new ValidationError('TOKEN_CALL_REVERTED', 'balanceOf() reverted.');
    const [value] = decodeFunctionResult(withOutputs('balanceOf(address)', 'uint256'), result.constant_result[0] ?? '');
    return value as bigint;
  }
}

/** What the fee rules need of getaccountresource's answer (nothing for an account the node does not know). */
export function resourcesOf(resource: AccountResource | null): BandwidthAccount & EnergyAccount {
  return resource
    ? {
        netLimit: BigInt(resource.NetLimit),
        netUsed: BigInt(resource.NetUsed),
        freeNetLimit: BigInt(resource.freeNetLimit),
        freeNetUsed: BigInt(resource.freeNetUsed),
        energyLimit: BigInt(resource.EnergyLimit),
        energyUsed: BigInt(resource.EnergyUsed),
      }
    : {};
}

async function constantValue(
  client: TronNodeClient,
  contract: string,
  signature: string,
  type: string,
): Promise<unknown> {
  const result = await client.triggerConstantContract({
    owner_address: ZERO_ADDRESS_HEX,
    contract_address: contract,
    data: encodeFunctionData(signature, []),
  });
  if (result.reverted || !result.constant_result[0])
    throw new ValidationError('TOKEN_CALL_REVERTED', `${signature} did not answer.`);
  const [value] = decodeFunctionResult(withOutputs(signature, type), result.constant_result[0]);
  return value;
}

function withOutputs(signature: string, type: string): string {
  // A signature with outputs, for decodeFunctionResult: "function decimals() returns (uint8)".
  return `function ${signature} returns (${type})`;
}

/** string() with a fallback to bytes32, which some early tokens return for name and symbol. */
async function textValue(client: TronNodeClient, contract: string, signature: string): Promise<string> {
  const result = await client.triggerConstantContract({
    owner_address: ZERO_ADDRESS_HEX,
    contract_address: contract,
    data: encodeFunctionData(signature, []),
  });
  const data = result.constant_result[0] ?? '';
  if (result.reverted || data === '') throw new ValidationError('TOKEN_CALL_REVERTED', `${signature} did not answer.`);
  try {
    const [text] = decodeFunctionResult(withOutputs(signature, 'string'), data);
    return String(text);
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    const bytes = hexToBytes(data.slice(0, 64));
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    return bytesToUtf8(bytes.subarray(0, end));
  }
}

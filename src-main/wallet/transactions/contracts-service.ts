import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import { decodeFunctionResult, encodeFunctionData } from '../../../src-core/abi/calldata';
import { findFunction, parseAbi, type Abi } from '../../../src-core/abi/fragments';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { CallResultView, ContractView } from '../../../src-core/ipc/channels/contracts';
import type { DecodedLog } from '../../../src-core/ipc/channels/tx';
import { AbiError, ValidationError, WalletError } from '../../../src-core/errors';
import { checkAbiTextLength, formatAbiValue, paramView, parseAbiText } from './abi-text';
import type { ChainAccess } from '../node-host/chain-access';
import { ZERO_ADDRESS_HEX } from '../chain-knowledge/chain-reads';
import { contractsUnavailable, revertReasonOf } from './energy';
import { decodeLogs, logAddress } from './logs';

/** What the contracts service needs from the node host. */
export type ContractsChain = Pick<ChainAccess, 'requireClient'>;

/**
 * Contracts on the current network: load by address (ABI from the chain, or pasted when it was
 * cleared), constant calls of view functions with decoded results, and a transaction's events
 * decoded with the contract's ABI. Reads only.
 */
export class ContractsService {
  constructor(private readonly chain: ContractsChain) {}

  private client(): TronNodeClient {
    return this.chain.requireClient();
  }

  private async abiFor(
    client: TronNodeClient,
    address: string,
    pasted: string | undefined,
  ): Promise<{
    abi: Abi | null;
    entries: Record<string, unknown>[];
    source: ContractView['abiSource'];
    contract: Awaited<ReturnType<TronNodeClient['getContract']>>;
  }> {
    const contract = await client.getContract(address);
    if (pasted !== undefined) {
      const parsed = parseAbiText(pasted);
      return { abi: parsed.abi, entries: parsed.entries, source: 'pasted', contract };
    }
    const entries = contract ? contract.abi.entrys.map((e) => ({ ...e })) : [];
    if (entries.length === 0) return { abi: null, entries, source: 'none', contract };
    checkAbiTextLength(JSON.stringify(entries).length, 'The ABI stored with this contract');
    try {
      return { abi: parseAbi(entries), entries, source: 'chain', contract };
    } catch (error) {
      if (error instanceof AbiError)
        throw new ValidationError(
          'TX_ABI_INVALID',
          `The ABI stored with this contract cannot be read (${error.message}); paste a correct one.`,
          { field: 'abi' },
        );
      throw error;
    }
  }

  async load(input: { address: string; abi?: string }): Promise<ContractView> {
    const client = this.client();
    const { abi, entries, source, contract } = await this.abiFor(client, input.address, input.abi);
    let energyFactor: bigint | null = null;
    if (contract) {
      try {
        const info = await client.getContractInfo(input.address);
        energyFactor = info ? BigInt(info.contract_state.energy_factor) : null;
      } catch (error) {
        if (!(error instanceof WalletError)) throw error;
      }
    }
    return {
      address: toBase58Address(input.address),
      exists: contract !== null,
      name: contract?.name ?? '',
      origin: contract?.origin_address ? toBase58Address(contract.origin_address) : null,
      abiSource: source,
      functions: (abi?.functions ?? []).map((f) => ({
        name: f.name,
        signature: f.signature,
        selector: f.selector,
        stateMutability: f.stateMutability,
        inputs: f.inputs.map(paramView),
        outputs: f.outputs.map(paramView),
      })),
      events: (abi?.events ?? []).map((e) => ({
        name: e.name,
        signature: e.signature,
        topic: e.topic,
        inputs: e.inputs.map((p) => ({ ...paramView(p), indexed: p.indexed === true })),
      })),
      constructorInputs: (abi?.constructorFragment?.inputs ?? []).map(paramView),
      consumeUserResourcePercent: contract ? contract.consume_user_resource_percent : null,
      originEnergyLimit: contract ? BigInt(contract.origin_energy_limit) : null,
      energyFactor,
      abiJson: JSON.stringify(entries),
    };
  }

  async call(input: {
    address: string;
    function: string;
    args: unknown[];
    abi?: string;
    owner?: string;
  }): Promise<CallResultView> {
    const client = this.client();
    const { abi, entries, contract } = await this.abiFor(client, input.address, input.abi);
    if (!contract)
      throw new ValidationError(
        'TX_NO_CONTRACT',
        `There is no contract at ${toBase58Address(input.address)} on this network.`,
        { field: 'address' },
      );
    let fragment;
    let data: string;
    try {
      fragment = abi
        ? findFunction(abi, input.function)
        : findFunction(parseAbi([`function ${input.function.replace(/^\s*function\s+/, '')}`]), input.function);
      data = encodeFunctionData(fragment, input.args);
    } catch (error) {
      if (error instanceof AbiError)
        throw new ValidationError('TX_BAD_ARGUMENTS', error.message, { cause: error.code });
      throw error;
    }
    let result;
    try {
      result = await client.triggerConstantContract({
        owner_address: input.owner ? toHexAddress(input.owner) : ZERO_ADDRESS_HEX,
        contract_address: toHexAddress(input.address),
        data,
      });
    } catch (error) {
      const unavailable = contractsUnavailable(error);
      if (unavailable) throw new ValidationError('TX_CONTRACTS_UNAVAILABLE', unavailable);
      throw error;
    }
    const raw = result.constant_result[0] ?? '';
    if (result.reverted) {
      return {
        function: fragment.signature,
        values: [],
        raw,
        energyUsed: BigInt(result.energy_used),
        reverted: true,
        revertReason: revertReasonOf(result, entries.length > 0 ? entries : undefined),
      };
    }
    let decoded;
    try {
      decoded = decodeFunctionResult(fragment, raw);
    } catch (error) {
      if (error instanceof AbiError)
        throw new ValidationError(
          'TX_BAD_RESULT',
          `The function answered data that does not decode as ${fragment.outputs.map((o) => o.type.canonical).join(', ') || 'nothing'}: ${error.message}`,
        );
      throw error;
    }
    return {
      function: fragment.signature,
      values: decoded.map((value, i) => {
        const output = fragment.outputs[i]!;
        return { name: output.name || `#${i}`, type: output.type.canonical, value: formatAbiValue(output.type, value) };
      }),
      raw,
      energyUsed: BigInt(result.energy_used),
      reverted: false,
      revertReason: null,
    };
  }

  async events(input: { address: string; txid: string; abi?: string }): Promise<DecodedLog[]> {
    const client = this.client();
    const { abi } = await this.abiFor(client, input.address, input.abi);
    const info = await client.getTransactionInfoById(input.txid);
    if (!info)
      throw new ValidationError('TX_NOT_IN_BLOCK', 'This transaction is not in a block yet (or not on this network).', {
        field: 'txid',
      });
    const wanted = toBase58Address(input.address);
    const own = info.log.filter((log) => logAddress(log.address) === wanted);
    return decodeLogs(own, async () => abi);
  }
}

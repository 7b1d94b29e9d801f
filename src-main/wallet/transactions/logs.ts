import { toBase58Address } from '../../../src-core/address/address';
import { decodeLog } from '../../../src-core/abi/logs';
import { parseAbi, type Abi } from '../../../src-core/abi/fragments';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { DecodedLog } from '../../../src-core/ipc/channels/tx';
import { WalletError } from '../../../src-core/errors';
import { formatUnits } from '../../../src-core/units/amount';
import { formatAbiValue } from './abi-text';
import type { TokenSource } from '../chain-knowledge/chain-reads';

/** A log as java-tron prints it: the contract's 20-byte address without 41, topics, data. */
export interface RawLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
}

/** The contract address of a log in Base58 (java-tron drops the 41 prefix in logs). */
export function logAddress(address: string): string {
  const hex = address.replace(/^0x/, '').toLowerCase();
  const full = hex.length === 40 ? `41${hex}` : hex;
  try {
    return toBase58Address(full);
  } catch {
    return address;
  }
}

export type AbiSource = (base58Address: string) => Promise<Abi | null>;

/** The TRC20 events whose third value is an amount of the emitting token. */
const TOKEN_AMOUNT_EVENTS = new Set(['Transfer(address,address,uint256)', 'Approval(address,address,uint256)']);

/** ABIs by contract address, read from the chain once per network (and seeded with known ones). */
export class AbiCache {
  private readonly known = new Map<string, Abi | null>();

  seed(address: string, entries: readonly Record<string, unknown>[] | undefined): void {
    if (!entries) return;
    try {
      this.known.set(logAddress(address), parseAbi(entries));
    } catch {
      // An ABI that does not parse decodes nothing; the logs stay raw.
    }
  }

  clear(): void {
    this.known.clear();
  }

  source(client: TronNodeClient): AbiSource {
    return async (address) => {
      if (this.known.has(address)) return this.known.get(address) ?? null;
      let abi: Abi | null = null;
      try {
        const contract = await client.getContract(address);
        abi = contract && contract.abi.entrys.length > 0 ? parseAbi(contract.abi.entrys) : null;
      } catch (error) {
        if (!(error instanceof WalletError)) throw error;
      }
      this.known.set(address, abi);
      return abi;
    };
  }
}

export async function decodeLogs(
  logs: readonly RawLog[],
  abiOf: AbiSource,
  tokenOf?: TokenSource,
): Promise<DecodedLog[]> {
  const out: DecodedLog[] = [];
  for (const log of logs) {
    const address = logAddress(log.address);
    const base: DecodedLog = { address, event: null, args: [], topics: [...log.topics], data: log.data };
    const abi = await abiOf(address);
    if (!abi) {
      out.push(base);
      continue;
    }
    try {
      const decoded = decodeLog(abi, { topics: log.topics, data: log.data });
      const event = abi.events.find((e) => e.signature === decoded.signature);
      const token =
        tokenOf && TOKEN_AMOUNT_EVENTS.has(decoded.signature) ? await tokenOf(address).catch(() => null) : null;
      out.push({
        ...base,
        event: decoded.signature,
        args: decoded.values.map((value, i) => {
          const input = event?.inputs[i];
          return {
            name: input?.name || `#${i}`,
            type: input?.type.canonical ?? '',
            value: input ? formatAbiValue(input.type, value) : String(value),
            ...(token && i === 2 && typeof value === 'bigint'
              ? { shown: `${formatUnits(value, token.decimals, { group: true })} ${token.symbol}` }
              : {}),
          };
        }),
      });
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      out.push(base);
    }
  }
  return out;
}

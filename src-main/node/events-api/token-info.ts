import { decodeParams, functionSelector } from '../../../src-core/abi';
import { toBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { NodeReads } from '../jsonrpc/node-reads';

/** TronGrid's `token_info` of a TRC-20 row: the token's own name(), symbol() and decimals(). */
export interface TokenInfoJson {
  readonly symbol: string;
  readonly address: string;
  readonly decimals: number;
  readonly name: string;
}

const CALLER = hexToBytes(`41${'00'.repeat(20)}`);

/** Reads each token's metadata once with constant calls; a call that fails gives "" or 0. */
export class TokenInfoCache {
  private readonly known = new Map<string, Promise<TokenInfoJson>>();

  constructor(private readonly reads: NodeReads) {}

  of(tokenHex: string): Promise<TokenInfoJson> {
    let info = this.known.get(tokenHex);
    if (!info) this.known.set(tokenHex, (info = this.read(tokenHex)));
    return info;
  }

  private async read(tokenHex: string): Promise<TokenInfoJson> {
    const [symbol, decimals, name] = await Promise.all([
      this.call(tokenHex, 'symbol()', 'string'),
      this.call(tokenHex, 'decimals()', 'uint8'),
      this.call(tokenHex, 'name()', 'string'),
    ]);
    return {
      symbol: typeof symbol === 'string' ? symbol : '',
      address: toBase58Address(tokenHex),
      decimals: typeof decimals === 'bigint' ? Number(decimals) : 0,
      name: typeof name === 'string' ? name : '',
    };
  }

  private async call(tokenHex: string, signature: string, type: string): Promise<unknown> {
    try {
      const outcome = await this.reads.constantCall({
        owner: CALLER,
        contract: hexToBytes(tokenHex),
        data: hexToBytes(functionSelector(signature)),
        callValue: 0n,
      });
      return outcome.kind === 'success' ? decodeParams([type], outcome.returnData)[0] : undefined;
    } catch {
      return undefined;
    }
  }
}

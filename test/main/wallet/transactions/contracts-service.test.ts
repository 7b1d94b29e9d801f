import { describe, expect, it } from 'vitest';
import type { AbiEntryJson, SmartContract } from '@core/client/types';
import { ContractsService } from '@main/wallet/transactions/contracts-service';
import { expectWalletError } from '../helpers';

const CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The ABI size the wallet README documents. */
const ABI_TEXT_MAX_CHARS = 256 * 1024;

/** Distinct view functions, as many as fit in `chars` characters of JSON. */
function abiEntries(chars: number): AbiEntryJson[] {
  const entries: AbiEntryJson[] = [];
  let length = 2;
  for (let i = 0; length < chars; i++) {
    const entry = {
      type: 'function',
      name: `balanceOfHolder${i}`,
      stateMutability: 'view',
      inputs: [{ name: 'holder', type: 'address' }],
      outputs: [{ name: 'balance', type: 'uint256' }],
    } as AbiEntryJson;
    length += JSON.stringify(entry).length + 1;
    entries.push(entry);
  }
  return entries;
}

/** The contracts service over a chain that holds one contract with `entries` as its stored ABI. */
function serviceWith(entries: AbiEntryJson[]): ContractsService {
  const contract = {
    origin_address: undefined,
    contract_address: undefined,
    abi: { entrys: entries },
    bytecode: '',
    call_value: 0n,
    consume_user_resource_percent: 100,
    name: 'Holders',
    origin_energy_limit: 10_000_000,
    code_hash: '',
    trx_hash: '',
    version: 0,
  } satisfies SmartContract;
  const client = { getContract: async () => contract, getContractInfo: async () => null };
  return new ContractsService({ requireClient: () => client as never });
}

describe('contracts service: ABI size', () => {
  it('refuses pasted ABI text above 256 KB with a sentence naming the limit, before parsing it', async () => {
    const text = JSON.stringify(abiEntries(ABI_TEXT_MAX_CHARS + 10_000));
    expect(text.length).toBeGreaterThan(ABI_TEXT_MAX_CHARS);
    const error = await expectWalletError(
      serviceWith([]).load({ address: CONTRACT, abi: text }),
      'ValidationError',
      'TX_ABI_TOO_LARGE',
    );
    expect(error.message).toContain('at most 256 KB');
    expect(error.details).toMatchObject({ field: 'abi', limit: ABI_TEXT_MAX_CHARS });
  });

  it('refuses oversized ABI text by its length, even when it is not JSON', async () => {
    await expectWalletError(
      serviceWith([]).load({ address: CONTRACT, abi: `[${'x'.repeat(ABI_TEXT_MAX_CHARS)}]` }),
      'ValidationError',
      'TX_ABI_TOO_LARGE',
    );
  });

  it('refuses a contract whose stored ABI is above 256 KB, and says to paste the entries in use', async () => {
    const error = await expectWalletError(
      serviceWith(abiEntries(ABI_TEXT_MAX_CHARS + 10_000)).load({ address: CONTRACT }),
      'ValidationError',
      'TX_ABI_TOO_LARGE',
    );
    expect(error.message).toMatch(/^The ABI stored with this contract is \d+ KB; .* at most 256 KB\. Paste only/);
  });

  it('loads a pasted ABI just under the limit, every function of it', async () => {
    const entries = abiEntries(ABI_TEXT_MAX_CHARS - 1_000);
    const text = JSON.stringify(entries);
    expect(text.length).toBeLessThanOrEqual(ABI_TEXT_MAX_CHARS);
    const view = await serviceWith([]).load({ address: CONTRACT, abi: text });
    expect(view.abiSource).toBe('pasted');
    expect(view.functions).toHaveLength(entries.length);
  });
});

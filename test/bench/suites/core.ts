import { compareCases } from '../measure';
import { txCases } from '../core/tx-cases';
import { abiCases } from '../core/abi-cases';

/** `npm run bench -- core`: the protocol library against TronWeb 6.5.1, measured in one run. */
export async function run(): Promise<boolean> {
  const results = await compareCases('core: ours vs TronWeb 6.5.1 (ops/s, same process, same run)', 'TronWeb', [
    ...txCases,
    ...abiCases,
  ]);
  return results.every((r) => r.met);
}

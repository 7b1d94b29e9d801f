import { toBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { TronNodeClient } from '../../../src-core/client/client';
import { buildTransaction, createSmartContract } from '../../../src-core/tx/builders';
import { transactionHeader } from '../../../src-core/tx/header';
import { signTransaction } from '../../../src-core/tx/sign';
import type { TronNode } from '../../../src-main/node';
import { loadArtifacts } from '../../fixtures/contracts/compile';

/** The fixture TRC-20 `Token`, deployed by `payer` with 10^18 base units to it, mined into a block. */
export async function deployBenchToken(
  node: TronNode,
  client: TronNodeClient,
  payer: { readonly hex: string; readonly privateKey: string },
): Promise<string> {
  const artifact = loadArtifacts()['Token']!;
  const ref = await client.getRefBlock();
  const deploy = signTransaction(
    buildTransaction(
      createSmartContract({
        owner: payer.hex,
        abi: artifact.abi as Record<string, unknown>[],
        bytecode: artifact.bytecode + (10n ** 18n).toString(16).padStart(64, '0'),
        name: 'Bench',
        consumeUserResourcePercent: 100,
        originEnergyLimit: 10_000_000n,
      }),
      { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }), feeLimit: 1_000_000_000n },
    ),
    hexToBytes(payer.privateKey),
  );
  await client.broadcastTransaction(deploy);
  await node.mine(1);
  return toBase58Address(deploy.contract_address!);
}

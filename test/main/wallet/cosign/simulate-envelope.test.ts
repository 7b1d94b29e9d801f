import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import { encodeFunctionData } from '@core/abi/calldata';
import { hexToBytes } from '@core/bytes/hex';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import { createEnvelope, serializeEnvelope, type Envelope } from '@core/envelope';
import type { Permission } from '@core/permission/model';
import {
  accountPermissionUpdateContract,
  buildTransaction,
  transferContract,
  triggerSmartContract,
} from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import type { TronNode } from '@main/node';
import type { WalletServices } from '@main/wallet';
import { completingSigners, planFromEnvelope, simulateEnvelope } from '@main/wallet/cosign/simulate-envelope';
import { ChainReads } from '@main/wallet/chain-knowledge/chain-reads';
import { makeTreasury, type Treasury } from '../../../fixtures/cosign-network';
import { K } from '../../../fixtures/permissions';
import { NILE, active } from '../../../core/envelope/helpers';
import { contractArtifacts, startEmbeddedWallet, type Artifact, type EmbeddedWallet } from '../embedded-wallet';
import { recordEvents } from '../helpers';

const REASON = 'payroll frozen by compliance';
const HEADER = transactionHeader({
  refBlock: { number: 1, blockId: `0000000000000001${'ab'.repeat(24)}` },
  headTimestamp: 1_700_000_000_000,
  expirationMs: 3_600_000,
});

/**
 * Each signer's simulation of someone else's transaction (src-main/wallet/cosign/simulate-envelope.ts)
 * on the real embedded node with its VM: a 2-of-3 treasury call into a contract that reverts shows
 * REVERT and the revert reason before the second key signs.
 */
describe('co-sign simulation of an envelope whose call reverts, on the embedded node', () => {
  let profile: EmbeddedWallet;
  let wallet: WalletServices;
  let node: TronNode;
  let client: TronNodeClient;
  let treasury: Treasury;
  let reverter: Artifact;
  let reverterAddress: string;

  /** A call from the treasury's 2-of-3 "payments" permission, signed by key 1 only. */
  async function proposal(data: string): Promise<Envelope> {
    const ref = await client.getRefBlock();
    const tx = buildTransaction(triggerSmartContract({ owner: treasury.address, contract: reverterAddress, data }), {
      header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }),
      feeLimit: 100_000_000n,
      permissionId: 2,
    });
    const genesisBlockId = (await client.getGenesisBlockId()).toLowerCase();
    return createEnvelope({
      transaction: signTransaction(tx, hexToBytes(treasury.privateKeys[0])),
      network: { name: 'Embedded dev node', genesisBlockId },
      abi: reverter.abi,
      createdAt: ref.timestamp,
    });
  }

  beforeAll(async () => {
    const events = recordEvents();
    profile = await startEmbeddedWallet({ prefix: 'cosign-sim-', events, blockTimeMs: 100 });
    wallet = profile.wallet;
    node = profile.nodes[0]!;
    client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
    await wallet.vault.initialize('Treasury-Desk-2024!');
    const deployer = (await wallet.vault.importDevAccounts(1))[0]!.address;
    reverter = (await contractArtifacts())['Reverter']!;
    [treasury, reverterAddress] = await Promise.all([makeTreasury(node), profile.deploy(deployer, 'Reverter')]);
  });
  afterAll(async () => {
    await profile?.close();
  });

  it('shows REVERT and the decoded revert reason on this signer’s node before the threshold is met', async () => {
    const envelope = await proposal(encodeFunctionData('fail(string)', [REASON]));
    const imported = await wallet.cosign.import({ text: serializeEnvelope(envelope), source: 'file' });
    expect(imported.detail).toMatchObject({
      stage: 'collecting',
      currentWeight: 1n,
      threshold: 2n,
      call: { signature: 'fail(string)' },
    });

    const { simulation, cost } = await wallet.cosign.simulate({ id: imported.id });
    expect(simulation).toMatchObject({
      txid: envelope.transaction.txID,
      method: 'dry-run',
      success: false,
      result: 'REVERT',
      stateChanged: false,
    });
    expect(simulation.reason).toContain(REASON);
    expect(simulation.energyUsed).toBeGreaterThan(0n);
    // The energy a revert uses is still paid; the treasury loses nothing else.
    expect(cost.energy?.energy).toBe(simulation.energyUsed);
    // Nothing was kept or broadcast: the node has no such transaction and the envelope still waits for key 2.
    expect(await client.getTransactionInfoById(envelope.transaction.txID)).toBeNull();
    expect((await wallet.cosign.get({ id: imported.id })).stage).toBe('collecting');
  });

  it('falls back to a constant call when there is no dry run, still with the revert reason', async () => {
    const envelope = await proposal(encodeFunctionData('fail(string)', [REASON]));
    const head = await client.getNowBlockHeader();
    const { simulation } = await simulateEnvelope({
      envelope,
      client,
      reads: new ChainReads(),
      parameters: await wallet.node.chainParameters(),
      dryRun: null,
      headTime: head.timestamp,
    });
    expect(simulation).toMatchObject({
      method: 'constant-call',
      success: false,
      result: 'REVERT',
      stateChanged: false,
    });
    expect(simulation.reason).toContain(REASON);
  });

  it('reports a Solidity panic (division by zero) as a revert with its reason', async () => {
    const envelope = await proposal(encodeFunctionData('divide(uint256,uint256)', [1n, 0n]));
    const head = await client.getNowBlockHeader();
    const { simulation } = await simulateEnvelope({
      envelope,
      client,
      reads: new ChainReads(),
      parameters: await wallet.node.chainParameters(),
      dryRun: node.dryRun.bind(node),
      headTime: head.timestamp,
    });
    expect(simulation).toMatchObject({ method: 'dry-run', success: false, result: 'REVERT' });
    expect(simulation.reason).toMatch(/division or modulo by zero/);
  });
});

describe('the plan a co-signer simulates, rebuilt from the envelope', () => {
  const owner = '411a642f0e3c3af545e7acbd38b07251b3990914f1';
  const envelopeOf = (spec: Parameters<typeof buildTransaction>[0], abi?: Record<string, unknown>[]) =>
    createEnvelope({
      transaction: buildTransaction(spec, {
        header: HEADER,
        permissionId: 2,
        feeLimit: spec.type === 'TriggerSmartContract' ? 50_000_000n : undefined,
      }),
      network: NILE,
      ...(abi ? { abi } : {}),
      createdAt: HEADER.timestamp,
    });

  it('treats a call that moves TRC20 tokens as a token transfer and carries its call data, value and fee limit', () => {
    const abi = [
      {
        type: 'function',
        name: 'transfer',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
        ],
        outputs: [{ name: '', type: 'bool' }],
      },
    ];
    const data = encodeFunctionData('transfer(address,uint256)', [K.K2.base58, 5n]);
    const plan = planFromEnvelope(
      envelopeOf(triggerSmartContract({ owner, contract: K.K3.base58, data, callValue: 7n }), abi),
    );
    expect(plan).toMatchObject({
      kind: 'trc20-transfer',
      feeLimit: 50_000_000n,
      abi,
      execution: { contract: toHexAddress(K.K3.base58), data: data.replace(/^0x/, ''), callValue: 7n },
    });
    // Without an ABI nothing says it is a token transfer: a plain call.
    expect(planFromEnvelope(envelopeOf(triggerSmartContract({ owner, contract: K.K3.base58, data }))).kind).toBe(
      'call',
    );
  });

  it('names the recipient of a TRX transfer, and gives a permission update no value movement', () => {
    expect(planFromEnvelope(envelopeOf(transferContract({ owner, to: K.K1.base58, amount: 1n })))).toMatchObject({
      kind: 'trx-transfer',
      recipient: K.K1.hex,
    });
    const update = accountPermissionUpdateContract({
      owner,
      ownerPermission: {
        type: 'Owner',
        permission_name: 'owner',
        threshold: 1n,
        keys: [{ address: owner, weight: 1n }],
      },
      actives: [],
    });
    const plan = planFromEnvelope(envelopeOf(update));
    expect(plan.recipient).toBeUndefined();
    expect(plan.execution).toBeUndefined();
  });

  it('counts as signers those who signed, then the heaviest missing keys until the threshold is met', () => {
    const weighted: Permission = {
      ...active,
      threshold: 3n,
      keys: [
        { address: K.K1.hex as never, weight: 1n },
        { address: K.K2.hex as never, weight: 1n },
        { address: K.K3.hex as never, weight: 2n },
      ],
    };
    const tx = buildTransaction(transferContract({ owner, to: K.K1.base58, amount: 1n }), {
      header: HEADER,
      permissionId: 2,
    });
    expect(completingSigners(tx, weighted)).toEqual([K.K3.hex, K.K1.hex]);
    expect(completingSigners(signTransaction(tx, hexToBytes(K.K2.private_key)), weighted)).toEqual([
      K.K2.hex,
      K.K3.hex,
    ]);
    const both = signTransaction(signTransaction(tx, hexToBytes(K.K1.private_key)), hexToBytes(K.K3.private_key));
    expect(completingSigners(both, weighted)).toEqual([K.K1.hex, K.K3.hex]);
  });
});

import { freshAddress } from '../../../fixtures/addresses';
import { PASSWORD } from '../../vault/helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import type { TronNodeClient } from '@core/client/client';
import { TxRequestSchema, type TxRequestInput } from '@core/ipc/channels/tx';
import type { WalletServices } from '@main/wallet';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { expectWalletError, recordEvents, type RecordedEvents } from '../helpers';

const TRX = 1_000_000n;

/**
 * The build forms the audit found tested only field by field, each planned from its typed request
 * (requests.ts), built, simulated, signed and broadcast through the transaction service on the
 * real embedded node, and its outcome read back from the chain.
 */
describe('requests built, simulated, signed and broadcast on the embedded node', () => {
  let profile: EmbeddedWallet;
  let wallet: WalletServices;
  let events: RecordedEvents;
  let client: TronNodeClient;
  let dev: string[];
  const request = (input: TxRequestInput) => TxRequestSchema.parse(input);

  /**
   * Build, simulate (it must pass), sign, broadcast, and follow into a block, where it is judged
   * (following on to confirmed is the transaction service's and tracking's tests' business).
   */
  async function run(input: TxRequestInput) {
    const { built, simulation, track } = await profile.confirm(input, { simulate: true, until: 'packed' });
    expect({ kind: input.kind, success: simulation!.success, reason: simulation!.reason }).toEqual({
      kind: input.kind,
      success: true,
      reason: null,
    });
    expect({ kind: input.kind, success: track.success, result: track.result, block: track.blockNumber! > 0 }).toEqual({
      kind: input.kind,
      success: true,
      result: 'SUCCESS',
      block: true,
    });
    return { built, simulation: simulation!, track };
  }

  beforeAll(async () => {
    events = recordEvents();
    profile = await startEmbeddedWallet({ prefix: 'tx-requests-', events, blockTimeMs: 100 });
    wallet = profile.wallet;
    await wallet.vault.initialize(PASSWORD);
    dev = (await wallet.vault.importDevAccounts(3)).map((a) => a.address);
    client = profile.client();
  });
  afterAll(async () => {
    await profile?.close();
  });

  describe("a contract's owner settings", () => {
    let slots: string;
    beforeAll(async () => {
      slots = await profile.deploy(dev[0]!, 'Slots', { until: 'packed' });
    });

    it('update setting: the caller share (consume_user_resource_percent) changes on chain', async () => {
      const { built, track } = await run({
        kind: 'update-setting',
        owner: dev[0]!,
        contract: slots,
        consumeUserResourcePercent: 30,
      });
      expect(built).toMatchObject({ contractType: 'UpdateSettingContract', feeLimitSun: null, estimate: null });
      expect(built.summary).toContainEqual({ label: 'Caller pays', value: '30 % of the energy' });
      expect(track.contractType).toBe('UpdateSettingContract');
      expect((await client.getContract(slots))?.consume_user_resource_percent).toBe(30);
    });

    it('update energy limit: the deployer energy per call (origin_energy_limit) changes on chain', async () => {
      const { built } = await run({
        kind: 'update-energy-limit',
        owner: dev[0]!,
        contract: slots,
        originEnergyLimit: '5000000',
      });
      expect(built.summary).toContainEqual({ label: 'Deployer energy per call', value: 'at most 5000000' });
      expect((await client.getContract(slots))?.origin_energy_limit).toBe(5_000_000);
    });

    it('refuses a settings change by someone other than the deployer before signing', async () => {
      const built = await wallet.transactions.build(
        request({ kind: 'update-setting', owner: dev[1]!, contract: slots, consumeUserResourcePercent: 10 }),
      );
      const simulation = await wallet.transactions.simulate({ txid: built.txid });
      expect(simulation.success).toBe(false);
      expect(simulation.reason).toMatch(/not the owner of the contract/);
    });

    it('clear ABI: getcontract then has no ABI; a call needs the full signature and still runs', async () => {
      expect((await client.getContract(slots))?.abi.entrys.length).toBeGreaterThan(0);
      await run({ kind: 'clear-abi', owner: dev[0]!, contract: slots });
      expect((await client.getContract(slots))?.abi.entrys ?? []).toEqual([]);
      await expectWalletError(
        wallet.transactions.build(
          request({ kind: 'call', owner: dev[0]!, contract: slots, function: 'set', args: ['7'] }),
        ),
        'ValidationError',
        'TX_NO_ABI',
      );
      const { built } = await run({
        kind: 'call',
        owner: dev[0]!,
        contract: slots,
        function: 'set(uint256)',
        args: ['123456789012345678901234567890'],
      });
      expect(built.summary).toContainEqual({ label: 'Function', value: 'set(uint256)' });
      const abi = JSON.stringify([
        {
          type: 'function',
          name: 'slot',
          inputs: [],
          outputs: [{ name: '', type: 'uint256' }],
          stateMutability: 'view',
        },
      ]);
      const read = await wallet.contracts.call({ address: slots, function: 'slot', args: [], abi });
      expect(read.values.map((v) => v.value)).toEqual(['123456789012345678901234567890']);
    });
  });

  describe('stake, delegation and votes', () => {
    it('cancel all unfreezes: the pending unstake goes back to the stake', async () => {
      const owner = dev[1]!;
      await profile.confirm(
        { kind: 'freeze', owner, amountSun: String(300n * TRX), resource: 'ENERGY' },
        { until: 'packed' },
      );
      await profile.confirm(
        { kind: 'unfreeze', owner, amountSun: String(40n * TRX), resource: 'ENERGY' },
        { until: 'packed' },
      );
      const before = (await client.getAccount(owner))!;
      expect(before.unfrozenV2.map((u) => [u.type, u.unfreeze_amount])).toEqual([['ENERGY', 40n * TRX]]);
      expect(before.frozenV2.find((f) => f.type === 'ENERGY')?.amount).toBe(260n * TRX);

      const { built } = await run({ kind: 'cancel-unfreezes', owner });
      expect(built.contractType).toBe('CancelAllUnfreezeV2Contract');
      const after = (await client.getAccount(owner))!;
      expect(after.unfrozenV2).toEqual([]);
      expect(after.frozenV2.find((f) => f.type === 'ENERGY')?.amount).toBe(300n * TRX);
    });

    it('undelegate: energy delegated to another account comes back to the owner', async () => {
      const [owner, receiver] = [dev[1]!, dev[2]!];
      await profile.confirm(
        { kind: 'delegate', owner, receiver, amountSun: String(100n * TRX), resource: 'ENERGY' },
        { until: 'packed' },
      );
      expect((await client.getAccount(owner))!.account_resource.delegated_frozenV2_balance_for_energy).toBe(100n * TRX);
      expect((await client.getAccount(receiver))!.account_resource.acquired_delegated_frozenV2_balance_for_energy).toBe(
        100n * TRX,
      );

      const { built } = await run({
        kind: 'undelegate',
        owner,
        receiver,
        amountSun: String(60n * TRX),
        resource: 'ENERGY',
      });
      expect(built.summary).toContainEqual({ label: 'From', value: receiver });
      expect((await client.getAccount(owner))!.account_resource.delegated_frozenV2_balance_for_energy).toBe(40n * TRX);
      expect((await client.getAccount(receiver))!.account_resource.acquired_delegated_frozenV2_balance_for_energy).toBe(
        40n * TRX,
      );
      expect((await client.getDelegatedResourceV2(owner, receiver)).map((d) => d.frozen_balance_for_energy)).toEqual([
        40n * TRX,
      ]);
    });

    it('vote for representatives: the votes are recorded on the account, split as asked', async () => {
      const owner = dev[1]!;
      const [first, second] = (await client.listWitnesses()).map((w) => toBase58Address(w.address));
      const { built } = await run({
        kind: 'vote',
        owner,
        votes: [
          { representative: first!, count: '200' },
          { representative: second!, count: '100' },
        ],
      });
      expect(built.summary.filter((l) => l.label === 'Vote').map((l) => l.value)).toEqual([
        `200 for ${first}`,
        `100 for ${second}`,
      ]);
      const votes = (await client.getAccount(owner))!.votes.map((v) => [toBase58Address(v.vote_address), v.vote_count]);
      expect(votes).toEqual([
        [first, 200n],
        [second, 100n],
      ]);
    });

    it("withdraw rewards with nothing to withdraw: java-tron's refusal before signing and at broadcast", async () => {
      const owner = dev[2]!;
      const reason = 'witnessAccount does not have any reward';
      const built = await wallet.transactions.build(request({ kind: 'withdraw-rewards', owner }));
      expect(built.contractType).toBe('WithdrawBalanceContract');
      const simulation = await wallet.transactions.simulate({ txid: built.txid });
      expect(simulation.success).toBe(false);
      expect(simulation.reason).toContain(reason);
      await wallet.transactions.sign({ txid: built.txid });
      const refused = await expectWalletError(
        wallet.transactions.broadcast({ txid: built.txid }),
        'BroadcastError',
        'BROADCAST_FAILED',
      );
      expect(refused.details).toMatchObject({
        nodeCode: 'CONTRACT_VALIDATE_ERROR',
        nodeMessage: expect.stringContaining(reason),
      });
      expect(refused.message).toContain(reason);
      expect(events.of('tx:status').find((s) => s.txid === built.txid && s.state === 'rejected')?.message).toContain(
        reason,
      );
      expect(wallet.transactions.history().find((h) => h.txid === built.txid)).toMatchObject({ status: 'failed' });
    });
  });

  describe('a generic contract call', () => {
    it('picks the function from the chain ABI by name, encodes typed inputs, and moves the contract TRX', async () => {
      const router = await profile.deploy(dev[2]!, 'Router', { callValueSun: String(5n * TRX), until: 'packed' });
      expect((await client.getAccount(router))?.balance).toBe(5n * TRX);
      const payee = freshAddress(0x3a11);
      const { built } = await run({
        kind: 'call',
        owner: dev[2]!,
        contract: router,
        function: 'pay',
        args: [payee, '1500000'],
      });
      expect(built.summary).toEqual(
        expect.arrayContaining([
          { label: 'Function', value: 'pay(address,uint256)' },
          { label: 'to', value: payee },
          { label: 'amount', value: '1500000' },
        ]),
      );
      expect(built.estimate?.energy?.energy).toBeGreaterThan(0n);
      expect((await client.getAccount(payee))?.balance).toBe(1_500_000n);
      expect((await client.getAccount(router))?.balance).toBe(3_500_000n);
    });

    it('sends a call value with a payable function, which the contract then counts', async () => {
      const child = await profile.deploy(dev[2]!, 'Child', { until: 'packed' });
      const { built, simulation } = await run({
        kind: 'call',
        owner: dev[2]!,
        contract: child,
        function: 'ping',
        callValueSun: String(2n * TRX),
      });
      expect(built.summary).toContainEqual({ label: 'Call value', value: '2 TRX' });
      expect(built.cost.valueSun).toBe(2n * TRX);
      expect(simulation.balanceChanges).toContainEqual({ address: child, asset: 'TRX', delta: 2n * TRX, decimals: 6 });
      const received = await wallet.contracts.call({ address: child, function: 'received', args: [] });
      expect(received.values.map((v) => v.value)).toEqual(['2000000']);
      expect((await client.getAccount(child))?.balance).toBe(2n * TRX);
    });
  });
});

import { PASSWORD } from '../../vault/helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TxRequestSchema, type TxRequestInput } from '@core/ipc/channels/tx';
import type { WalletServices } from '@main/wallet';
import { startEmbeddedWallet, type EmbeddedWallet } from '../embedded-wallet';
import { recordEvents, type RecordedEvents } from '../helpers';

/**
 * The transaction service with the embedded node's VM and internal-transaction storage on:
 * internal transactions with their notes, events of two contracts decoded with their ABIs, and
 * an out-of-energy risk the dry run shows before signing.
 */
describe('transaction service with the VM', () => {
  let profile: EmbeddedWallet;
  let wallet: WalletServices;
  let events: RecordedEvents;
  let owner: string;
  const request = (input: TxRequestInput) => TxRequestSchema.parse(input);
  const deploy = (name: string) => profile.deploy(owner, name);

  beforeAll(async () => {
    events = recordEvents();
    profile = await startEmbeddedWallet({ prefix: 'tx-vm-', events, blockTimeMs: 100, saveInternalTx: true });
    wallet = profile.wallet;
    await wallet.vault.initialize(PASSWORD);
    owner = (await wallet.vault.importDevAccounts(1))[0]!.address;
  });
  afterAll(async () => {
    await profile?.close();
  });

  it('follows a contract call to confirmation with its internal transactions and the events of both contracts decoded', async () => {
    const child = await deploy('Child');
    const router = await deploy('Router');
    const call: TxRequestInput = {
      kind: 'call',
      owner,
      contract: router,
      function: 'forward',
      args: [child],
      callValueSun: '1000000',
    };
    const built = await wallet.transactions.build(request(call));
    expect(built.estimate?.energy?.energy).toBeGreaterThan(0n);
    const simulation = await wallet.transactions.simulate({ txid: built.txid });
    expect(simulation).toMatchObject({ method: 'dry-run', success: true });
    expect(simulation.balanceChanges).toContainEqual({ address: child, asset: 'TRX', delta: 1_000_000n, decimals: 6 });

    const { track } = await profile.confirm(call);
    expect(track).toMatchObject({ state: 'confirmed', success: true, result: 'SUCCESS' });
    expect(track.internalTransactions.map((itx) => [itx.note, itx.rejected])).toEqual([
      ['call', false],
      ['call', true],
    ]);
    expect(track.internalTransactions[0]).toMatchObject({
      caller: router,
      to: child,
      values: [{ tokenId: '', amount: 1_000_000n }],
    });
    expect(track.logs.map((log) => [log.address, log.event])).toEqual([
      [child, 'Pinged(address,uint256)'],
      [router, 'Forwarded(bool,bool)'],
    ]);
    expect(track.logs[1]!.args).toEqual([
      { name: 'pingOk', type: 'bool', value: 'true' },
      { name: 'failOk', type: 'bool', value: 'false' },
    ]);
    const events2 = await wallet.contracts.events({ address: child, txid: track.txid });
    expect(events2.map((e) => e.event)).toEqual(['Pinged(address,uint256)']);
  });

  it('shows an out-of-energy failure and its risk before signing when the fee_limit is too small', async () => {
    const reverter = await deploy('Reverter');
    const built = await wallet.transactions.build(
      request({ kind: 'call', owner, contract: reverter, function: 'burn()', feeLimitSun: '1000000' }),
    );
    const simulation = await wallet.transactions.simulate({ txid: built.txid });
    expect(simulation).toMatchObject({
      method: 'dry-run',
      success: false,
      result: 'OUT_OF_ENERGY',
      outOfEnergy: { risk: true },
    });
    const view = await wallet.contracts.call({ address: reverter, function: 'divide', args: ['1', '0'] });
    expect(view.reverted).toBe(true);
    expect(view.revertReason).toMatch(/division or modulo by zero/);
  });
});

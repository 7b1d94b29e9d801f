import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { addressFromPrivateKey } from '../../../src-core/keys/keys';

const calls: { channel: string; args: unknown }[] = [];
const answers: Record<string, (args: unknown) => unknown> = {};
function channel(name: string) {
  return async (args: unknown) => {
    calls.push({ channel: name, args });
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected ${name}`);
    return answer(args);
  };
}
vi.mock('../../../src-renderer/api/bridge', () => ({
  api: {
    tx: {
      permissions: channel('tx:permissions'),
      estimate: channel('tx:estimate'),
      build: channel('tx:build'),
      simulate: channel('tx:simulate'),
      sign: channel('tx:sign'),
      broadcast: channel('tx:broadcast'),
    },
    tokens: { inspect: channel('tokens:inspect'), trc10: channel('tokens:trc10') },
    contracts: { load: channel('contracts:load') },
    on: () => () => undefined,
  },
}));

const { useTxBuilderStore } = await import('../../../src-renderer/stores/tx-builder');
const { useAccountsStore } = await import('../../../src-renderer/stores/accounts');

const address = (n: number) => toBase58Address(addressFromPrivateKey(hexToBytes(n.toString(16).padStart(64, '0'))));
const owner = address(1);
const to = address(2);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function choice(permissionId: number | null) {
  return {
    kind: 'trx-transfer',
    contractType: 'TransferContract',
    owner,
    ownerExists: true,
    permissionId,
    picked: false,
    explanation: permissionId === null ? 'None of your keys…' : 'Use active',
    candidates: [],
  };
}

describe('transaction builder store', () => {
  beforeEach(() => {
    localStorage.clear();
    calls.length = 0;
    for (const key of Object.keys(answers)) delete answers[key];
    setActivePinia(createPinia());
  });

  it('asks the chooser again whenever the owner or the kind changes', async () => {
    answers['tx:permissions'] = () => choice(2);
    const store = useTxBuilderStore();
    store.owner = owner;
    await nextTick();
    await flush();
    store.setKind('freeze');
    await nextTick();
    await flush();
    expect(calls.filter((c) => c.channel === 'tx:permissions').map((c) => c.args)).toEqual([
      { owner, kind: 'trx-transfer' },
      { owner, kind: 'freeze' },
    ]);
    expect(store.permission?.permissionId).toBe(2);
  });

  it('shows a field error once the field is filled or touched, and every error after a review attempt', async () => {
    answers['tx:permissions'] = () => choice(2);
    const store = useTxBuilderStore();
    store.owner = owner;
    expect(store.visibleErrors).toEqual({});
    store.setValue('amount', '1.1234567');
    expect(Object.keys(store.visibleErrors)).toEqual(['amount']);
    store.touch('to');
    expect(store.visibleErrors.to).toBe('Enter an address.');
    store.setValue('amount', '');
    await store.review();
    expect(Object.keys(store.visibleErrors).sort()).toEqual(['amount', 'to']);
    expect(calls.some((c) => c.channel === 'tx:build')).toBe(false);
  });

  it('builds and simulates with amounts in sun as decimal strings', async () => {
    answers['tx:permissions'] = () => choice(2);
    answers['tx:build'] = () => ({ txid: 'ab'.repeat(32), state: 'created', estimate: null });
    answers['tx:simulate'] = () => ({ method: 'fee-math', success: true });
    const store = useTxBuilderStore();
    store.owner = owner;
    store.setValue('to', to);
    store.setValue('amount', '2.5');
    await store.review();
    expect(calls.find((c) => c.channel === 'tx:build')?.args).toEqual({
      kind: 'trx-transfer',
      owner,
      to,
      amountSun: '2500000',
      expirationMs: 60_000,
    });
    expect(calls.find((c) => c.channel === 'tx:simulate')?.args).toEqual({ txid: 'ab'.repeat(32) });
    expect(store.prepared?.txid).toBe('ab'.repeat(32));
    // Any change after the review drops the built transaction: it no longer matches the form.
    store.setValue('amount', '3');
    expect(store.prepared).toBeNull();
  });

  it('builds nothing when no permission group can sign', async () => {
    answers['tx:permissions'] = () => choice(null);
    const store = useTxBuilderStore();
    store.owner = owner;
    await nextTick();
    await flush();
    store.setValue('to', to);
    store.setValue('amount', '1');
    expect(store.blocked).toBe(true);
    await store.review();
    expect(calls.some((c) => c.channel === 'tx:build')).toBe(false);
  });

  it('reads TRC20 decimals from the contract before checking the amount', async () => {
    answers['tx:permissions'] = () => choice(2);
    answers['tokens:inspect'] = () => ({ address: to, name: 'Test Token', symbol: 'TT', decimals: 2 });
    const store = useTxBuilderStore();
    store.setKind('trc20-transfer');
    store.owner = owner;
    store.setValue('token', to);
    store.setValue('to', owner);
    store.setValue('amount', '1.25');
    expect(store.check.errors.amount).toBe('Enter the token contract first: its decimals are read from it.');
    await store.loadToken();
    expect(store.check.errors.amount).toBeUndefined();
    expect(store.check.request).toMatchObject({ amount: '125' });
    store.setValue('amount', '1.255');
    expect(store.check.errors.amount).toMatch(/TT amounts have at most 2 decimal places/);
  });

  it('takes constructor inputs from the pasted ABI', () => {
    const store = useTxBuilderStore();
    store.setKind('deploy');
    store.setValue(
      'abi',
      JSON.stringify([
        {
          type: 'constructor',
          inputs: [
            { name: 'supply', type: 'uint256' },
            { name: 'admin', type: 'address' },
          ],
        },
      ]),
    );
    expect(store.argInputs).toEqual([
      { name: 'supply', type: 'uint256' },
      { name: 'admin', type: 'address' },
    ]);
    store.setArg(1, 'nope');
    expect(store.visibleErrors['args.1']).toBe('A TRON address starts with T (Base58) or 41 (hex).');
  });

  it('offers the functions of a pasted ABI for a contract whose ABI was cleared, and sends that ABI', () => {
    const store = useTxBuilderStore();
    store.setKind('call');
    store.owner = owner;
    const abi = JSON.stringify([
      {
        type: 'function',
        name: 'mint',
        inputs: [{ name: 'amount', type: 'uint64' }],
        outputs: [],
        stateMutability: 'nonpayable',
      },
    ]);
    store.setValue('contract', to);
    store.setValue('abi', abi);
    expect(store.callFunctions.map((f) => f.signature)).toEqual(['mint(uint64)']);
    store.setValue('function', 'mint(uint64)');
    expect(store.argInputs).toEqual([{ name: 'amount', type: 'uint64' }]);
    store.setArg(0, '18446744073709551616');
    expect(store.visibleErrors['args.0']).toBe('Too large for a uint64: it holds 0 to 2^64 − 1.');
    store.setArg(0, '5');
    expect(store.check.request).toMatchObject({
      kind: 'call',
      contract: to,
      function: 'mint(uint64)',
      abi,
      args: ['5'],
    });
  });

  it('gives a transaction that needs co-signers a 23 h window, and starts the next one with the last window chosen', async () => {
    const twoOfThree = {
      ...choice(2),
      candidates: [
        {
          id: 2,
          type: 'Active',
          name: 'payments',
          threshold: 2n,
          allowsType: true,
          heldKeys: [owner],
          heldWeight: 1n,
          reachableAlone: false,
          qualifies: true,
          chosen: true,
          bypasses: null,
          reasons: [],
        },
      ],
    };
    answers['tx:permissions'] = () => twoOfThree;
    answers['tx:build'] = () => ({ txid: 'cd'.repeat(32), state: 'created', estimate: null });
    answers['tx:simulate'] = () => ({ method: 'fee-math', success: true });
    answers['tx:sign'] = () => ({ txid: 'cd'.repeat(32), state: 'cosigning', estimate: null });
    const store = useTxBuilderStore();
    store.owner = owner;
    await nextTick();
    await flush();
    expect(store.needsCosigning).toBe(true);
    expect(store.expirationMinutes).toBe('1380');
    store.setValue('to', to);
    store.setValue('amount', '1');
    await store.review();
    expect(calls.find((c) => c.channel === 'tx:build')?.args).toMatchObject({ expirationMs: 1380 * 60_000 });

    store.expirationMinutes = '120';
    await store.review();
    await store.sign();
    expect(store.prepared?.state).toBe('cosigning');

    setActivePinia(createPinia());
    const next = useTxBuilderStore();
    next.owner = owner;
    await nextTick();
    await flush();
    expect(next.expirationMinutes).toBe('120');
    // A transaction the vault signs alone keeps the one-minute window.
    answers['tx:permissions'] = () => choice(2);
    next.setKind('freeze');
    await nextTick();
    await flush();
    expect(next.needsCosigning).toBe(false);
    expect(next.expirationMinutes).toBe('1');
  });

  it('fills Max with the balance less the fees kept aside, and refuses more than the balance as it is typed', async () => {
    answers['tx:permissions'] = () => choice(2);
    const permission = { type: 'Owner' as const, id: 0, name: 'owner', threshold: 1n, operations: '', keys: [] };
    useAccountsStore().snapshot = {
      network: 'local',
      updatedAt: 0,
      accounts: [
        {
          chain: {
            exists: true,
            balanceSun: 999_900_000_000n,
            bandwidth: { freeUsed: 0, freeLimit: 600, used: 0, limit: 0 },
            energy: { used: 0, limit: 0 },
            owner: permission,
            witness: null,
            actives: [],
          },
          address: owner,
        },
      ],
    } as never;
    const store = useTxBuilderStore();
    store.owner = owner;
    store.setValue('to', to);
    expect(store.holding?.amount).toBe(999_900_000_000n);
    store.fillMax();
    // 267 bytes of bandwidth at 1,000 sun and 1.1 TRX for a possibly new recipient stay behind.
    expect(store.values.amount).toBe('999898.633');
    expect(store.visibleErrors.amount).toBeUndefined();
    store.setValue('amount', '2000000');
    expect(store.visibleErrors.amount).toBe('The account holds 999,900 TRX; this is 1,000,100 TRX more than it has.');
    expect(store.check.request).toBeNull();
  });
});

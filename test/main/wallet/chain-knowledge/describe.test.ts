import { describe, expect, it } from 'vitest';
import { toBase58Address, toHexAddress } from '@core/address/address';
import { encodeFunctionData } from '@core/abi/calldata';
import { hexToBytes } from '@core/bytes/hex';
import { createEnvelope, summarizeTransaction, type EnvelopeSummary } from '@core/envelope';
import type { VaultAccount } from '@core/ipc/channels/vault';
import { addressFromPrivateKey } from '@core/keys/keys';
import {
  buildTransaction,
  delegateResourceContract,
  freezeBalanceV2Contract,
  transferAssetContract,
  triggerSmartContract,
  unDelegateResourceContract,
  unfreezeBalanceV2Contract,
  type ContractSpec,
} from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import {
  amountRaw,
  amountText,
  callView,
  headline,
  summaryLines,
  tokensMoved,
  trc10Key,
  type TokenFacts,
} from '@main/wallet/chain-knowledge/describe';
import { Names } from '@main/wallet/chain-knowledge/names';
import type { AddressBook } from '@main/wallet/stores/address-book';

/**
 * The sentences every co-signer reads: computed from the
 * summary this wallet derived from the transaction, with the token facts read from the chain.
 */
const address = (seed: number) =>
  toBase58Address(addressFromPrivateKey(hexToBytes(seed.toString(16).padStart(64, '0'))));
const OWNER = address(0xd001);
const CAROL = address(0xd002);
const BOB = address(0xd003);
const USDT = address(0xd0a1);
const WETH = address(0xd0a2);
const POINTS = address(0xd0a3);
const UNKNOWN_TOKEN = address(0xd0a4);
const MAX_UINT256 = 2n ** 256n - 1n;

const ERC20_ABI = [
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
  {
    type: 'function',
    name: 'approve',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'store',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'value', type: 'uint256' }],
    outputs: [],
  },
];

const TOKENS: TokenFacts = new Map([
  [toHexAddress(USDT), { symbol: 'USDT', decimals: 6 }],
  [toHexAddress(WETH), { symbol: 'WETH', decimals: 18 }],
  [toHexAddress(POINTS), { symbol: 'PTS', decimals: 0 }],
  [trc10Key('1000002'), { symbol: 'GOLD', decimals: 6 }],
]);

/** Carol is in the address book; Bob is a vault key. */
const book = { list: () => [{ name: 'Carol', address: CAROL }] } as unknown as AddressBook;
const bob: VaultAccount = {
  id: 'acc_0000000000000001',
  kind: 'privateKey',
  label: 'Bob',
  address: BOB,
  addressHex: toHexAddress(BOB),
  canSign: true,
  createdAt: 0,
};
const names = new Names([bob], book);

const HEADER = transactionHeader({
  refBlock: { number: 1234, blockId: `00000000000004d2${'ab'.repeat(24)}` },
  headTimestamp: 1_700_000_000_000,
  expirationMs: 3_600_000,
});

function build(spec: ContractSpec, feeLimit?: bigint) {
  return buildTransaction(spec, { header: HEADER, permissionId: 2, ...(feeLimit !== undefined ? { feeLimit } : {}) });
}

function summaryOf(spec: ContractSpec, abi?: unknown): EnvelopeSummary {
  return summarizeTransaction(build(spec), abi ? { abi } : {});
}

function tokenCall(token: string, signature: string, args: unknown[]): EnvelopeSummary {
  return summaryOf(
    triggerSmartContract({ owner: OWNER, contract: token, data: encodeFunctionData(signature, args) }),
    ERC20_ABI,
  );
}

describe('co-sign summary: token amounts', () => {
  it('shows a TRC20 transfer with the token’s symbol and decimals, to the recipient’s name', () => {
    const summary = tokenCall(USDT, 'transfer(address,uint256)', [CAROL, 1_234_567_890n]);
    const effect = summary.call!.decoded!.effects[0]!;
    expect(amountText(effect, TOKENS)).toBe('1,234.56789 USDT');
    expect(headline(summary, names, TOKENS)).toBe('Send 1,234.56789 USDT to Carol');
  });

  it('shows a TRC20 approval as the spender allowed to spend, with an 18-decimal amount of 2^256−1 to the last digit', () => {
    const summary = tokenCall(WETH, 'approve(address,uint256)', [BOB, MAX_UINT256]);
    const exact =
      '115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007913129639935 WETH';
    expect(amountText(summary.call!.decoded!.effects[0]!, TOKENS)).toBe(exact);
    expect(headline(summary, names, TOKENS)).toBe(`Approve Bob to spend ${exact}`);
  });

  it('keeps every digit of a huge 18-decimal amount (no floating point anywhere)', () => {
    // 123456789012345678901234567890.123456789012345678: far beyond 2^53, and a float would round it.
    const amount = 123_456_789_012_345_678_901_234_567_890_123_456_789_012_345_678n;
    const summary = tokenCall(WETH, 'transfer(address,uint256)', [CAROL, amount]);
    expect(headline(summary, names, TOKENS)).toBe(
      'Send 123,456,789,012,345,678,901,234,567,890.123456789012345678 WETH to Carol',
    );
    expect(
      amountText(
        { role: 'send', asset: 'TRC20', contract: toHexAddress(WETH), to: toHexAddress(CAROL), amount: '1' },
        TOKENS,
      ),
    ).toBe('0.000000000000000001 WETH');
  });

  it('shows a token with 0 decimals as whole units, grouped', () => {
    const summary = tokenCall(POINTS, 'transfer(address,uint256)', [CAROL, 1_000_000n]);
    expect(headline(summary, names, TOKENS)).toBe('Send 1,000,000 PTS to Carol');
  });

  it('says "unknown decimals" with base units and the token’s Base58 address when the chain gave no symbol or decimals', () => {
    const summary = tokenCall(UNKNOWN_TOKEN, 'transfer(address,uint256)', [CAROL, 1_500n]);
    expect(headline(summary, names, new Map())).toBe(
      `Send 1500 base units (unknown decimals) of the TRC20 token at ${UNKNOWN_TOKEN} to Carol`,
    );
    expect(amountRaw(summary.call!.decoded!.effects[0]!, new Map())).toBeUndefined();
  });

  it('keeps the raw amount beside a known token’s amount in the summary lines', () => {
    const summary = tokenCall(USDT, 'transfer(address,uint256)', [CAROL, 250_000_000n]);
    expect(amountRaw(summary.call!.decoded!.effects[0]!, TOKENS)).toBe('250,000,000 base units');
  });

  it('shows a decoded call’s address arguments in Base58 and a token amount in its units, raw beside it', () => {
    const summary = tokenCall(USDT, 'transfer(address,uint256)', [CAROL, 250_000_000n]);
    expect(callView(summary, TOKENS)?.args).toEqual([
      { name: 'to', type: 'address', value: CAROL },
      { name: 'value', type: 'uint256', value: '250000000', shown: '250 USDT' },
    ]);
    // Unknown decimals: the number stays raw, with nothing pretending to be a token amount.
    expect(callView(tokenCall(UNKNOWN_TOKEN, 'transfer(address,uint256)', [CAROL, 5n]), TOKENS)?.args[1]).toEqual({
      name: 'value',
      type: 'uint256',
      value: '5',
    });
  });

  it('lists each token the summary moves once, for the caller to look up', () => {
    expect(tokensMoved(tokenCall(USDT, 'transfer(address,uint256)', [CAROL, 1n]))).toEqual({
      trc20: [toHexAddress(USDT)],
      trc10: [],
    });
    expect(
      tokensMoved(summaryOf(transferAssetContract({ owner: OWNER, to: CAROL, tokenId: '1000002', amount: 1n }))),
    ).toEqual({ trc20: [], trc10: ['1000002'] });
    expect(tokensMoved(summaryOf(freezeBalanceV2Contract({ owner: OWNER, amount: 1n })))).toEqual({
      trc20: [],
      trc10: [],
    });
  });

  it('names a call that moves no token by its decoded signature, or its selector without an ABI', () => {
    const data = encodeFunctionData('store(uint256)', [7n]);
    const spec = triggerSmartContract({ owner: OWNER, contract: CAROL, data });
    expect(headline(summaryOf(spec, ERC20_ABI), names, TOKENS)).toBe('Call store(uint256) on Carol');
    expect(headline(summaryOf(spec), names, TOKENS)).toBe(`Call function 0x${data.slice(0, 8)} on Carol`);
  });

  it('shows a TRC10 transfer in its precision and abbreviation when this node knows the token', () => {
    const summary = summaryOf(
      transferAssetContract({ owner: OWNER, to: CAROL, tokenId: '1000002', amount: 12_345_678_901n }),
    );
    expect(headline(summary, names, TOKENS)).toBe('Send 12,345.678901 GOLD (TRC10 token 1000002) to Carol');
  });

  it('shows a TRC10 transfer in raw units with its id when this node does not know the token', () => {
    const summary = summaryOf(
      transferAssetContract({ owner: OWNER, to: CAROL, tokenId: '1000001', amount: 25_000_000n }),
    );
    expect(amountText(summary.amounts[0]!, TOKENS)).toBe(
      '25000000 base units (unknown decimals) of TRC10 token 1000001',
    );
    expect(headline(summary, names, TOKENS)).toBe(
      'Send 25000000 base units (unknown decimals) of TRC10 token 1000001 to Carol',
    );
  });

  it('shows staking, unstaking and delegation amounts in TRX with the resource and the receiver', () => {
    expect(
      headline(
        summaryOf(freezeBalanceV2Contract({ owner: OWNER, amount: 1_234_500_000n, resource: 'ENERGY' })),
        names,
        TOKENS,
      ),
    ).toBe('Stake 1,234.5 TRX for energy');
    expect(headline(summaryOf(unfreezeBalanceV2Contract({ owner: OWNER, amount: 2_000_000n })), names, TOKENS)).toBe(
      'Unstake 2 TRX of bandwidth',
    );
    expect(
      headline(
        summaryOf(freezeBalanceV2Contract({ owner: OWNER, amount: 1_000_000n, resource: 'TRON_POWER' })),
        names,
        TOKENS,
      ),
    ).toBe('Stake 1 TRX for TRON power');
    expect(
      headline(
        summaryOf(
          delegateResourceContract({ owner: OWNER, receiver: CAROL, amount: 100_000_001n, resource: 'ENERGY' }),
        ),
        names,
        TOKENS,
      ),
    ).toBe('Delegate 100.000001 TRX of energy to Carol');
    expect(
      headline(
        summaryOf(
          unDelegateResourceContract({ owner: OWNER, receiver: BOB, amount: 5_000_000n, resource: 'BANDWIDTH' }),
        ),
        names,
        TOKENS,
      ),
    ).toBe('Take back 5 TRX of bandwidth from Bob');
  });

  it('puts the token amount, the recipient’s label and the fee limit into the summary lines', () => {
    const genesisBlockId = `0000000000000000${'cd'.repeat(24)}`;
    const transaction = build(
      triggerSmartContract({
        owner: OWNER,
        contract: WETH,
        data: encodeFunctionData('approve(address,uint256)', [BOB, 10n ** 18n]),
      }),
      150_000_000n,
    );
    const envelope = createEnvelope({
      transaction,
      network: { name: 'test', genesisBlockId },
      abi: ERC20_ABI,
      createdAt: HEADER.timestamp,
    });
    const lines = summaryLines(envelope, names, TOKENS);
    const value = (label: string) => lines.find((l) => l.label === label)?.value;
    expect(value('Approve spending (TRC20)')).toBe(`1 WETH for Bob (${BOB})`);
    expect(value('Contract')).toBe(WETH);
    expect(value('Fee limit')).toBe('150 TRX');
    expect(value('Signed under')).toBe('permission 2');
    expect(value('Transaction id')).toBe(transaction.txID);
  });
});

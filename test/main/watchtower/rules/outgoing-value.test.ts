import { describe, expect, it } from 'vitest';
import * as b from '@core/tx/builders';
import { outgoingValue } from '@main/watchtower/rules/outgoing-value';
import { signedTx, testKey, transferInfo } from '../fake-chain';
import { context, facts } from './rule-context';

const treasury = testKey();
const other = testKey();
const token = testKey().hex;
const rule = (trxSun: bigint, tokens: [string, bigint][] = [], otherTokens: bigint | null = 0n) => ({
  outgoingValue: { enabled: true, trxSun, tokens: new Map(tokens), otherTokens },
});

describe('outgoing value', () => {
  it('reports TRX sent above the threshold, and not at or below it', () => {
    const ctx = context(treasury.hex, { rules: rule(1_000_000n) });
    const above = signedTx(b.transferContract({ owner: treasury.hex, to: other.hex, amount: 1_000_001n }), [treasury]);
    const at = signedTx(b.transferContract({ owner: treasury.hex, to: other.hex, amount: 1_000_000n }), [treasury]);
    const [alert] = outgoingValue(facts(above), ctx);
    expect(alert).toMatchObject({
      rule: 'outgoing-value',
      txid: above.txID,
      details: { outflows: [{ asset: 'TRX', amount: '1000001', threshold: '1000000', to: other.hex }] },
    });
    expect(alert!.title).toContain('1.000001 TRX');
    expect(outgoingValue(facts(at), ctx)).toEqual([]);
  });

  it('ignores value coming in', () => {
    const incoming = signedTx(b.transferContract({ owner: other.hex, to: treasury.hex, amount: 5n }), [other]);
    expect(outgoingValue(facts(incoming), context(treasury.hex))).toEqual([]);
  });

  it('reads a TRC-10 token id from the hex asset_name and applies that token’s threshold', () => {
    const send = (amount: bigint) =>
      signedTx(b.transferAssetContract({ owner: treasury.hex, to: other.hex, tokenId: '1000001', amount }), [treasury]);
    const ctx = context(treasury.hex, { rules: rule(0n, [['1000001', 500n]]) });
    expect(outgoingValue(facts(send(501n)), ctx)[0]!.details).toMatchObject({
      outflows: [{ asset: 'TRC10', token: '1000001', amount: '501' }],
    });
    expect(outgoingValue(facts(send(500n)), ctx)).toEqual([]);
  });

  it('adds up the TRC-20 Transfer events leaving the account in one transaction, whoever sent it', () => {
    const call = signedTx(b.triggerSmartContract({ owner: other.hex, contract: token, data: 'a9059cbb' }), [other]);
    const first = transferInfo(call.txID, token, treasury.hex, other.hex, 600n);
    const info = {
      ...first,
      log: [...first.log, ...transferInfo(call.txID, token, treasury.hex, other.hex, 500n).log],
    };
    const ctx = context(treasury.hex, { rules: rule(0n, [[token, 1000n]]) });
    expect(outgoingValue(facts(call, info), ctx)[0]!.details).toMatchObject({
      outflows: [{ asset: 'TRC20', token, amount: '1100', threshold: '1000', to: other.hex }],
    });
    const small = transferInfo(call.txID, token, treasury.hex, other.hex, 1000n);
    expect(outgoingValue(facts(call, small), ctx)).toEqual([]);
  });

  it('leaves unlisted tokens alone when otherTokens is null, and a reverted call moved nothing', () => {
    const call = signedTx(b.triggerSmartContract({ owner: treasury.hex, contract: token, data: 'a9059cbb' }), [
      treasury,
    ]);
    const info = transferInfo(call.txID, token, treasury.hex, other.hex, 10n);
    expect(outgoingValue(facts(call, info), context(treasury.hex, { rules: rule(0n, [], null) }))).toEqual([]);
    const reverted = { ...call, ret: [{ contractRet: 'REVERT' }] };
    expect(outgoingValue(facts(reverted, info), context(treasury.hex))).toEqual([]);
  });

  it('reports TRX sent with a contract call (call_value)', () => {
    const call = signedTx(
      b.triggerSmartContract({ owner: treasury.hex, contract: token, data: 'a9059cbb', callValue: 7n }),
      [treasury],
    );
    expect(outgoingValue(facts(call), context(treasury.hex))[0]!.details).toMatchObject({
      outflows: [{ asset: 'TRX', amount: '7' }],
    });
  });

  it('says nothing when the rule is off', () => {
    const tx = signedTx(b.transferContract({ owner: treasury.hex, to: other.hex, amount: 9n }), [treasury]);
    const off = context(treasury.hex, { rules: { outgoingValue: { ...rule(0n).outgoingValue, enabled: false } } });
    expect(outgoingValue(facts(tx), off)).toEqual([]);
  });
});

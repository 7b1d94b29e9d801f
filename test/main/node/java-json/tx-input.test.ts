import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { transferContract, buildTransaction } from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import { transactionFromJson } from '@main/node/java-json/tx-input';
import { JavaError } from '@main/node/errors';

const OWNER = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const TO = '4115208ef33a926919ed270e2fa61367b2da3753da';
const SIGNATURE = `${'ab'.repeat(64)}1b`;

/** A TransferContract transaction as a wallet sends it, its JSON as a plain object to alter. */
function transfer(): Record<string, unknown> & { raw_data: { contract: Record<string, unknown>[] }; txID: string } {
  const header = transactionHeader({
    refBlock: { number: 1234n, blockId: `00000000000004d2${'cd'.repeat(24)}` },
    headTimestamp: 1_700_000_000_000,
    expirationMs: 60_000,
  });
  const tx = buildTransaction(transferContract({ owner: OWNER, to: TO, amount: 5n }), { header });
  return JSON.parse(JSON.stringify({ ...tx, signature: [SIGNATURE] })) as never;
}

function value(body: ReturnType<typeof transfer>): Record<string, unknown> {
  return (body.raw_data.contract[0]!.parameter as { value: Record<string, unknown> }).value;
}

function refusal(text: string): string {
  try {
    transactionFromJson(text, false);
  } catch (error) {
    if (error instanceof JavaError) return error.className;
    throw error;
  }
  throw new Error('the body was read');
}

describe('Util.packTransaction (transactionFromJson)', () => {
  it('reads a signed transfer to the transaction its txID names, signatures as bytes', () => {
    const body = transfer();
    const tx = transactionFromJson(JSON.stringify(body), false);
    expect(tx.idHex).toBe(body.txID);
    expect(tx.contractCount).toBe(1);
    expect(tx.signatures.map(bytesToHex)).toEqual([SIGNATURE]);
  });

  it('reads upper-case hex and unknown keys at every level, nested ones inside a contract value included', () => {
    const body = transfer();
    Object.assign(value(body), { owner_address: OWNER.toUpperCase(), note: { deep: [{ deeper: [1, 2] }] } });
    body.extra = { a: [true, null, 'x'] };
    body.signature = [SIGNATURE.toUpperCase()];
    const tx = transactionFromJson(JSON.stringify(body), false);
    expect(tx.idHex).toBe(body.txID);
    expect(tx.signatures.map(bytesToHex)).toEqual([SIGNATURE]);
  });

  it('drops a contract whose value JsonFormat refuses (an amount as a string, a non-hex digit) or whose type is unknown', () => {
    for (const change of [
      (v: Record<string, unknown>) => (v.amount = '5'),
      (v: Record<string, unknown>) => (v.to_address = `g${TO.slice(1)}`),
      (v: Record<string, unknown>) => (v.owner_address = 'zz'),
    ]) {
      const body = transfer();
      change(value(body));
      expect(transactionFromJson(JSON.stringify(body), false).contractCount).toBe(0);
    }
    const unknownType = transfer();
    unknownType.raw_data.contract[0]!.type = 'transfercontract';
    expect(transactionFromJson(JSON.stringify(unknownType), false).contractCount).toBe(0);
  });

  it('pads an odd-length hex value as ByteArray.fromHexString does', () => {
    const body = transfer();
    value(body).owner_address = OWNER.slice(1);
    const tx = transactionFromJson(JSON.stringify(body), false);
    expect(tx.contractCount).toBe(1);
    expect(tx.idHex).not.toBe(body.txID);
  });

  it('refuses a body without raw_data.contract, or one the whole merge refuses, as a NullPointerException', () => {
    expect(refusal('{}')).toBe('java.lang.NullPointerException');
    const body = transfer();
    body.signature = ['zz'];
    expect(refusal(JSON.stringify(body))).toBe('java.lang.NullPointerException');
  });

  it('with visible, drops a contract whose addresses are hex rather than Base58Check', () => {
    const body = transfer();
    expect(transactionFromJson(JSON.stringify(body), true).contractCount).toBe(0);
  });
});

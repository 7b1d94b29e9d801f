import { describe, expect, expectTypeOf, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { bigintToLong, longToBigint, protocol } from '@core/proto/runtime';
import { typeUrlOf } from '@core/tx/contract-types';
import { parseContract } from '@main/node/model/parsed-contract';

/** A transaction's contract as the node reads it: type, owner, permission id and the typed parameter. */
const OWNER = Uint8Array.from([0x41, ...new Array<number>(20).fill(0x11)]);
const TO = Uint8Array.from([0x41, ...new Array<number>(20).fill(0x22)]);
const transfer = protocol.TransferContract.encode({
  owner_address: OWNER,
  to_address: TO,
  amount: bigintToLong(5n),
}).finish();

describe('parseContract', () => {
  it('decodes the parameter of the named type and reads its owner and permission id', () => {
    const contract = parseContract({
      type: 1,
      parameter: { type_url: typeUrlOf('TransferContract'), value: transfer },
      Permission_id: 2,
    });
    expect(contract).toMatchObject({ type: 1, typeName: 'TransferContract', permissionId: 2 });
    expect(contract.ownerHex).toBe(bytesToHex(OWNER));
    if (contract.typeName !== 'TransferContract') throw new Error('not narrowed');
    expectTypeOf(contract.message).toEqualTypeOf<protocol.TransferContract | undefined>();
    expect(bytesToHex(contract.message!.to_address)).toBe(bytesToHex(TO));
    expect(longToBigint(contract.message!.amount)).toBe(5n);
  });

  it('leaves the message and owner empty when the type_url names another type (protobuf Any.is)', () => {
    const contract = parseContract({
      type: 1,
      parameter: { type_url: typeUrlOf('TransferAssetContract'), value: transfer },
    });
    expect(contract.typeName).toBe('TransferContract');
    expect(contract.message).toBeUndefined();
    expect(contract.owner).toEqual(new Uint8Array());
  });

  it('leaves the message undefined when the bytes do not decode', () => {
    const contract = parseContract({
      type: 1,
      parameter: { type_url: typeUrlOf('TransferContract'), value: Uint8Array.of(0x0a, 0x05, 0x01) },
    });
    expect(contract.message).toBeUndefined();
  });

  it('names no type and decodes nothing for a type id this version does not know', () => {
    // Type 7 is a gap in java-tron's ContractType enum; a transaction may still carry it.
    const unknownType = 7 as protocol.Transaction.Contract.ContractType;
    const contract = parseContract({
      type: unknownType,
      parameter: { type_url: 'type.googleapis.com/protocol.X', value: transfer },
    });
    expect(contract.typeName).toBeUndefined();
    expect(contract.message).toBeUndefined();
    expect(contract.ownerHex).toBe('');
  });
});

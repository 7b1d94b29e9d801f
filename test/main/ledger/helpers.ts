import { expect } from 'vitest';
import { LedgerError } from '@core/errors';
import { hexToBytes } from '@core/bytes/hex';
import { encodeFunctionData } from '@core/abi/calldata';
import { toEvmAddress } from '@core/address/address';
import * as build from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import type { TransactionJson } from '@core/tx/types';
import { LedgerDevice } from '@main/ledger/device';
import {
  SoftwareLedger,
  USDT_CONTRACT_HEX,
  type SoftwareLedgerOptions,
  type SoftwareLedgerScreen,
} from '../../fixtures/ledger/software-device';

/** The public test mnemonic of the embedded node; never for real funds. */
export const MNEMONIC = 'test test test test test test test test test test test junk';
export const PATH = "44'/195'/0'/0/0";
export const RECIPIENT = 'TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C';

export const header = transactionHeader({
  refBlock: { number: 0x1a2bn, blockId: '0000000000001a2b0123456789abcdef' + '00'.repeat(16) },
  headTimestamp: 1_700_000_000_000,
});

export function softwareDevice(behaviour: SoftwareLedgerOptions['behaviour'] = {}): {
  ledger: SoftwareLedger;
  device: LedgerDevice;
} {
  const ledger = new SoftwareLedger({ mnemonic: MNEMONIC, behaviour });
  return { ledger, device: new LedgerDevice(ledger) };
}

/** Requires `promise` to reject with a LedgerError of `code` and returns the error. */
export async function ledgerRejection(promise: Promise<unknown>, code: string): Promise<LedgerError> {
  let thrown: unknown;
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    thrown = error;
  }
  expect(value, 'nothing may be returned').toBeUndefined();
  expect(thrown, `expected LedgerError ${code}`).toBeInstanceOf(LedgerError);
  expect((thrown as LedgerError).code).toBe(code);
  return thrown as LedgerError;
}

export function rawBytes(tx: TransactionJson): Uint8Array {
  return hexToBytes(tx.raw_data_hex);
}

/** 1.5 TRX from `owner`, signed by active permission 2, with a memo. */
export function transferWithMemo(owner: string, memo = 'payroll June'): TransactionJson {
  return build.buildTransaction(build.transferContract({ owner, to: RECIPIENT, amount: 1_500_000n }), {
    header,
    memo,
    permissionId: 2,
  });
}

/** What the software device shows for `transferWithMemo` at PATH. */
export function transferWithMemoScreen(answer: 'approve' | 'decline'): SoftwareLedgerScreen {
  return {
    kind: 'transaction',
    path: PATH,
    contractType: 'TransferContract',
    permissionId: 2,
    memo: true,
    tokenDescriptors: 0,
    answer,
  };
}

/** transfer(RECIPIENT, amount) on a TRC-20 contract (USDT by default, a token the Tron app knows). */
export function trc20Transfer(
  owner: string,
  options: { contract?: string; memo?: string; permissionId?: number } = {},
): TransactionJson {
  const data = encodeFunctionData('transfer(address,uint256)', [toEvmAddress(RECIPIENT), 25_000_000n]);
  const spec = build.triggerSmartContract({ owner, contract: options.contract ?? USDT_CONTRACT_HEX, data });
  return build.buildTransaction(spec, {
    header,
    feeLimit: 30_000_000n,
    ...(options.memo ? { memo: options.memo } : {}),
    ...(options.permissionId ? { permissionId: options.permissionId } : {}),
  });
}

/** An AccountPermissionUpdate that keeps `owner` as the only key: the Tron app shows it only as a hash. */
export function permissionUpdate(owner: string): TransactionJson {
  const keys = [{ address: owner, weight: 1 }];
  return build.buildTransaction(
    build.accountPermissionUpdateContract({
      owner,
      ownerPermission: { type: 'Owner', permission_name: 'owner', threshold: 1, keys },
      actives: [
        {
          type: 'Active',
          permission_name: 'ops',
          threshold: 1,
          operations: '7fff1fc0033e0000000000000000000000000000000000000000000000000000',
          keys,
        },
      ],
    }),
    { header },
  );
}

/** A CreateSmartContract: a contract type the Tron app does not sign at all. */
export function contractDeployment(owner: string): TransactionJson {
  return build.buildTransaction(build.createSmartContract({ owner, bytecode: '6080604052', name: 'Empty', abi: [] }), {
    header,
    feeLimit: 100_000_000n,
  });
}

import { describe, expect, it } from 'vitest';
import { AddressError, WalletError } from '@core/errors';
import {
  AdmissionError,
  ChainError,
  ContractValidateError,
  ForkUpstreamError,
  JavaError,
  NodeStoppingError,
  ReturnCodeError,
  TransactionSignatureError,
  VmValidationError,
} from '@main/node/errors';
import { fromErrorData, toErrorData } from '@main/wallet/node-host/node-worker/error-data';

/** Through the boundary as a worker message carries it: data, structured-cloned. */
const across = (error: unknown) => fromErrorData(structuredClone(toErrorData(error)));

describe('errors across the node worker boundary', () => {
  it('rebuilds the node error classes with their fields', () => {
    const admission = across(new AdmissionError('SIGERROR', 'Validate signature error: miss sig or contract'));
    expect(admission).toBeInstanceOf(AdmissionError);
    expect(admission).toMatchObject({ code: 'SIGERROR', message: 'Validate signature error: miss sig or contract' });

    const signature = across(new TransactionSignatureError('permission', 'permission denied'));
    expect(signature).toBeInstanceOf(TransactionSignatureError);
    expect(signature).toMatchObject({ kind: 'permission', message: 'permission denied' });

    const java = across(new JavaError('java.lang.IllegalArgumentException', 'bad', true));
    expect(java).toBeInstanceOf(JavaError);
    expect(java).toMatchObject({ className: 'java.lang.IllegalArgumentException', message: 'bad', bare: true });

    const ret = across(new ReturnCodeError('CONTRACT_EXE_ERROR', 'REVERT opcode executed'));
    expect(ret).toBeInstanceOf(ReturnCodeError);
    expect(ret).toMatchObject({ code: 'CONTRACT_EXE_ERROR' });

    const upstream = across(new ForkUpstreamError('account TXYZ', 'HTTP 503'));
    expect(upstream).toBeInstanceOf(ForkUpstreamError);
    expect(upstream.message).toBe(new ForkUpstreamError('account TXYZ', 'HTTP 503').message);
    expect(upstream).toMatchObject({ item: 'account TXYZ', cause_: 'HTTP 503' });

    expect(across(new NodeStoppingError())).toBeInstanceOf(NodeStoppingError);
    expect(across(new ChainError('no block 9'))).toBeInstanceOf(ChainError);
    expect(across(new ContractValidateError('No contract!'))).toMatchObject({ message: 'No contract!' });
  });

  it('rebuilds WalletError subclasses with code and details, the node VM errors among them', () => {
    const address = across(new AddressError('ADDRESS_BAD_CHECKSUM', 'The address checksum is wrong.', { at: 3 }));
    expect(address).toBeInstanceOf(AddressError);
    expect(address).toMatchObject({ code: 'ADDRESS_BAD_CHECKSUM', details: { at: 3 } });
    const vm = across(new VmValidationError('VM_REFUSED', 'Contract validate error : no energy'));
    expect(vm).toBeInstanceOf(VmValidationError);
    expect(vm).toBeInstanceOf(WalletError);
  });

  it("keeps a system error's code and a built-in error's class", () => {
    const listen = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:8090'), {
      code: 'EADDRINUSE',
      syscall: 'listen',
    });
    expect(across(listen)).toMatchObject({ code: 'EADDRINUSE', syscall: 'listen', message: listen.message });
    expect(across(new RangeError('out of range'))).toBeInstanceOf(RangeError);
    const odd = across(Object.assign(new Error('odd'), { name: 'LevelError' }));
    expect(odd).toMatchObject({ name: 'LevelError', message: 'odd' });
    expect(across('a thrown string')).toMatchObject({ message: 'a thrown string' });
  });
});

import { describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { addressFromPrivateKey } from '../../../src-core/keys/keys';
import { TxRequestSchema } from '../../../src-core/ipc/channels/tx';
import { checkForm, defaultValues, KIND_FORMS } from '../../../src-renderer/forms/tx-form';

const owner = toBase58Address(addressFromPrivateKey(hexToBytes('01'.padStart(64, '0'))));

describe('forms described by the kind files', () => {
  it('offers the brokerage form under Voting, starting at the chain default of 20 %', () => {
    expect(KIND_FORMS['update-brokerage'].group).toBe('Voting');
    const result = checkForm('update-brokerage', owner, defaultValues('update-brokerage'));
    expect(result.errors).toEqual({});
    expect(result.request).toEqual({ kind: 'update-brokerage', owner, brokeragePercent: 20 });
    expect(TxRequestSchema.safeParse(result.request).success).toBe(true);
  });

  it('says what is wrong with a brokerage above 100 % under its own field', () => {
    const result = checkForm('update-brokerage', owner, { brokerage: '101' });
    expect(result.request).toBeNull();
    expect(result.errors).toEqual({ brokerage: 'The percentage must be at most 100.' });
  });
});

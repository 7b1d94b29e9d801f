import { describe, expect, it } from 'vitest';
import { TransactionError } from '../../../src-core/errors';
import { checkTransactionIntegrity } from '../../../src-main/vault/tx-integrity';
import { caught } from './helpers';
import { unsignedTx } from './tx-fixtures';

describe('tx-integrity', () => {
  it('accepts every vector transaction as TronWeb built it', () => {
    for (const name of ['transfer_owner', 'transfer_owner_memo', 'transfer_multisig_pid2', 'trigger_trc20_transfer_multisig_pid2', 'create_smart_contract']) {
      expect(() => checkTransactionIntegrity(unsignedTx(name))).not.toThrow();
    }
  });

  it('refuses a txID that is not sha256(raw_data_hex)', async () => {
    const tx = unsignedTx('transfer_owner');
    tx.txID = `${tx.txID.slice(0, -1)}${tx.txID.endsWith('0') ? '1' : '0'}`;
    const error = await caught(() => checkTransactionIntegrity(tx));
    expect(error).toBeInstanceOf(TransactionError);
    expect(error.code).toBe('TX_ID_MISMATCH');
  });

  it('refuses raw_data_hex changed without changing txID', async () => {
    const tx = unsignedTx('transfer_owner');
    tx.raw_data_hex = tx.raw_data_hex.replace('0a021a2b', '0a021a2c');
    expect((await caught(() => checkTransactionIntegrity(tx))).code).toBe('TX_ID_MISMATCH');
  });

  it('refuses JSON whose Permission_id differs from the signed bytes', async () => {
    const tx = unsignedTx('transfer_multisig_pid2');
    tx.raw_data.contract[0]!.Permission_id = 0;
    const error = await caught(() => checkTransactionIntegrity(tx));
    expect(error).toBeInstanceOf(TransactionError);
    expect(error.code).toBe('TX_JSON_MISMATCH');
  });
});

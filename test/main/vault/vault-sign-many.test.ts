import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { recoverAddress } from '../../../src-core/keys/keys';
import { caught, useTestVaults } from './helpers';
import { unsignedTx, vectorKeys } from './tx-fixtures';

const vaults = useTestVaults();

describe('vault: signing many transactions with one key read', () => {
  it('signs each transaction with the account key, under the permission each names', async () => {
    const { vault } = await vaults.setup();
    const account = await vault.importPrivateKey(vectorKeys.K2!.private_key);
    const txs = [unsignedTx('transfer_multisig_pid2'), unsignedTx('trigger_trc20_transfer_multisig_pid2')];
    const signed = await vault.signMany(
      txs.map((transaction) => ({ transaction, permissionId: 2 })),
      account.id,
    );
    expect(signed.map((t) => t.txID)).toEqual(txs.map((t) => t.txID));
    for (const tx of signed) {
      expect(tx.signature).toHaveLength(1);
      expect(recoverAddress(hexToBytes(tx.txID), hexToBytes(tx.signature![0]!))).toBe(vectorKeys.K2!.hex);
    }
  });

  it('signs none when one of them is not what the caller expects', async () => {
    const { vault } = await vaults.setup();
    const account = await vault.importPrivateKey(vectorKeys.K2!.private_key);
    const error = await caught(() =>
      vault.signMany(
        [
          { transaction: unsignedTx('transfer_multisig_pid2'), permissionId: 2 },
          { transaction: unsignedTx('transfer_multisig_pid2'), permissionId: 0 },
        ],
        account.id,
      ),
    );
    expect(error.code).toBe('VAULT_PERMISSION_MISMATCH');
  });
});

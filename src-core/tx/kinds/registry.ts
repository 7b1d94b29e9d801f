import { cancelAllUnfreezeV2 } from './cancel-all-unfreeze-v2';
import { clearAbi } from './clear-abi';
import { createSmartContract } from './create-smart-contract';
import { delegateResource } from './delegate-resource';
import { freezeBalanceV2 } from './freeze-balance-v2';
import { transferTrc10 } from './transfer-trc10';
import { transferTrx } from './transfer-trx';
import { trc20Transfer } from './trc20-transfer';
import { triggerSmartContract } from './trigger-smart-contract';
import { undelegateResource } from './undelegate-resource';
import { unfreezeBalanceV2 } from './unfreeze-balance-v2';
import { updateBrokerage } from './update-brokerage';
import { updateEnergyLimit } from './update-energy-limit';
import { updateSetting } from './update-setting';
import { voteWitness } from './vote-witness';
import { withdrawBalance } from './withdraw-balance';
import { withdrawExpireUnfreeze } from './withdraw-expire-unfreeze';

/**
 * Every transaction kind the wallet builds, one row each, in the order the builder lists them.
 * The IPC request schema, the wallet's planning and the renderer's forms are derived from it.
 */
export const TX_KIND_REGISTRY = [
  transferTrx,
  transferTrc10,
  trc20Transfer,
  freezeBalanceV2,
  unfreezeBalanceV2,
  withdrawExpireUnfreeze,
  cancelAllUnfreezeV2,
  delegateResource,
  undelegateResource,
  voteWitness,
  withdrawBalance,
  createSmartContract,
  triggerSmartContract,
  updateSetting,
  updateEnergyLimit,
  clearAbi,
  updateBrokerage,
] as const;

export type TxKindDescriptor = (typeof TX_KIND_REGISTRY)[number];
export type TxKind = TxKindDescriptor['kind'];

/** The kind's row, by name. */
export const TX_KIND_BY_NAME = Object.fromEntries(TX_KIND_REGISTRY.map((d) => [d.kind, d])) as {
  readonly [D in TxKindDescriptor as D['kind']]: D;
};

// Builds what a rule sees: the facts of a signed transaction and the watched account's context.
import type { HexAddress } from '../../../../src-core/brand';
import type { TransactionInfo } from '../../../../src-core/client/types';
import type { AccountPermissions } from '../../../../src-core/permission/model';
import type { TransactionJson } from '../../../../src-core/tx/types';
import { transactionFacts, type TxFacts } from '../../../../src-main/watchtower/block-facts';
import type { RuleContext } from '../../../../src-main/watchtower/rules/context';
import { defaultRules, type AccountRules } from '../../../../src-main/watchtower/watch-list';

export function facts(tx: TransactionJson, info?: TransactionInfo): TxFacts {
  return transactionFacts(tx, info);
}

export function context(
  address: HexAddress,
  options: {
    rules?: Partial<AccountRules>;
    permissions?: AccountPermissions;
    baseline?: RuleContext['baseline'];
    knownAddresses?: HexAddress[];
  } = {},
): RuleContext {
  return {
    account: { address, label: 'Treasury', rules: { ...defaultRules(), ...options.rules } },
    permissions: options.permissions ?? { address, actives: [] },
    baseline: options.baseline ?? { permissionIds: [0, 2], signers: [address] },
    knownAddresses: options.knownAddresses ?? [],
  };
}

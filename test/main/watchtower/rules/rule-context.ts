// Builds what a rule sees: the facts of a signed transaction and the watched account's context.
import type { HexAddress } from '@core/brand';
import type { TransactionInfo } from '@core/client/types';
import type { AccountPermissions } from '@core/permission/model';
import type { TransactionJson } from '@core/tx/types';
import { transactionFacts, type TxFacts } from '@main/watchtower/block-facts';
import { alertWords } from '@main/watchtower/alert-words';
import type { RuleContext } from '@main/watchtower/rules/context';
import { defaultRules, type AccountRules } from '@main/watchtower/watch-list';

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
    names?: ReadonlyMap<HexAddress, string>;
  } = {},
): RuleContext {
  const account = { address, label: 'Treasury', rules: { ...defaultRules(), ...options.rules } };
  return {
    account,
    permissions: options.permissions ?? { address, actives: [] },
    baseline: options.baseline ?? { permissionIds: [0, 2], signers: [address] },
    knownAddresses: options.knownAddresses ?? [],
    words: alertWords({ accounts: [account], ...(options.names ? { names: options.names } : {}) }),
  };
}

import type { EnvelopeSummary } from '../../../src-core/envelope';
import { TronAppSetting } from '../../ledger/status-words';
import { amountText, type TokenFacts } from '../chain-knowledge/describe';
import { Names } from '../chain-knowledge/names';

/** What the Tron app shows for a transaction, and the app setting it needs first, if any. */
export interface LedgerScreenNote {
  /** "Confirm on your Ledger; it should show …", for main's confirmation. */
  readonly confirm: string;
  /** The setting's name on the app's settings screen, when the transaction needs one. */
  readonly setting?: TronAppSetting;
  readonly settingReason?: string;
}

/**
 * Contract types the Tron app reads but shows only as a hash, behind "Sign by Hash" (app-tron
 * src/sign.c `handleSign`, its default branch; the README of src-main/ledger).
 */
const HASH_ONLY_TYPES = new Set([
  'AccountPermissionUpdateContract',
  'ProposalCreateContract',
  'ProposalApproveContract',
  'ProposalDeleteContract',
  'AccountUpdateContract',
]);

/** TRC-20 `transfer(address,uint256)` and `approve(address,uint256)`: the calls the app shows as token actions. */
const TOKEN_SELECTORS = new Set(['a9059cbb', '095ea7b3']);

/**
 * The words main adds to its confirmation when a Ledger signs, so the person can match the
 * device's screens against main's summary, and the setting the Tron app needs before it will
 * sign (app-tron settings: "Transactions data" for raw_data.data, "Custom contracts" for other
 * contract calls, "Sign by Hash" for the types it shows only as a hash).
 */
export function ledgerScreenNote(
  summary: EnvelopeSummary,
  txID: string,
  names: Names,
  tokens: TokenFacts,
): LedgerScreenNote {
  const parts: string[] = [];
  let setting: TronAppSetting | undefined;
  let settingReason: string | undefined;
  if (HASH_ONLY_TYPES.has(summary.contractType)) {
    parts.push(`the transaction hash ${txID}`);
    setting = TronAppSetting.signByHash;
    settingReason = `The Tron app shows a ${summary.contractType} only as its hash.`;
  } else {
    parts.push(summary.contractType);
    for (const line of summary.amounts) parts.push(amountText(line, tokens));
    for (const effect of summary.call?.decoded?.effects ?? []) {
      if (effect.asset === 'TRC20') parts.push(`${amountText(effect, tokens)} to ${Names.base58(effect.to)}`);
    }
    for (const recipient of summary.recipients) parts.push(`to ${Names.base58(recipient)}`);
    parts.push(`from ${Names.base58(summary.owner)}`);
    if (summary.call && !TOKEN_SELECTORS.has(summary.call.selector ?? '')) {
      setting = TronAppSetting.customContracts;
      settingReason = 'This contract call is not a token transfer or approval.';
    } else if (summary.call) {
      settingReason = 'If the Tron app does not know this token it treats the call as a custom contract.';
    }
    if (summary.memo) {
      parts.push('a "Data present" warning for the memo');
      setting = TronAppSetting.transactionsData;
      settingReason = 'This transaction carries a memo (extra data).';
    }
  }
  if (summary.permissionId !== 0) parts.push(`signed under permission ${summary.permissionId}`);
  return {
    confirm: `Confirm on your Ledger; it should show ${parts.join(', ')}. If it shows anything else, decline on the device.`,
    ...(setting ? { setting } : {}),
    ...(settingReason ? { settingReason } : {}),
  };
}

/** The warning for main's confirmation: the setting to switch on before approving on the device. */
export function settingWarning(note: LedgerScreenNote): string | null {
  if (note.setting) {
    return `${note.settingReason ?? ''} Enable "${note.setting}" in the Tron app's settings on the Ledger before you confirm, or the device will refuse it.`.trim();
  }
  if (note.settingReason) {
    return `${note.settingReason} If the device refuses it, enable "${TronAppSetting.customContracts}" in the Tron app's settings.`;
  }
  return null;
}

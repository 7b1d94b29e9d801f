/**
 * java-tron's validate and revert texts in the app's own words. The node's text is kept apart as
 * `detail`, so a notice can show the sentence first and the node's exact words in a details line.
 *
 * The texts matched are the actuators' ContractValidateException messages (java-tron
 * TransferActuator, TransferAssetActuator, FreezeBalanceV2Actuator, UnfreezeBalanceV2Actuator,
 * DelegateResourceActuator) behind the "Contract validate error : " prefix of
 * Wallet.broadcastTransaction, and the Error(string) reasons of OpenZeppelin-style TRC-20 reverts.
 */
export interface NodeRefusalText {
  /** What a person reads and can act on. */
  readonly sentence: string;
  /** java-tron's own words, unchanged; null when the sentence already quotes them (a contract's revert reason). */
  readonly detail: string | null;
}

const VALIDATE_PREFIX = /^\s*(?:contract validate error\s*:\s*)/i;

const RULES: readonly { readonly test: RegExp; readonly sentence: (reason: string) => string }[] = [
  {
    test: /receiver account.*does not exist|to account.*not exist|receiver.*not activated/i,
    sentence: () => 'The receiving account is not activated on this network yet: send it TRX first.',
  },
  {
    test: /no owneraccount|owner account.*(?:does not exist|not exist)|account\s*\[.*\] (?:does )?not exist|account does not exist|not activated/i,
    sentence: () =>
      'The sending account is not activated on this network yet: it must receive TRX before it can send anything.',
  },
  {
    test: /token balance is not enough|assetbalance is not sufficient|asset balance is not enough/i,
    sentence: () => 'The account holds less of this token than the amount. Lower the amount.',
  },
  {
    test: /no frozenbalance|frozen ?balance (?:is )?not enough|less than or equal to available freezev2|unfreezebalance.*(?:greater|more) than/i,
    sentence: () => 'The account has not staked enough TRX for this resource. Lower the amount or stake more first.',
  },
  {
    test: /balance is not (?:sufficient|enough)|frozenbalance must be less than or equal to accountbalance|insufficient fee|not enough balance/i,
    sentence: () =>
      'The account does not hold enough TRX for this amount and its fees. Lower the amount or add TRX to the account.',
  },
  {
    test: /transfer amount exceeds balance|insufficient balance|balance too low|exceeds balance/i,
    sentence: (reason) =>
      `The token contract refuses the transfer: the account holds less of this token than the amount (“${reason}”).`,
  },
  {
    test: /transfer amount exceeds allowance|insufficient allowance/i,
    sentence: (reason) =>
      `The token contract refuses the transfer: the allowance is smaller than the amount (“${reason}”).`,
  },
  {
    test: /REVERT opcode executed|\brevert(?:ed)?\b/i,
    sentence: (reason) => `The contract refuses the call, so nothing would move (“${reason}”).`,
  },
];

/** The app's sentence for a node refusal or a revert reason, or null when the text is not a known one. */
export function explainNodeRefusal(text: string): NodeRefusalText | null {
  const detail = text.trim();
  if (detail === '') return null;
  const bare = detail.replace(VALIDATE_PREFIX, '');
  const rule = RULES.find((r) => r.test.test(bare));
  if (!rule) return null;
  const sentence = rule.sentence(bare);
  return { sentence, detail: sentence.includes(bare) ? null : detail };
}

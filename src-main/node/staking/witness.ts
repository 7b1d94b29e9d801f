import { bytesToHex } from '../../../src-core/bytes/hex';
import { addressValid } from '../model/validation';
import { defaultWitnessPermission } from '../state/account';
import type { StateView } from '../state/view';
import type { WitnessRecord } from '../state/witness';
import { allowChangeDelegation } from './rules';
import { setBrokerage } from './rewards';
import { ContractValidateError } from '../errors';

/**
 * Super-representative candidacy (JT WitnessCreateActuator, WitnessUpdateActuator,
 * UpdateBrokerageActuator): a candidate pays getAccountUpgradeCost (9999 TRX), gets a default
 * witness permission (its own key) and can be voted for; it produces blocks once maintenance ranks
 * it among the top 27.
 */
const MAX_URL_BYTES = 256;

/** TransactionUtil.validUrl: 1 to 256 bytes. */
export function validUrl(url: Uint8Array): boolean {
  return url.length > 0 && url.length <= MAX_URL_BYTES;
}

export function validateWitnessCreate(view: StateView, owner: Uint8Array | undefined, url: Uint8Array): void {
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const hex = bytesToHex(owner);
  if (!validUrl(url)) throw new ContractValidateError('Invalid url');
  const account = view.getAccount(hex);
  if (!account) throw new ContractValidateError(`account[${hex}] not exists`);
  if (view.getWitness(hex)) throw new ContractValidateError(`Witness[${hex}] has existed`);
  if (account.balance < view.props.parameters.getAccountUpgradeCost)
    throw new ContractValidateError('balance < AccountUpgradeCost');
}

/** Returns the fee (getAccountUpgradeCost), burned. */
export function applyWitnessCreate(view: StateView, ownerHex: string, url: Uint8Array): bigint {
  const account = view.mutableAccount(ownerHex)!;
  const witness: WitnessRecord = {
    address: Uint8Array.from(account.address),
    addressHex: ownerHex,
    voteCount: 0n,
    url: new TextDecoder().decode(url),
    totalProduced: 0,
    totalMissed: 0,
    latestBlockNum: 0,
    latestSlotNum: 0,
    isJobs: false,
  };
  view.putWitness(witness);
  account.isWitness = true;
  if (view.props.parameters.getAllowMultiSign === 1n)
    account.witnessPermission = defaultWitnessPermission(account.address);
  const cost = view.props.parameters.getAccountUpgradeCost;
  account.balance -= cost;
  view.mutable.burnedSun += cost;
  return cost;
}

export function validateWitnessUpdate(view: StateView, owner: Uint8Array | undefined, url: Uint8Array): void {
  if (!addressValid(owner)) throw new ContractValidateError('Invalid address');
  const hex = bytesToHex(owner);
  if (!view.getAccount(hex)) throw new ContractValidateError('account does not exist');
  if (!validUrl(url)) throw new ContractValidateError('Invalid url');
  if (!view.getWitness(hex)) throw new ContractValidateError('Witness does not exist');
}

export function applyWitnessUpdate(view: StateView, ownerHex: string, url: Uint8Array): void {
  const witness = view.mutableWitness(ownerHex)!;
  witness.url = new TextDecoder().decode(url);
}

export function validateUpdateBrokerage(view: StateView, owner: Uint8Array | undefined, brokerage: number): void {
  if (!allowChangeDelegation(view.props.parameters))
    throw new ContractValidateError('contract type error, unexpected type [UpdateBrokerageContract]');
  if (!addressValid(owner)) throw new ContractValidateError('Invalid ownerAddress');
  if (brokerage < 0 || brokerage > 100) throw new ContractValidateError('Invalid brokerage');
  const hex = bytesToHex(owner);
  if (!view.getWitness(hex)) throw new ContractValidateError(`Not existed witness:${hex}`);
  if (!view.getAccount(hex)) throw new ContractValidateError('Account does not exist');
}

/** Takes effect from the next maintenance (java-tron copies it into the next cycle then). */
export function applyUpdateBrokerage(view: StateView, ownerHex: string, brokerage: number): void {
  setBrokerage(view, -1, ownerHex, brokerage);
}

import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import type { protocol } from '../../../src-core/proto/runtime';
import { longToBigint } from '../../../src-core/proto/runtime';
import { addressValid, INT64_MAX } from '../model/validation';
import type { AccountRecord } from '../state/account';
import { newAccount } from '../state/account';
import type { StateView } from '../state/view';
import type { AssetRecord } from './assets';
import { assetBalance, getAsset, putAsset, tokenIdText } from './assets';
import { ContractValidateError } from '../errors';

/**
 * TRC-10 issue, transfer and purchase (JT AssetIssueActuator, TransferAssetActuator,
 * ParticipateAssetIssueActuator with ALLOW_SAME_TOKEN_NAME on), with java-tron's messages.
 */
const DAY_MS = 86_400_000;
const MAX_ASSET_NAME = 32;
const MAX_DESCRIPTION = 200;
const MAX_URL = 256;
const MAX_PRECISION = 6;
/** DynamicPropertiesStore defaults: MAX_FROZEN_SUPPLY_NUMBER, MIN/MAX_FROZEN_SUPPLY_TIME (days), ONE_DAY_NET_LIMIT. */
const MAX_FROZEN_SUPPLY_NUMBER = 10;
const MIN_FROZEN_SUPPLY_DAYS = 1n;
const MAX_FROZEN_SUPPLY_DAYS = 3652n;
export const ONE_DAY_NET_LIMIT = 57_600_000_000n;

/** TransactionUtil.validAssetName: 1–32 printable ASCII bytes without spaces. */
function validReadable(bytes: Uint8Array, max: number): boolean {
  return bytes.length > 0 && bytes.length <= max && bytes.every((b) => b >= 0x21 && b <= 0x7e);
}

function adjustAsset(account: AccountRecord, id: string, delta: bigint): void {
  account.assetV2 = new Map(account.assetV2).set(id, assetBalance(account, id) + delta);
}

// --- AssetIssue ------------------------------------------------------------------------------------

export function validateAssetIssue(view: StateView, m: protocol.AssetIssueContract): void {
  const owner = m.owner_address;
  if (!addressValid(owner)) throw new ContractValidateError('Invalid ownerAddress');
  const name = m.name;
  if (!validReadable(name, MAX_ASSET_NAME)) throw new ContractValidateError('Invalid assetName');
  if (new TextDecoder().decode(name).toLowerCase() === 'trx') throw new ContractValidateError("assetName can't be trx");
  const precision = m.precision;
  if (precision !== 0 && (precision < 0 || precision > MAX_PRECISION))
    throw new ContractValidateError('precision cannot exceed 6');
  const abbr = m.abbr;
  if (abbr.length > 0 && !validReadable(abbr, MAX_ASSET_NAME))
    throw new ContractValidateError('Invalid abbreviation for token');
  const url = m.url;
  if (url.length === 0 || url.length > MAX_URL) throw new ContractValidateError('Invalid url');
  if (m.description.length > MAX_DESCRIPTION) throw new ContractValidateError('Invalid description');
  const start = longToBigint(m.start_time);
  const end = longToBigint(m.end_time);
  if (start === 0n) throw new ContractValidateError('Start time should be not empty');
  if (end === 0n) throw new ContractValidateError('End time should be not empty');
  if (end <= start) throw new ContractValidateError('End time should be greater than start time');
  if (start <= BigInt(view.props.headTimestamp))
    throw new ContractValidateError('Start time should be greater than HeadBlockTime');
  const totalSupply = longToBigint(m.total_supply);
  if (totalSupply <= 0n) throw new ContractValidateError('TotalSupply must greater than 0!');
  if (m.trx_num <= 0) throw new ContractValidateError('TrxNum must greater than 0!');
  if (m.num <= 0) throw new ContractValidateError('Num must greater than 0!');
  if (longToBigint(m.public_free_asset_net_usage) !== 0n)
    throw new ContractValidateError('PublicFreeAssetNetUsage must be 0!');
  const frozen = m.frozen_supply;
  if (frozen.length > MAX_FROZEN_SUPPLY_NUMBER)
    throw new ContractValidateError('Frozen supply list length is too long');
  const freeLimit = longToBigint(m.free_asset_net_limit);
  if (freeLimit < 0n || freeLimit >= ONE_DAY_NET_LIMIT) throw new ContractValidateError('Invalid FreeAssetNetLimit');
  const publicLimit = longToBigint(m.public_free_asset_net_limit);
  if (publicLimit < 0n || publicLimit >= ONE_DAY_NET_LIMIT)
    throw new ContractValidateError('Invalid PublicFreeAssetNetLimit');
  let remain = totalSupply;
  for (const f of frozen) {
    const amount = longToBigint(f.frozen_amount);
    const days = longToBigint(f.frozen_days);
    if (amount <= 0n) throw new ContractValidateError('Frozen supply must be greater than 0!');
    if (amount > remain) throw new ContractValidateError('Frozen supply cannot exceed total supply');
    if (!(days >= MIN_FROZEN_SUPPLY_DAYS && days <= MAX_FROZEN_SUPPLY_DAYS)) {
      throw new ContractValidateError(
        `frozenDuration must be less than ${MAX_FROZEN_SUPPLY_DAYS} days and more than ${MIN_FROZEN_SUPPLY_DAYS} days`,
      );
    }
    remain -= amount;
  }
  const account = view.getAccount(bytesToHex(owner));
  if (!account) throw new ContractValidateError('Account not exists');
  if (account.assetIssuedName.length > 0) throw new ContractValidateError('An account can only issue one asset');
  if (account.balance < view.props.parameters.getAssetIssueFee)
    throw new ContractValidateError('No enough balance for fee!');
}

/** Issues the token; returns its id and the fee (getAssetIssueFee, burned). */
export function applyAssetIssue(view: StateView, m: protocol.AssetIssueContract): { id: string; fee: bigint } {
  const owner = m.owner_address;
  const ownerHex = bytesToHex(owner);
  view.mutable.tokenIdNum += 1;
  const id = String(view.mutable.tokenIdNum);
  const frozen = m.frozen_supply.map((f) => ({
    amount: longToBigint(f.frozen_amount),
    days: longToBigint(f.frozen_days),
  }));
  const asset: AssetRecord = {
    id,
    ownerHex,
    owner: Uint8Array.from(owner),
    name: Uint8Array.from(m.name),
    abbr: Uint8Array.from(m.abbr),
    totalSupply: longToBigint(m.total_supply),
    frozenSupply: frozen,
    trxNum: m.trx_num,
    precision: m.precision,
    num: m.num,
    startTime: Number(longToBigint(m.start_time)),
    endTime: Number(longToBigint(m.end_time)),
    order: longToBigint(m.order),
    voteScore: m.vote_score,
    description: Uint8Array.from(m.description),
    url: Uint8Array.from(m.url),
    freeAssetNetLimit: longToBigint(m.free_asset_net_limit),
    publicFreeAssetNetLimit: longToBigint(m.public_free_asset_net_limit),
    publicFreeAssetNetUsage: 0n,
    publicLatestFreeNetTime: Number(longToBigint(m.public_latest_free_net_time)),
  };
  putAsset(view, asset);
  const fee = view.props.parameters.getAssetIssueFee;
  const account = view.mutableAccount(ownerHex)!;
  account.balance -= fee;
  view.mutable.burnedSun += fee;
  let remain = asset.totalSupply;
  const frozenSupply = [...account.frozenSupply];
  for (const f of frozen) {
    frozenSupply.push({ amount: f.amount, expireTime: asset.startTime + Number(f.days) * DAY_MS });
    remain -= f.amount;
  }
  account.frozenSupply = frozenSupply;
  account.assetIssuedName = asset.name;
  account.assetIssuedId = utf8ToBytes(id);
  account.assetV2 = new Map(account.assetV2).set(id, remain);
  return { id, fee };
}

// --- TransferAsset ---------------------------------------------------------------------------------

export function transferAssetCreatesAccount(view: StateView, m: protocol.TransferAssetContract): boolean {
  const to = m.to_address;
  return !!to && to.length > 0 && !view.getAccount(bytesToHex(to));
}

export function validateTransferAsset(view: StateView, m: protocol.TransferAssetContract): void {
  const owner = m.owner_address;
  const to = m.to_address;
  const id = tokenIdText(m.asset_name);
  const amount = longToBigint(m.amount);
  if (!addressValid(owner)) throw new ContractValidateError('Invalid ownerAddress');
  if (!addressValid(to)) throw new ContractValidateError('Invalid toAddress');
  if (amount <= 0n) throw new ContractValidateError('Amount must be greater than 0.');
  const ownerHex = bytesToHex(owner);
  const toHex = bytesToHex(to);
  if (ownerHex === toHex) throw new ContractValidateError('Cannot transfer asset to yourself.');
  const ownerAccount = view.getAccount(ownerHex);
  if (!ownerAccount) throw new ContractValidateError('No owner account!');
  if (!getAsset(view, id)) throw new ContractValidateError('No asset!');
  const balance = ownerAccount.assetV2.get(id);
  if (balance === undefined || balance <= 0n) throw new ContractValidateError('assetBalance must be greater than 0.');
  if (amount > balance) throw new ContractValidateError('assetBalance is not sufficient.');
  const toAccount = view.getAccount(toHex);
  if (toAccount) {
    if (view.props.parameters.getForbidTransferToContract === 1n && toAccount.type === 2)
      throw new ContractValidateError('Cannot transfer asset to smartContract.');
    const current = toAccount.assetV2.get(id);
    if (current !== undefined && current + amount > INT64_MAX) throw new ContractValidateError('long overflow');
  } else if (ownerAccount.balance < view.props.parameters.getCreateNewAccountFeeInSystemContract) {
    throw new ContractValidateError('Validate TransferAssetActuator error, insufficient fee.');
  }
}

/** Returns the fee: the account-creation fee when the receiver is new. */
export function applyTransferAsset(view: StateView, headTimestamp: number, m: protocol.TransferAssetContract): bigint {
  const ownerHex = bytesToHex(m.owner_address);
  const toHex = bytesToHex(m.to_address);
  const id = tokenIdText(m.asset_name);
  const amount = longToBigint(m.amount);
  let fee = 0n;
  let toAccount = view.mutableAccount(toHex);
  if (!toAccount) {
    toAccount = newAccount(hexToBytes(toHex), {
      createTime: headTimestamp,
      activeOperations: hexToBytes(view.props.activeDefaultOperations),
    });
    view.putNewAccount(toAccount);
    fee += view.props.parameters.getCreateNewAccountFeeInSystemContract;
  }
  const owner = view.mutableAccount(ownerHex)!;
  adjustAsset(owner, id, -amount);
  adjustAsset(toAccount, id, amount);
  owner.balance -= fee;
  view.mutable.burnedSun += fee;
  return fee;
}

// --- ParticipateAssetIssue -------------------------------------------------------------------------

export function validateParticipate(view: StateView, m: protocol.ParticipateAssetIssueContract): void {
  const owner = m.owner_address;
  const to = m.to_address;
  const nameBytes = m.asset_name;
  const id = tokenIdText(nameBytes);
  const amount = longToBigint(m.amount);
  if (!addressValid(owner)) throw new ContractValidateError('Invalid ownerAddress');
  if (!addressValid(to)) throw new ContractValidateError('Invalid toAddress');
  if (amount <= 0n) throw new ContractValidateError('Amount must greater than 0!');
  const ownerHex = bytesToHex(owner);
  const toHex = bytesToHex(to);
  if (ownerHex === toHex) throw new ContractValidateError('Cannot participate asset Issue yourself !');
  const ownerAccount = view.getAccount(ownerHex);
  if (!ownerAccount) throw new ContractValidateError('Account does not exist!');
  if (ownerAccount.balance < amount) throw new ContractValidateError('No enough balance !');
  const asset = getAsset(view, id);
  if (!asset) throw new ContractValidateError(`No asset named ${id}`);
  if (asset.ownerHex !== toHex) throw new ContractValidateError(`The asset is not issued by ${toHex}`);
  const now = view.props.headTimestamp;
  if (now >= asset.endTime || now < asset.startTime) throw new ContractValidateError('No longer valid period!');
  const exchange = (amount * BigInt(asset.num)) / BigInt(asset.trxNum);
  if (exchange <= 0n) throw new ContractValidateError('Can not process the exchange!');
  const toAccount = view.getAccount(toHex);
  if (!toAccount) throw new ContractValidateError('To account does not exist!');
  if (assetBalance(toAccount, id) < exchange) throw new ContractValidateError('Asset balance is not enough !');
}

export function applyParticipate(view: StateView, m: protocol.ParticipateAssetIssueContract): void {
  const ownerHex = bytesToHex(m.owner_address);
  const toHex = bytesToHex(m.to_address);
  const id = tokenIdText(m.asset_name);
  const amount = longToBigint(m.amount);
  const asset = getAsset(view, id)!;
  const exchange = (amount * BigInt(asset.num)) / BigInt(asset.trxNum);
  const owner = view.mutableAccount(ownerHex)!;
  owner.balance -= amount;
  adjustAsset(owner, id, exchange);
  const issuer = view.mutableAccount(toHex)!;
  issuer.balance += amount;
  adjustAsset(issuer, id, -exchange);
}

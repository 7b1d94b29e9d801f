import type { HexAddress } from '../../../src-core/brand';
import { bytesToBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import type { VmFlags } from './flags';
import { AccountType, type TronWorldState } from './world-state';
import { VmValidationError } from '../errors';

/**
 * java-tron's pre-execution checks for CreateSmartContract and TriggerSmartContract, with its
 * exact messages (`VMActuator.create/call`, `VMUtils.validateForSmartContract`,
 * VMActuator.create / VMActuator.call). Each throws `VmValidationError`.
 */

const MIN_TOKEN_ID = 1_000_000n;
const CONTRACT_NAME_LENGTH = 32;

function refuse(code: string, message: string): never {
  throw new VmValidationError(code, message);
}

export function base58(address: HexAddress): string {
  return bytesToBase58Address(hexToBytes(address));
}

export interface CreateChecks {
  readonly owner: HexAddress;
  readonly originAddress: HexAddress;
  readonly name: string;
  readonly consumeUserResourcePercent: bigint;
  readonly contractAddress: HexAddress;
}

/** The checks that come before the fee limit (`VMActuator.create`). */
export function checkCreateShape(world: TronWorldState, checks: CreateChecks): void {
  if (checks.owner !== checks.originAddress) refuse('OWNER_NOT_ORIGIN', 'OwnerAddress is not equals OriginAddress');
  if (utf8ToBytes(checks.name).length > CONTRACT_NAME_LENGTH)
    refuse('CONTRACT_NAME_TOO_LONG', "contractName's length cannot be greater than 32");
  if (checks.consumeUserResourcePercent < 0n || checks.consumeUserResourcePercent > 100n)
    refuse('PERCENT_OUT_OF_RANGE', 'percent must be >= 0 and <= 100');
  if (world.getAccount(checks.contractAddress) !== undefined) {
    refuse(
      'CONTRACT_ADDRESS_EXISTS',
      `Trying to create a contract with existing contract address: ${base58(checks.contractAddress)}`,
    );
  }
}

export function checkValues(callValue: bigint, tokenValue: bigint): void {
  if (callValue < 0n) refuse('CALL_VALUE_NEGATIVE', 'callValue must be >= 0');
  if (tokenValue < 0n) refuse('TOKEN_VALUE_NEGATIVE', 'tokenValue must be >= 0');
}

export function checkOriginEnergyLimit(originEnergyLimit: bigint): void {
  if (originEnergyLimit <= 0n) refuse('ORIGIN_ENERGY_LIMIT', 'The originEnergyLimit must be > 0');
}

/** `VMActuator.checkTokenValueAndId`. */
export function checkTokenValueAndId(flags: VmFlags, tokenValue: bigint, tokenId: bigint): void {
  if (!flags.allowTvmTransferTrc10 || !flags.allowMultiSign) return;
  if (tokenId <= MIN_TOKEN_ID && tokenId !== 0n) refuse('TOKEN_ID_INVALID', `tokenId must be > ${MIN_TOKEN_ID}`);
  if (tokenValue > 0n && tokenId === 0n)
    refuse('TOKEN_ARGUMENTS_INVALID', `invalid arguments with tokenValue = ${tokenValue}, tokenId = ${tokenId}`);
}

export function checkOwnerExists(world: TronWorldState, owner: HexAddress): void {
  if (world.getAccount(owner) === undefined)
    refuse('OWNER_ACCOUNT_MISSING', `account [${base58(owner)}] does not exist`);
}

/** `MUtil.transfer` validation for the transaction's call value (the VM performs the move). */
export function checkTrxTransfer(world: TronWorldState, from: HexAddress, amount: bigint): void {
  if (amount === 0n) return;
  const owner = world.getAccount(from);
  if (owner === undefined) refuse('TRANSFER_NO_OWNER', 'Validate InternalTransfer error, no OwnerAccount.');
  if (owner.balance < amount) refuse('TRANSFER_BALANCE', 'Validate InternalTransfer error, balance is not sufficient.');
}

/** `MUtil.transferToken`: validates and moves the transaction's TRC10 value. */
export function transferToken(
  world: TronWorldState,
  from: HexAddress,
  to: HexAddress,
  tokenId: bigint,
  amount: bigint,
): void {
  if (amount === 0n) return;
  const id = tokenId.toString();
  if (world.getAccount(from) === undefined) refuse('TOKEN_NO_OWNER', 'No owner account!');
  if (!world.assetExists(id)) refuse('TOKEN_NO_ASSET', 'No asset !');
  const balance = world.getTokenBalance(from, id);
  if (balance <= 0n) refuse('TOKEN_BALANCE_ZERO', 'assetBalance must greater than 0.');
  if (amount > balance) refuse('TOKEN_BALANCE', 'assetBalance is not sufficient.');
  world.setTokenBalance(to, id, world.getTokenBalance(to, id) + amount);
  world.setTokenBalance(from, id, balance - amount);
}

/** Creates the new contract's account before its constructor runs (`rootRepository.createAccount`). */
export function createContractAccount(world: TronWorldState, address: HexAddress): void {
  world.putAccount(address, { type: AccountType.Contract, balance: 0n });
}

import { toBase58Address, toHexAddress } from '../../../src-core/address/address';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { Account } from '../../../src-core/client/types';
import {
  ControlError,
  controlPermissionOf,
  type ControlBalances,
  type ControlChainFacts,
  type ProofOfControl,
} from '../../../src-core/control';
import { accountPermissionsFromAccountJson, permissionFor, type Permission } from '../../../src-core/permission/model';
import { ChainReads } from '../chain-knowledge/chain-reads';

/**
 * Everything a proof states, read from one node at one block. java-tron answers every read at
 * its head, so the head is read before and after the account and its balances; a block that
 * arrives in between makes the reads start over, until two readings of the head agree.
 */
export interface PinnedState {
  readonly block: ProofOfControl['block'];
  readonly permission: ProofOfControl['permission'];
  readonly balances: ControlBalances;
}

const PIN_ATTEMPTS = 8;

async function headPoint(client: TronNodeClient): Promise<ProofOfControl['block']> {
  const head = await client.getNowBlockHeader();
  return { number: head.number, id: head.blockID, timestamp: head.timestamp };
}

/** The permission with this id of the account as the node holds it (java-tron's defaults for a new account). */
export function permissionOfAccount(account: Account | null, address: string, id: number): Permission | undefined {
  const permissions = account ? accountPermissionsFromAccountJson(account.raw) : null;
  return permissionFor(permissions, id, { ownerAddress: toHexAddress(address) });
}

/** TRX, every TRC-10 token the account holds, and the given TRC-20 tokens' balanceOf. */
export async function balancesOf(
  client: TronNodeClient,
  account: Account | null,
  address: string,
  trc20: readonly string[],
): Promise<ControlBalances> {
  const reads = new ChainReads();
  const tokens: ControlBalances['trc20'] = [];
  for (const contract of trc20) {
    tokens.push({ contract: toBase58Address(contract), amount: await reads.trc20Balance(client, contract, address) });
  }
  return {
    trx: account?.balance ?? 0n,
    trc10: (account?.assetV2 ?? [])
      .filter((a) => a.value > 0n)
      .map((a) => ({ id: a.key, amount: a.value }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    trc20: tokens,
  };
}

/** The account's permission and balances pinned to one head block; throws when the head never holds still. */
export async function readPinnedState(
  client: TronNodeClient,
  input: { readonly account: string; readonly permissionId: number; readonly trc20: readonly string[] },
): Promise<PinnedState> {
  for (let attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
    const before = await headPoint(client);
    const account = await client.getAccount(input.account);
    const permission = permissionOfAccount(account, input.account, input.permissionId);
    const balances = await balancesOf(client, account, input.account, input.trc20);
    const after = await headPoint(client);
    if (after.id !== before.id) continue;
    if (!permission) {
      throw new ControlError(
        'CONTROL_NO_SUCH_PERMISSION',
        `${toBase58Address(input.account)} has no permission with id ${input.permissionId}; choose the owner ` +
          'permission (0) or one of its active permissions.',
        { permissionId: input.permissionId },
      );
    }
    return { block: before, permission: controlPermissionOf(permission), balances };
  }
  throw new ControlError(
    'CONTROL_HEAD_MOVING',
    `New blocks kept arriving while the account was read (${PIN_ATTEMPTS} tries), so no block could be pinned. ` +
      'Try again.',
  );
}

/**
 * What the node says of a proof: its block at the proof's number, and the account's permission and
 * (when asked) balances at the head. A java-tron node keeps current state only, so this is the
 * permission now: `readAt` names the head block it was read at, for the verdict's sentence.
 */
export async function readControlFacts(
  client: TronNodeClient,
  proof: ProofOfControl,
  options: { readonly balances: boolean },
): Promise<ControlChainFacts & { readonly head: number }> {
  const block = await client.getBlockByNum(proof.block.number);
  const head = await headPoint(client);
  const account = await client.getAccount(proof.account);
  const permission = permissionOfAccount(account, proof.account, proof.permission.id);
  const facts = {
    blockId: block ? block.blockID : null,
    permission,
    readAt: `at block ${head.number.toLocaleString('en-US')}`,
    head: head.number,
  };
  if (!options.balances) return facts;
  const trc20 = proof.balances.trc20.map((t) => t.contract);
  return { ...facts, balances: await balancesOf(client, account, proof.account, trc20) };
}

/**
 * How a verdict was reached, for the CLI's output and the app: the node's head block, and what a
 * node that keeps only current state can and cannot tell about an older block.
 */
export function verificationMethod(head: number, proof: ProofOfControl, balances: boolean): string {
  const headText = head.toLocaleString('en-US');
  const pinned = proof.block.number.toLocaleString('en-US');
  const lines = [
    `The block id at ${pinned} and the account's permission were read from this node at its head block ${headText}.`,
    'The node keeps current state only: the permission is compared as it is now, so a proof whose permission ' +
      'changed after its block fails, and one changed and changed back cannot be told from one never changed.',
  ];
  lines.push(
    balances
      ? `Balances were read at block ${headText}; they match the proof's only while nothing moved since block ${pinned}.`
      : 'Balances were not compared.',
  );
  return lines.join(' ');
}

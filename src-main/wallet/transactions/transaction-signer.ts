import { toBase58Address } from '../../../src-core/address/address';
import { TransactionError } from '../../../src-core/errors';
import type { SigningView } from '../../../src-core/ipc/channels/tx';
import { TX_KINDS } from '../../../src-core/ipc/channels/tx';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { heaviestFirst, permissionHeading, weightOf, type Permission } from '../../../src-core/permission/model';
import { assertEnoughWeight, signWeight } from '../../../src-core/permission/sign-weight';
import type { TransactionJson } from '../../../src-core/tx/types';
import type { SignRequest, SigningVault } from '../consent/consented-signing';
import type { ProposalInput, Proposals } from '../chain-knowledge/proposals';
import type { ChainAccess } from '../node-host/chain-access';
import { expirationOf, TxErrorCode, type Prepared } from './prepared';
import { signsHere } from '../../../src-core/ipc/account-custody';

export interface TransactionSignerOptions {
  readonly vault: SigningVault;
  /** The co-signing inbox, which stores this wallet's proposals. */
  readonly proposals: Proposals;
  readonly chain: Pick<ChainAccess, 'head'>;
}

/** A vault account that is a key of a permission, with its weight there. */
interface HeldKey {
  readonly account: VaultAccount;
  readonly weight: bigint;
}

/**
 * Signs with the vault: a transaction one vault key can complete is signed by it; otherwise the
 * heaviest vault key of the permission signs first and the transaction goes to the co-signing
 * inbox as this wallet's proposal. Keys never leave the vault; this only names accounts.
 */
export class TransactionSigner {
  constructor(private readonly options: TransactionSignerOptions) {}

  /** The accounts this wallet can sign with: vault keys, then Ledger accounts (each a click on the device). */
  signingAccounts(): VaultAccount[] {
    const accounts = this.options.vault.listAccounts().filter(signsHere);
    return [...accounts.filter((a) => a.canSign), ...accounts.filter((a) => !a.canSign)];
  }

  /** Who signs: a single vault key reaching the threshold, or co-signers through an envelope. */
  plan(permission: Permission, transaction: TransactionJson): SigningView {
    const accounts = this.heldIn(permission);
    const alone = accounts.find((a) => a.weight >= permission.threshold);
    const result = signWeight(transaction, { permission });
    // Named as the builder's panel and main's confirmation name it, so all three say one permission.
    const under = permissionHeading(permission);
    let explanation: string;
    if (result.thresholdMet)
      explanation = `${under}: the signatures reach its threshold of ${permission.threshold}; ready to broadcast.`;
    else if (alone)
      explanation =
        `${under}: ${alone.account.label} (${alone.account.address}) has weight ${alone.weight} of the ` +
        `${permission.threshold} needed and signs alone.`;
    else if (accounts.length > 0) {
      explanation =
        `${under}: your key ${accounts[0]!.account.label} weighs ${accounts[0]!.weight} of the ` +
        `${permission.threshold} needed, so it signs first and a co-signing envelope is stored for the other key ` +
        `holders.`;
    } else
      explanation =
        `${under}: none of your keys is in it, so an unsigned co-signing envelope is stored for its key holders ` +
        `(threshold ${permission.threshold}).`;
    return {
      threshold: permission.threshold,
      currentWeight: result.currentWeight,
      signer: alone
        ? {
            accountId: alone.account.id,
            label: alone.account.label,
            address: alone.account.address,
            weight: alone.weight,
          }
        : null,
      needsCosigning: !alone && !result.thresholdMet,
      explanation,
      signedBy: result.approved.map((a) => toBase58Address(a)),
    };
  }

  /**
   * Signs a transaction built in this session (refused once the head is past its expiration):
   * `signed` when one vault key reached the threshold, else `cosigning` with its envelope.
   */
  async sign(p: Prepared): Promise<'signed' | 'cosigning'> {
    const head = this.options.chain.head();
    if (head && head.timestamp >= expirationOf(p.transaction)) {
      throw new TransactionError(
        TxErrorCode.expired,
        'This transaction has expired (the head block is past its expiration). Build it again.',
        { txid: p.txid },
      );
    }
    const held = this.heldIn(p.permission);
    const alone = held.find((h) => h.weight >= p.permission.threshold);
    const request = (accountId: string, after?: string): SignRequest => ({
      transaction: p.transaction,
      accountId,
      permission: p.permission,
      accountPermissions: p.ownerState.permissions,
      abi: p.plan.abi,
      cost: p.cost,
      after,
    });
    if (alone) {
      const signed = await this.options.vault.sign(request(alone.account.id));
      assertEnoughWeight(signWeight(signed, { permission: p.permission }));
      p.transaction = signed;
      p.state = 'signed';
    } else {
      if (held[0])
        p.transaction = await this.options.vault.sign(request(held[0].account.id, 'and propose to co-signers'));
      const stored = await this.propose({
        transaction: p.transaction,
        permission: p.permission,
        accountPermissions: p.ownerState.permissions,
        abi: p.plan.abi,
        label: `${TX_KINDS[p.kind]} from ${toBase58Address(p.owner)}`,
        headTime: p.headTime,
      });
      p.envelopeId = stored.id;
      p.state = 'cosigning';
    }
    p.signing = this.plan(p.permission, p.transaction);
    return p.state;
  }

  /**
   * Signs with the given vault accounts in order until their weight reaches the threshold; the
   * answer says how far it got and how many accounts signed.
   */
  async signInOrder(
    unsigned: Omit<SignRequest, 'accountId'>,
    signers: readonly { readonly accountId: string; readonly weight: bigint }[],
  ): Promise<{ transaction: TransactionJson; weight: bigint; signed: number }> {
    const threshold = unsigned.permission.threshold;
    let signedTx = unsigned.transaction;
    let weight = 0n;
    let signed = 0;
    for (const signer of signers) {
      if (weight >= threshold) break;
      signedTx = await this.options.vault.sign({ ...unsigned, transaction: signedTx, accountId: signer.accountId });
      weight += signer.weight;
      signed++;
    }
    return { transaction: signedTx, weight, signed };
  }

  /** Hands a transaction that needs co-signers to the co-signing inbox, proposed at the head's time. */
  propose(input: Omit<ProposalInput, 'createdAt'> & { headTime: number }): Promise<{ readonly id: string }> {
    const { headTime, ...proposal } = input;
    return this.options.proposals.propose({
      ...proposal,
      createdAt: Math.min(this.options.chain.head()?.timestamp ?? headTime, expirationOf(input.transaction)),
    });
  }

  /** The vault's keys in the permission, heaviest first. */
  private heldIn(permission: Permission): HeldKey[] {
    return this.signingAccounts()
      .map((account) => ({ account, weight: weightOf(permission, account.addressHex) }))
      .filter((a) => a.weight > 0n)
      .sort(heaviestFirst);
  }
}

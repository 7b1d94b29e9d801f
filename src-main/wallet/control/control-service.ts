import { randomBytes } from 'node:crypto';
import { isValidAddress, toBase58Address } from '../../../src-core/address/address';
import {
  CONTROL_FORMAT,
  ControlError,
  controlSigningMessage,
  parseProofOfControl,
  serializeProofOfControl,
  verifyProofOfControl,
  withControlSignature,
  type ProofOfControl,
} from '../../../src-core/control';
import type { ControlVerdictView, ProofView } from '../../../src-core/ipc/channels/control';
import type { SigningPolicy, VaultAccount } from '../../../src-core/ipc/channels/vault';
import { custodyText } from '../../../src-core/ipc/account-custody';
import { verifyMessageV2 } from '../../../src-core/keys/message';
import type { ConsentDraft } from '../consent/consent-gate';
import { messageConsent } from '../consent/message-consent';
import type { FileDialogs } from '../context';
import type { LedgerTransports } from '../ledger/ledger-connection';
import type { ChainAccess } from '../node-host/chain-access';
import { signMessageOnLedger } from './ledger-message';
import { readControlFacts, readPinnedState, verificationMethod } from './node-facts';
import { proofSigners, proofView } from './proof-view';

/** What proofs use of the vault: accounts, a vault key's message signature behind main's window, and that window. */
export interface ControlVault {
  listAccounts(): VaultAccount[];
  signMessage(message: string, accountId: string): Promise<{ signature: string }>;
  status(): { readonly signingPolicy: SigningPolicy };
  readonly consent: { approve(draft: ConsentDraft): Promise<unknown> };
}

export interface ControlServiceOptions {
  readonly chain: Pick<ChainAccess, 'requireClient' | 'stores'>;
  readonly vault: ControlVault;
  readonly ledgerTransports: LedgerTransports;
  readonly files?: FileDialogs;
}

/** A proof file is a few kilobytes; more than this is not one. */
const PROOF_MAX_BYTES = 256 * 1024;
const FILTERS = [{ name: 'Proof of control', extensions: ['json'] }] as const;

/**
 * Proofs of control (IPC domain `control`): started at the head of the node in use, signed one key
 * at a time through main's confirmation window (a vault key, or a Ledger account on its device),
 * saved and opened through main's dialogs, verified against the node in use. Proofs live here by
 * id; the page sees views, and the file's text leaves only through the save dialog.
 */
export class ControlService {
  private readonly proofs = new Map<string, ProofOfControl>();

  constructor(private readonly options: ControlServiceOptions) {}

  async start(input: { account: string; permissionId: number; challenge: string }): Promise<ProofView> {
    if (!isValidAddress(input.account)) {
      throw new ControlError('CONTROL_BAD_ACCOUNT', `${input.account} is not a TRON address; paste the T… address.`);
    }
    const account = toBase58Address(input.account);
    const trc20 = this.options.chain
      .stores()
      .tokens.list()
      .map((t) => t.address);
    const pinned = await readPinnedState(this.options.chain.requireClient(), {
      account,
      permissionId: input.permissionId,
      trc20,
    });
    const proof = parseProofOfControl(
      serializeProofOfControl({
        format: CONTROL_FORMAT,
        account,
        challenge: input.challenge,
        ...pinned,
        signatures: [],
      }),
    );
    return this.keep(proof);
  }

  get(input: { id: string }): ProofView {
    return this.view(input.id, this.proof(input.id));
  }

  /**
   * One more signature: the account must hold a key of the proof's permission that has not signed
   * yet; main's window shows the exact text, then the vault key or the Ledger signs it.
   */
  async sign(input: { id: string; accountId: string }): Promise<ProofView> {
    const proof = this.proof(input.id);
    const account = this.options.vault.listAccounts().find((a) => a.id === input.accountId);
    if (!account || (!account.canSign && account.custody !== 'ledger')) {
      throw new ControlError(
        'CONTROL_CANNOT_SIGN',
        'That account holds no key here that can sign: choose a vault key or a Ledger account.',
      );
    }
    if (!proof.permission.keys.some((k) => k.address === account.address)) {
      throw new ControlError(
        'CONTROL_NOT_A_KEY',
        `${account.label} (${account.address}) is not a key of the permission this proof states; only its keys ` +
          'count. Nothing was signed.',
      );
    }
    if (proofSigners(proof).has(account.address)) {
      throw new ControlError(
        'CONTROL_ALREADY_SIGNED',
        `${account.label} (${account.address}) has already signed this proof; each key counts once.`,
      );
    }
    const message = controlSigningMessage(proof);
    const signature =
      account.custody === 'ledger' ? await this.ledgerSign(account, message) : await this.vaultSign(account, message);
    if (toBase58Address(verifyMessageV2(message, signature)) !== account.address) {
      throw new ControlError(
        'CONTROL_WRONG_SIGNER',
        `The signature does not recover to ${account.address}; it was not added.`,
      );
    }
    const signed = withControlSignature(proof, signature);
    this.proofs.set(input.id, signed);
    return this.view(input.id, signed);
  }

  async save(input: { id: string }): Promise<{ path: string } | null> {
    const proof = this.proof(input.id);
    const save = this.options.files?.saveText;
    if (!save) {
      throw new ControlError(
        'CONTROL_NO_DIALOG',
        'This window cannot show the save dialog, so the proof was not saved.',
      );
    }
    return save.call(
      this.options.files,
      {
        title: 'Save the proof of control',
        defaultName: `proof-of-control-${proof.account}-${proof.block.number}.json`,
        filters: FILTERS,
      },
      serializeProofOfControl(proof),
    );
  }

  async open(): Promise<ProofView | null> {
    const open = this.options.files?.openText;
    if (!open) {
      throw new ControlError('CONTROL_NO_DIALOG', 'This window cannot show the open dialog, so no proof was opened.');
    }
    const file = await open.call(this.options.files, {
      title: 'Open a proof of control',
      filters: FILTERS,
      maxBytes: PROOF_MAX_BYTES,
    });
    return file ? this.keep(parseProofOfControl(file.text)) : null;
  }

  /** Reads a proof from its file text (the open dialog's, or a test's). */
  load(text: string): ProofView {
    return this.keep(parseProofOfControl(text));
  }

  /** The file's text, for main's own uses (the save dialog writes the same). */
  text(id: string): string {
    return serializeProofOfControl(this.proof(id));
  }

  async verify(input: { id: string; balances?: boolean }): Promise<ControlVerdictView> {
    const proof = this.proof(input.id);
    const balances = input.balances ?? true;
    const facts = await readControlFacts(this.options.chain.requireClient(), proof, { balances });
    const verdict = verifyProofOfControl(proof, facts);
    return {
      verified: verdict.verified,
      code: verdict.verified ? null : verdict.code,
      message: verdict.message,
      method: verificationMethod(facts.head, proof, balances),
    };
  }

  private async vaultSign(account: VaultAccount, message: string): Promise<string> {
    return (await this.options.vault.signMessage(message, account.id)).signature;
  }

  private async ledgerSign(account: VaultAccount, message: string): Promise<string> {
    await this.options.vault.consent.approve(
      messageConsent({
        message,
        signer: { address: account.address, device: custodyText(account) },
        policy: this.options.vault.status().signingPolicy,
      }),
    );
    return signMessageOnLedger(this.options.ledgerTransports, account, message);
  }

  private keep(proof: ProofOfControl): ProofView {
    const id = `poc_${randomBytes(8).toString('hex')}`;
    this.proofs.set(id, proof);
    return this.view(id, proof);
  }

  private proof(id: string): ProofOfControl {
    const proof = this.proofs.get(id);
    if (!proof) {
      throw new ControlError('CONTROL_UNKNOWN_PROOF', 'That proof is no longer open here; open its file again.', {
        id,
      });
    }
    return proof;
  }

  private view(id: string, proof: ProofOfControl): ProofView {
    const files = this.options.files;
    return proofView(id, proof, this.options.vault.listAccounts(), {
      open: files?.openText !== undefined,
      save: files?.saveText !== undefined,
    });
  }
}

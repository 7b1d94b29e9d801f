import { hexToBytes } from '../../../src-core/bytes/hex';
import { toBase58Address } from '../../../src-core/address/address';
import { addressFromPrivateKey } from '../../../src-core/keys/keys';
import type { NodeConfig } from '../config';
import type { DerivedKey } from '../genesis';
import type { AccountRecord } from '../state/account';

/**
 * Who this node produces blocks for, and with which key (java-tron's `Miner`: private key, its
 * address, and the representative account it produces for).
 *
 * java-tron (`Args.initLocalWitnesses`, `ConsensusService.start`, `Manager.generateBlock`):
 * - one `localwitness` key produces for `localWitnessAccountAddress`, or, when that is empty, for
 *   the account of the key itself; several keys each produce for their own account;
 * - a block is produced only when the key's address is the one the representative's witness
 *   permission names (`getWitnessPermissionAddress`: its first key, or the account itself when
 *   it has none); otherwise "Witness permission is wrong." and nothing is produced. With
 *   getAllowMultiSign = 0 the block must be signed by the account's own key.
 */
export interface BlockSigner {
  readonly privateKey: Uint8Array;
  /** The representative account (hex) this key produces blocks for. */
  readonly witnessHex: string;
  /** Where the key was configured, for log lines. */
  readonly source: 'genesis' | 'localwitness' | 'dev funded account';
  /** Address (hex) of the private key when it is already known (a derived key), else computed from the key. */
  readonly keyHex?: string;
}

interface HeldSigner extends BlockSigner {
  readonly keyHex: string;
}

/**
 * The signers of the node's own configuration: the `localwitness` keys (for
 * `localWitnessAccountAddress` when it is set, else each for its own account), and in dev mode
 * the funded keys, each for its own account. The genesis representatives are added by the chain.
 */
export function configuredSigners(config: NodeConfig, funded: readonly DerivedKey[]): BlockSigner[] {
  const signers: BlockSigner[] = config.dev
    ? funded.map((k) => ({
        privateKey: k.privateKey,
        witnessHex: k.hex,
        keyHex: k.hex,
        source: 'dev funded account' as const,
      }))
    : [];
  for (const hex of config.localWitness) {
    const privateKey = hexToBytes(hex);
    signers.push({
      privateKey,
      witnessHex: config.localWitnessAccountAddress ?? addressFromPrivateKey(privateKey),
      source: 'localwitness',
    });
  }
  return signers;
}

const show = (hex: string): string => {
  try {
    return `${toBase58Address(hex)} (${hex})`;
  } catch {
    return hex;
  }
};

/** The block-signing keys a node holds, by the representative they produce for. */
export class SignerBook {
  private readonly byWitness = new Map<string, HeldSigner>();
  private readonly byKey = new Map<string, HeldSigner>();
  private readonly logged = new Set<string>();

  constructor(
    private readonly config: Pick<NodeConfig, 'localWitnessAccountAddress' | 'log'>,
    signers: readonly BlockSigner[],
  ) {
    // Later entries win: genesis, then dev funded keys, then localwitness.
    for (const s of signers) {
      const held = { ...s, keyHex: s.keyHex ?? addressFromPrivateKey(s.privateKey) };
      this.byWitness.set(s.witnessHex, held);
      this.byKey.set(held.keyHex, held);
    }
  }

  /**
   * The private key that signs `witnessHex`'s blocks, or undefined when this node does not
   * produce for it. When it does not because of its configuration (the key held is the wrong one,
   * or the right key is configured for another account), the reason is logged once.
   */
  keyFor(witnessHex: string, account: AccountRecord | undefined, allowMultiSign: boolean): Uint8Array | undefined {
    const permitted = allowMultiSign ? (account?.witnessPermission?.keys[0]?.addressHex ?? witnessHex) : witnessHex;
    const signer = this.byWitness.get(witnessHex);
    if (signer) {
      if (signer.keyHex === permitted) return signer.privateKey;
      const names = allowMultiSign
        ? `its witness permission names ${show(permitted)}`
        : `getAllowMultiSign is 0, so only its own key signs`;
      this.logOnce(
        `Not producing blocks for representative ${show(witnessHex)}: ${names}, but the ${signer.source} key ` +
          `configured for it is the key of ${show(signer.keyHex)} (java-tron: "Witness permission is wrong.").`,
      );
      return undefined;
    }
    const held = this.byKey.get(permitted);
    if (held) {
      const why =
        held.source === 'localwitness'
          ? this.config.localWitnessAccountAddress === undefined
            ? 'localWitnessAccountAddress is empty, so the localwitness key produces only for its own account'
            : `localWitnessAccountAddress is ${show(this.config.localWitnessAccountAddress)}, so the localwitness ` +
              `key produces only for that account`
          : `that ${held.source} key produces only for ${show(held.witnessHex)}`;
      this.logOnce(
        `Not producing blocks for representative ${show(witnessHex)}: its witness permission names ` +
          `${show(permitted)}, whose key this node holds, but ${why}. Set localWitnessAccountAddress to ` +
          `${show(witnessHex)} (with that key as the only localwitness) to produce its blocks.`,
      );
    }
    return undefined;
  }

  private logOnce(line: string): void {
    if (this.logged.has(line)) return;
    this.logged.add(line);
    this.config.log(line);
  }
}

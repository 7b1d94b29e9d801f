import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { bytesToHex } from '../../src-core/bytes/hex';
import { signDigest } from '../../src-core/keys/keys';
import { buildTransaction, transferContract } from '../../src-core/tx/builders';
import { rawDataToMessage } from '../../src-core/tx/codec';
import { transactionHeader } from '../../src-core/tx/header';
import type { Chain } from './chain/chain';
import { parseRawTransaction } from './model/tx';
import type { NodeConfig } from './config';
import type { DerivedKey } from './genesis';
import { deriveKeys, FUNDED_PATH } from './genesis';
import type { TxPool } from './pool/pool';

/**
 * TRE's test accounts (the TRE image's `accountsGeneration`): the funded keys, and the sets added
 * later by `/admin/temporary-accounts-generation`, each set derived from its own mnemonic at
 * m/44'/195'/0'/0/i and paid by transfers from a payer account, as TRE pays them from its reserve.
 */
export interface AccountSet {
  readonly hdPath: string;
  readonly mnemonic: string;
  readonly privateKeys: readonly string[];
}

/** The shape of TRE's `/admin/accounts-json` (TronBox reads `privateKeys`, TronWeb's tests `more`). */
export interface AccountsJson extends AccountSet {
  readonly more: readonly AccountSet[];
}

export interface FundingDeps {
  readonly config: Pick<NodeConfig, 'blockTimeMs'>;
  readonly chain: Chain;
  readonly pool: TxPool;
  /** Produces blocks now (used when blocks are made only on request). */
  mine(blocks: number): Promise<void>;
}

/** What TRE pays each generated account (its defaultBalance): 10,000 TRX. */
export const GENERATED_ACCOUNT_BALANCE_SUN = 10_000_000_000n;

/** Longest wait for the producer to pack the funding transfers, in ms. */
const INCLUSION_TIMEOUT_MS = 60_000;
const POLL_MS = 100;

export class DevAccountsError extends Error {}

/**
 * Sends `amount` sun from `payer` to each address, and resolves once the transfers are in a block:
 * one mined now (`mineNow`, or when blocks are made only on request), else the producer's next.
 */
export async function payAccounts(
  deps: FundingDeps,
  payer: Pick<DerivedKey, 'privateKey' | 'hex'>,
  recipients: readonly string[],
  amount: bigint,
  mineNow = false,
): Promise<string[]> {
  const ids: string[] = [];
  const p = deps.chain.props;
  const header = transactionHeader({
    refBlock: { number: BigInt(p.headNumber), blockId: p.headId },
    headTimestamp: p.headTimestamp,
  });
  for (const to of recipients) {
    const json = buildTransaction(transferContract({ owner: payer.hex, to, amount }), { header });
    const message = rawDataToMessage(json.raw_data, { visible: false, hexMode: 'java-tron' });
    const unsigned = parseRawTransaction(message, []);
    await deps.pool.submit(parseRawTransaction(message, [signDigest(unsigned.id, payer.privateKey)]));
    ids.push(unsigned.idHex);
  }
  if (mineNow || deps.config.blockTimeMs === 0) await deps.mine(1);
  const deadline = Date.now() + INCLUSION_TIMEOUT_MS;
  for (const id of ids) {
    while (!(await deps.chain.transaction(id))) {
      if (Date.now() > deadline)
        throw new DevAccountsError(`The funding transfer ${id} was not packed into a block within 60 s.`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  return ids;
}

/** The node's TRE-style account book: the funded keys first, then each generated set. */
export class DevAccounts {
  private readonly more: AccountSet[] = [];

  constructor(
    private readonly deps: FundingDeps,
    private readonly mnemonic: string,
    private readonly funded: readonly DerivedKey[],
    /** Who pays generated accounts: the private net's reserve account, or the first funded account. */
    private readonly payer: Pick<DerivedKey, 'privateKey' | 'hex'>,
  ) {}

  json(): AccountsJson {
    return {
      hdPath: `${FUNDED_PATH}/`,
      mnemonic: this.mnemonic,
      privateKeys: this.funded.map((k) => bytesToHex(k.privateKey)),
      more: [...this.more],
    };
  }

  /** `count` new accounts from a fresh mnemonic, each paid TRE's 10,000 TRX; resolves once paid. */
  async generate(count: number): Promise<{ set: AccountSet; keys: DerivedKey[] }> {
    const mnemonic = generateMnemonic(wordlist);
    const keys = deriveKeys(mnemonic, FUNDED_PATH, count);
    await payAccounts(
      this.deps,
      this.payer,
      keys.map((k) => k.hex),
      GENERATED_ACCOUNT_BALANCE_SUN,
    );
    const set: AccountSet = {
      hdPath: `${FUNDED_PATH}/`,
      mnemonic,
      privateKeys: keys.map((k) => bytesToHex(k.privateKey)),
    };
    this.more.push(set);
    return { set, keys };
  }
}

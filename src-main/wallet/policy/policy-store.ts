import { z } from 'zod';
import { JsonStore, type StoreDefinition } from '../stores/json-store';
import { base58AddressSchema, timeSchema } from '../stores/common';

/**
 * `policies.json`, in the user data folder: the treasury policy each account adopted on each chain,
 * and the owner overrides recorded against them. Keyed by the chain's genesis block id rather than a
 * network folder, because the offline signer knows a chain only by the genesis id its envelopes
 * name; an adoption on the offline signer names no chain (`genesisId` null) and applies to the
 * account on whichever chain an envelope comes from.
 *
 * A damaged file is kept as it is (the JSON store's rule): signing is then held back with the
 * report, because a policy that cannot be read cannot be enforced. Adopting a policy the owners
 * signed moves the damaged file aside (`policies.json.damaged-<time>`, never deleted) and starts
 * again from that policy.
 */
export const POLICIES_FILE = 'policies.json';

const genesisSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a genesis block id');

export const adoptedPolicySchema = z.strictObject({
  genesisId: genesisSchema.nullable(),
  account: base58AddressSchema,
  version: z.number().int().min(1),
  /** The signed file as adopted (document, digest, signatures), plain JSON; read again on use. */
  signed: z.json(),
  adoptedAt: timeSchema,
  /** The file's name as main's dialog gave it, for the status line. */
  fileName: z.string().max(255),
});
export type AdoptedPolicy = z.infer<typeof adoptedPolicySchema>;

export const policyOverrideSchema = z.strictObject({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  genesisId: genesisSchema.nullable(),
  account: base58AddressSchema,
  policyVersion: z.number().int().min(1),
  /** The owner key that approved the override on main's window (Base58). */
  by: base58AddressSchema,
  at: timeSchema,
  breaches: z.array(z.strictObject({ code: z.string().max(64), message: z.string().max(2000) })).max(32),
});
export type PolicyOverride = z.infer<typeof policyOverrideSchema>;

export interface PoliciesDocument {
  readonly adopted: readonly AdoptedPolicy[];
  readonly overrides: readonly PolicyOverride[];
}

/** The newest overrides kept; older ones have long left every 24-hour window. */
export const OVERRIDES_KEPT = 2_000;

export const policiesDefinition: StoreDefinition<PoliciesDocument> = {
  format: 'tron-wallet-policies',
  version: 1,
  what: 'treasury policies',
  schema: z.strictObject({
    adopted: z.array(adoptedPolicySchema).max(10_000),
    overrides: z.array(policyOverrideSchema).max(OVERRIDES_KEPT),
  }),
  empty: () => ({ adopted: [], overrides: [] }),
};

const sameChain = (a: string | null, b: string | null) => a === b;

export class PolicyStore {
  private constructor(readonly store: JsonStore<PoliciesDocument>) {}

  static async open(file: string): Promise<PolicyStore> {
    return new PolicyStore(await JsonStore.open(file, policiesDefinition));
  }

  /**
   * The policy adopted for this account on this chain; on a chain with none of its own, the one
   * adopted on the offline signer for any chain. Throws the damage report of a damaged file.
   */
  adopted(genesisId: string | null, account: string): AdoptedPolicy | undefined {
    const { adopted } = this.store.read();
    return (
      adopted.find((p) => sameChain(p.genesisId, genesisId) && p.account === account) ??
      adopted.find((p) => p.genesisId === null && p.account === account)
    );
  }

  /** Why the file cannot be read, or null. */
  get problem() {
    return this.store.problem;
  }

  async adopt(entry: AdoptedPolicy): Promise<void> {
    if (this.store.problem) await this.store.setAside(entry.adoptedAt);
    await this.store.update((doc) => ({
      ...doc,
      adopted: [
        ...doc.adopted.filter((p) => !(sameChain(p.genesisId, entry.genesisId) && p.account === entry.account)),
        entry,
      ],
    }));
  }

  overrideOf(txid: string): PolicyOverride | undefined {
    return this.store.read().overrides.find((o) => o.txid === txid);
  }

  async recordOverride(entry: PolicyOverride): Promise<void> {
    await this.store.update((doc) => ({
      ...doc,
      overrides: [...doc.overrides.filter((o) => o.txid !== entry.txid), entry].slice(-OVERRIDES_KEPT),
    }));
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

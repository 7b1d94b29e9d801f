import { z } from 'zod';
import { Collection, EntryStore, entriesDefinition } from './collection';
import { base58AddressSchema, timeSchema } from './common';
import { JsonStore } from './json-store';

/**
 * `signer-picks.json`, per network: the permission a person chose by hand to sign one kind of
 * contract for one account. The builder starts from it the next time, so a deliberate choice (the
 * owner's key instead of a multi-key group, say) is made once and shown, not made again by default.
 */
export const SIGNER_PICKS_FILE = 'signer-picks.json';

export const signerPickSchema = z.strictObject({
  /** `<owner Base58>/<contract type>`, e.g. `T…/TransferContract`. */
  key: z.string().max(120),
  owner: base58AddressSchema,
  contractType: z.string().max(64),
  permissionId: z.number().int().min(0).max(255),
  pickedAt: timeSchema,
});
export type SignerPick = z.infer<typeof signerPickSchema>;

export const signerPicksDefinition = entriesDefinition('signer-picks', 'signer choices', signerPickSchema);

export function signerPickKey(owner: string, contractType: string): string {
  return `${owner}/${contractType}`;
}

export class SignerPicks extends EntryStore<SignerPick, 'key'> {
  private constructor(entries: Collection<SignerPick, 'key'>) {
    super(entries, (a, b) => a.pickedAt - b.pickedAt);
  }

  static async open(file: string): Promise<SignerPicks> {
    return new SignerPicks(new Collection(await JsonStore.open(file, signerPicksDefinition), 'key', 'signer choice'));
  }

  /** The permission id chosen for this owner (Base58) and contract type, if one was. */
  pickOf(owner: string, contractType: string): number | undefined {
    return this.get(signerPickKey(owner, contractType))?.permissionId;
  }

  /** Remembers `permissionId`, or forgets the choice (back to the chooser's rule) when it is null. */
  async choose(owner: string, contractType: string, permissionId: number | null, now: number): Promise<void> {
    const key = signerPickKey(owner, contractType);
    if (permissionId !== null) {
      await this.entries.put({ key, owner, contractType, permissionId, pickedAt: now });
      return;
    }
    if (this.get(key)) await this.remove(key);
  }
}

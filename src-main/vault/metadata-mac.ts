import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * A MAC over what vault.json decides without being secret: the signing policy, the auto-lock
 * time, the keystore generation, the accounts and their labels. Its key is
 * derived from the password's key (HKDF-SHA256 with its own label), so only someone who knows the
 * password can write a file the vault accepts as its own. One tag per part lets the vault say
 * which part was changed outside the app. The failed-attempt counter is not covered: attempts are
 * counted before the password is known (see lockout-record.ts for how it is protected).
 */
export const MAC_VERSION = 1;
const MAC_INFO = 'tron-wallet-vault|metadata-mac|v1';
const tagSchema = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The remembered-device record is left out: it is sealed to this vault by the keychain's key, and
 * dropping it only takes away the password-free unlock (which `forgetDevice` does while locked).
 */
export const MAC_PARTS = ['signingPolicy', 'autoLock', 'generation', 'accounts', 'labels'] as const;
export type MacPart = (typeof MAC_PARTS)[number];

export const metadataMacSchema = z.strictObject({
  version: z.literal(MAC_VERSION),
  tags: z.strictObject(
    Object.fromEntries(MAC_PARTS.map((part) => [part, tagSchema])) as Record<MacPart, typeof tagSchema>,
  ),
});
export type MetadataMac = z.infer<typeof metadataMacSchema>;

/** What a sentence says was changed, one per part. */
export const MAC_PART_TEXT: Readonly<Record<MacPart, string>> = {
  signingPolicy: 'The signing policy in vault.json was changed outside the app.',
  autoLock: 'The auto-lock time in vault.json was changed outside the app.',
  generation: 'The keystore generation vault.json names was changed outside the app.',
  accounts:
    'The account list in vault.json (ids, kinds, addresses, keys, indexes or custody) was changed outside the app.',
  labels: 'Account labels in vault.json were changed outside the app.',
};

export const MAC_REMOVED_TEXT =
  'The MAC of vault.json was removed outside the app, so none of its settings or accounts can be trusted ' +
  'until you repair the vault.';

/** The parts of vault.json the MAC covers, as the metadata holds them. */
export interface MacSubject {
  readonly vaultId: string;
  readonly generation: number;
  readonly accounts: readonly ({ readonly label: string; readonly id: string } & Record<string, unknown>)[];
  readonly settings: { readonly autoLockMs: number; readonly signingPolicy?: unknown };
}

export function computeMac(kek: Uint8Array, subject: MacSubject): MetadataMac {
  const key = macKey(kek, subject.vaultId);
  try {
    const tags = Object.fromEntries(
      MAC_PARTS.map((part) => [part, tag(key, subject.vaultId, part, partValue(subject, part))]),
    ) as Record<MacPart, string>;
    return { version: MAC_VERSION, tags };
  } finally {
    key.fill(0);
  }
}

/** The parts whose tag does not match: empty when the file is as the app wrote it. */
export function changedParts(kek: Uint8Array, subject: MacSubject, mac: MetadataMac): MacPart[] {
  const expected = computeMac(kek, subject);
  return MAC_PARTS.filter(
    (part) => !timingSafeEqual(Buffer.from(expected.tags[part], 'hex'), Buffer.from(mac.tags[part], 'hex')),
  );
}

function macKey(kek: Uint8Array, vaultId: string): Buffer {
  return Buffer.from(hkdfSync('sha256', kek, Buffer.from(vaultId, 'utf8'), MAC_INFO, 32));
}

function tag(key: Buffer, vaultId: string, part: MacPart, value: unknown): string {
  return createHmac('sha256', key)
    .update(`${vaultId}|${part}|${canonical(value)}`)
    .digest('hex');
}

function partValue(subject: MacSubject, part: MacPart): unknown {
  switch (part) {
    case 'signingPolicy':
      return subject.settings.signingPolicy ?? null;
    case 'autoLock':
      return subject.settings.autoLockMs;
    case 'generation':
      return subject.generation;
    case 'accounts':
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      return subject.accounts.map(({ label, ...rest }) => rest);
    case 'labels':
      return subject.accounts.map((a) => [a.id, a.label]);
  }
}

/** JSON with object keys sorted, so the tag does not depend on the order keys were written in. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

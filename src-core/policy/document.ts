import { z } from 'zod';
import { isValidAddress } from '../address/address';
import { AssetKeySchema } from './asset';

/**
 * The treasury policy document. `format` names this shape (a reader refuses any other); `version`
 * is the policy's own revision, raised by every adoption and recorded by each envelope checked
 * against it. Amounts are base units (sun for TRX), written in a file as decimal strings so int64
 * and uint256 values stay exact; in memory they are bigint.
 */
export const POLICY_FORMAT = 'tron-treasury-policy/1' as const;

const Base58Schema = z
  .string({ error: 'must be text' })
  .refine((text) => text.startsWith('T') && isValidAddress(text), 'must be a T… address with a valid checksum');

const UnitsSchema = z
  .union([z.bigint(), z.string().regex(/^(0|[1-9][0-9]{0,77})$/, 'must be a whole number of base units')])
  .transform((value) => (typeof value === 'bigint' ? value : BigInt(value)))
  .refine((value) => value >= 0n, 'must not be negative');

export const AssetRuleSchema = z.strictObject({
  asset: AssetKeySchema,
  /** How sentences show amounts of this asset; TRX ignores these and uses TRX with 6 decimals. */
  symbol: z.string().min(1).max(16),
  decimals: z.number().int().min(0).max(77),
  /** The most the account may send in any 24 hours, this transaction included. */
  dailyCap: UnitsSchema.optional(),
  /** The most one transaction may send. */
  perTransactionCap: UnitsSchema.optional(),
});

export const RecipientRuleSchema = z.strictObject({
  /** A recipient passes when an address-book entry for it carries one of these tags. */
  tags: z.array(z.string().min(1).max(64)).min(1).max(32),
  /** Hours an entry must have been in the address book before it may receive. */
  coolingOffHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365),
});

export const CallRuleSchema = z.strictObject({
  contract: Base58Schema,
  /** The 4-byte function selector, 8 lowercase hex digits without 0x. */
  selector: z.string().regex(/^[0-9a-f]{8}$/, 'must be 8 lowercase hex digits'),
});

export const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type DayName = (typeof DAY_NAMES)[number];

const ClockSchema = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/, 'must be HH:MM between 00:00 and 24:00');

export const ScheduleSchema = z
  .strictObject({
    /**
     * A fixed offset from UTC in minutes (+120 for UTC+2). A fixed offset, not a zone name, so
     * every desk reads the same hours without a time-zone database; a desk that keeps summer time
     * adopts a new policy when its clocks change.
     */
    utcOffsetMinutes: z.number().int().min(-720).max(840),
    days: z.array(z.enum(DAY_NAMES)).min(1).max(7),
    /** Local [from, to): a window past midnight is written as two windows. */
    hours: z
      .array(z.strictObject({ from: ClockSchema, to: ClockSchema }))
      .min(1)
      .max(8),
  })
  .refine((s) => s.hours.every((h) => h.from < h.to), 'each hours window must end after it starts');

export const TierSchema = z.strictObject({
  asset: AssetKeySchema,
  /** Strictly above this many base units in one transaction, the tier applies. */
  above: UnitsSchema,
  /** Signatures of other keys the envelope must already carry before this desk signs. */
  otherSignatures: z.number().int().min(1).max(4),
});

export const PermissionRulesSchema = z.strictObject({
  /** 0 owner, 2 and up actives (the witness permission signs no transactions). */
  permissionId: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .refine((id) => id !== 1, 'must be 0 (owner) or 2 and up (actives)'),
  assets: z.array(AssetRuleSchema).max(64),
  /** What an outflow of an asset the list does not name meets. */
  unlistedAssets: z.enum(['allow', 'block']),
  /** Absent: any recipient. */
  recipients: RecipientRuleSchema.optional(),
  /** Absent: any contract call; present: only these (an empty list blocks every call). */
  calls: z.array(CallRuleSchema).max(256).optional(),
  /** Absent: any time. */
  schedule: ScheduleSchema.optional(),
  tiers: z.array(TierSchema).max(16),
});

export const PolicyDocumentSchema = z
  .strictObject({
    format: z.literal(POLICY_FORMAT),
    version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    account: Base58Schema,
    /** A permission the list does not name may not move anything under this policy. */
    permissions: z.array(PermissionRulesSchema).min(1).max(32),
  })
  .superRefine((doc, ctx) => {
    const ids = doc.permissions.map((p) => p.permissionId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: 'names a permission id twice', path: ['permissions'] });
    }
    doc.permissions.forEach((p, i) => {
      const assets = p.assets.map((a) => a.asset);
      if (new Set(assets).size !== assets.length) {
        ctx.addIssue({ code: 'custom', message: 'names an asset twice', path: ['permissions', i, 'assets'] });
      }
    });
  });

export type PolicyDocument = z.output<typeof PolicyDocumentSchema>;
export type PolicyDocumentInput = z.input<typeof PolicyDocumentSchema>;
export type PermissionRules = z.output<typeof PermissionRulesSchema>;
export type AssetRule = z.output<typeof AssetRuleSchema>;
export type Schedule = z.output<typeof ScheduleSchema>;
export type Tier = z.output<typeof TierSchema>;

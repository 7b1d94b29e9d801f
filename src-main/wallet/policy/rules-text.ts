import { formatAssetAmount, permissionLabel, type PolicyDocument } from '../../../src-core/policy';

/** Each permission's rules in one sentence, for the status line and main's adoption window. */
export function rulesText(policy: PolicyDocument): string[] {
  return policy.permissions.map((rules) => {
    const parts: string[] = [];
    for (const asset of rules.assets) {
      const caps: string[] = [];
      if (asset.perTransactionCap !== undefined) {
        caps.push(`${formatAssetAmount(asset.perTransactionCap, asset.asset, asset)} per transaction`);
      }
      if (asset.dailyCap !== undefined)
        caps.push(`${formatAssetAmount(asset.dailyCap, asset.asset, asset)} per 24 hours`);
      parts.push(`${asset.asset === 'TRX' ? 'TRX' : asset.symbol}: ${caps.length ? caps.join(', ') : 'no cap'}`);
    }
    parts.push(rules.unlistedAssets === 'block' ? 'other assets blocked' : 'other assets allowed');
    if (rules.recipients) {
      parts.push(
        `recipients tagged ${rules.recipients.tags.join(' or ')} in the address book for at least ` +
          `${rules.recipients.coolingOffHours} hours`,
      );
    }
    if (rules.calls) parts.push(`${rules.calls.length} allowed contract call${rules.calls.length === 1 ? '' : 's'}`);
    if (rules.schedule) {
      const offset = rules.schedule.utcOffsetMinutes;
      const zone = `UTC${offset >= 0 ? '+' : '-'}${Math.floor(Math.abs(offset) / 60)}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
      const hours = rules.schedule.hours.map((h) => `${h.from}–${h.to}`).join(', ');
      parts.push(`signing ${rules.schedule.days.join(', ')} ${hours} ${zone}`);
    }
    for (const tier of rules.tiers) {
      const display = rules.assets.find((a) => a.asset === tier.asset);
      parts.push(
        `above ${formatAssetAmount(tier.above, tier.asset, display)}: ${tier.otherSignatures} other signature` +
          `${tier.otherSignatures === 1 ? '' : 's'} first`,
      );
    }
    return `${permissionLabel(rules.permissionId, undefined)}: ${parts.join('; ')}.`;
  });
}

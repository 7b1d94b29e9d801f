import { describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import type { WatchedAccountView } from '@core/ipc/channels/watch';
import { watchRulesConsent } from '@main/wallet/consent/watch-rules-consent';
import { defaultRules } from '@main/watchtower/watch-list';
import { rulesView } from '@main/wallet/watchtower/watchtower-service';

const account = toBase58Address(`41${'ab'.repeat(20)}`);
const token = toBase58Address(`41${'ef'.repeat(20)}`);
const watched: WatchedAccountView = {
  address: account,
  label: 'Treasury',
  origin: 'vault',
  rules: rulesView(defaultRules(), [{ address: token, symbol: 'TT', decimals: 6 }]),
};
const withTokenAbove = (above: bigint) => ({
  ...watched.rules,
  outgoingTokens: [{ ...watched.rules.outgoingTokens[0]!, above }],
});

describe('main’s confirmation of weaker watch rules', () => {
  it('asks before a token threshold is raised, naming the token by the symbol main watches it under', () => {
    const draft = watchRulesConsent(watched, withTokenAbove(300_000_000_000n));
    expect(draft?.rows).toContainEqual({ label: 'Outgoing TT above', value: '0 TT → 300,000 TT' });
  });

  it('names a token main does not watch by its contract, in base units, whatever symbol the page sent', () => {
    const stranger = toBase58Address(`41${'12'.repeat(20)}`);
    const draft = watchRulesConsent(watched, {
      ...watched.rules,
      outgoingTokens: [{ token: stranger, symbol: 'USDT', decimals: 6, above: 5_000n }],
    });
    expect(draft?.rows).toContainEqual({
      label: `Outgoing token ${stranger} above`,
      value: '0 base units → 5,000 base units',
    });
  });

  it('asks nothing when a token threshold is lowered', () => {
    const raised = { ...watched, rules: withTokenAbove(300_000_000_000n) };
    expect(watchRulesConsent(raised, withTokenAbove(1_000_000n))).toBeNull();
  });
});

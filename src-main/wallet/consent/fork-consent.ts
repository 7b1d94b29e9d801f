import type { ForkTargetView } from '../../../src-core/ipc/channels/fork';
import type { ConsentDraft } from './consent-gate';

/**
 * Main's confirmations of fork mode: starting one replaces the chain the wallet reads with a copy
 * of another network, and impersonating lets transactions from an address pass without its
 * signatures. The network and its URL come from main's saved settings; the address is shown in
 * full, as main parsed it.
 */
const NO_PASSWORD = { required: false, reason: 'Fork mode uses no key; it needs your approval here.' } as const;

export function forkStartConsent(target: ForkTargetView): ConsentDraft {
  return {
    kind: 'wallet-setting',
    title: `Start the embedded node as a fork of ${target.name}`,
    rows: [
      { label: 'Network', value: target.name },
      { label: 'Reads from', value: target.url ?? 'no saved URL', monospace: true },
    ],
    warnings: [
      'While the fork runs, the wallet shows and broadcasts to the fork, not to the real network.',
      'The chain the wallet uses now keeps running until the fork answers; then it stops. If the fork does not start, nothing changes. "Back to the dev chain" on the Node screen starts the dev chain again.',
      ...(target.target === 'custom' ? ['The custom node decides what the fork starts from.'] : []),
    ],
    password: NO_PASSWORD,
    approveLabel: 'Start the fork',
    declinedAct: `starting a fork of ${target.name}`,
  };
}

export function impersonateConsent(address: string, network: string | null): ConsentDraft {
  return {
    kind: 'wallet-setting',
    title: 'Let transactions from an address pass on the fork without signatures',
    rows: [
      { label: 'Address', value: address, monospace: true },
      { label: 'Fork of', value: network ?? 'the running fork' },
    ],
    warnings: ['Anything this address could do on the fork, the app can do without its keys.'],
    password: NO_PASSWORD,
    approveLabel: 'Impersonate',
    declinedAct: `impersonating ${address}`,
  };
}

import { NETWORKS } from '../../../src-core/client/networks';
import { ForkError } from '../../../src-core/errors';
import type { ForkTarget, ForkTargetView } from '../../../src-core/ipc/channels/fork';
import { networkKey, networkName, remoteUrls } from './networks';
import type { StoredNetwork, WalletSettings } from '../stores/settings';
import { ForkErrorCode } from './fork-errors';

/**
 * The networks a fork may read from. The renderer names one of four words; the URL is TronGrid's
 * for the presets and the saved custom node for `custom`, and the API key is the one saved for that
 * network (settings.json), so no renderer can point a fork at an address of its choosing.
 */
export interface ForkUpstream {
  readonly target: ForkTarget;
  readonly name: string;
  readonly url: string;
  /** The settings key its API key is saved under (networks/<key>). */
  readonly key: string;
  readonly apiKey?: string;
}

const PRESETS = ['mainnet', 'nile', 'shasta'] as const;

function targetNetwork(
  settings: WalletSettings,
  target: ForkTarget,
): Exclude<StoredNetwork, { kind: 'embedded' }> | null {
  if (target !== 'custom') return { kind: 'preset', network: target };
  return settings.customNode ? { kind: 'custom', ...settings.customNode } : null;
}

/** The four targets as the Node screen lists them (API keys only as "saved or not"). */
export function forkTargets(settings: WalletSettings): ForkTargetView[] {
  return [...PRESETS, 'custom' as const].map((target) => {
    const network = targetNetwork(settings, target);
    return {
      target,
      name: target === 'custom' ? 'Custom node' : NETWORKS[target].name,
      url: network ? remoteUrls(network).fullNodeUrl : null,
      hasApiKey: network ? settings.apiKeys[networkKey(network)] !== undefined : false,
    };
  });
}

/** The URL and saved API key of `target`; `custom` needs a saved custom node. */
export function resolveForkTarget(settings: WalletSettings, target: ForkTarget): ForkUpstream {
  const network = targetNetwork(settings, target);
  if (!network)
    throw new ForkError(
      ForkErrorCode.noCustomNode,
      'No custom node is saved. Connect to it once under "Network" on the Node screen, then fork it.',
    );
  const key = networkKey(network);
  const apiKey = settings.apiKeys[key];
  return {
    target,
    name: networkName(network),
    url: remoteUrls(network).fullNodeUrl,
    key,
    ...(apiKey ? { apiKey } : {}),
  };
}

/** The fork target of a network the wallet reads from: its preset, or `custom`; none for the dev chain. */
export function targetOfNetwork(network: StoredNetwork): ForkTarget | null {
  if (network.kind === 'embedded') return null;
  return network.kind === 'preset' ? network.network : 'custom';
}

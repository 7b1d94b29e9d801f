import { createHash } from 'node:crypto';
import { NETWORKS } from '../../../src-core/client/networks';
import type { NetworkChoice, NetworkInfo } from '../../../src-core/ipc/channels/network';
import type { StoredNetwork, WalletSettings } from '../stores/settings';

/**
 * Names and folder keys of networks. Every per-network store lives in
 * `<user data>/networks/<key>/`: `embedded`, `mainnet`, `nile`, `shasta`, or
 * `custom-<12 hex of sha256(full node URL)>` for a node the person named.
 */
export const EMBEDDED_NAME = 'Embedded dev node';

export function normalizeUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

export function networkKey(network: StoredNetwork): string {
  switch (network.kind) {
    case 'embedded':
      return 'embedded';
    case 'preset':
      return network.network;
    case 'custom':
      return `custom-${createHash('sha256').update(normalizeUrl(network.fullNodeUrl).toLowerCase()).digest('hex').slice(0, 12)}`;
  }
}

export function networkName(network: StoredNetwork): string {
  switch (network.kind) {
    case 'embedded':
      return EMBEDDED_NAME;
    case 'preset':
      return NETWORKS[network.network].name;
    case 'custom':
      return `Custom node (${hostOf(network.fullNodeUrl)})`;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The stored form of a choice (API keys are handled separately). */
export function storedNetwork(choice: NetworkChoice): StoredNetwork {
  switch (choice.kind) {
    case 'embedded':
      return { kind: 'embedded' };
    case 'preset':
      return { kind: 'preset', network: choice.network };
    case 'custom':
      return {
        kind: 'custom',
        fullNodeUrl: normalizeUrl(choice.fullNodeUrl),
        solidityNodeUrl: choice.solidityNodeUrl ? normalizeUrl(choice.solidityNodeUrl) : null,
      };
  }
}

/** URLs the wallet reads from, for remote networks; the embedded node's come from the node. */
export function remoteUrls(network: Exclude<StoredNetwork, { kind: 'embedded' }>): {
  fullNodeUrl: string;
  solidityNodeUrl: string | null;
} {
  if (network.kind === 'custom') return { fullNodeUrl: network.fullNodeUrl, solidityNodeUrl: network.solidityNodeUrl };
  const preset = NETWORKS[network.network];
  return { fullNodeUrl: preset.fullNodeUrl!, solidityNodeUrl: preset.solidityNodeUrl ?? null };
}

/** What `network:current` answers. Never includes an API key, only whether one is saved. */
export function networkInfo(settings: WalletSettings, embeddedUrl: string | null): NetworkInfo {
  const network = settings.network;
  const key = networkKey(network);
  const urls =
    network.kind === 'embedded' ? { fullNodeUrl: embeddedUrl, solidityNodeUrl: embeddedUrl } : remoteUrls(network);
  const saved = settings.customNode;
  return {
    kind: network.kind,
    ...(network.kind === 'preset' ? { network: network.network } : {}),
    name: networkName(network),
    key,
    fullNodeUrl: urls.fullNodeUrl,
    solidityNodeUrl: urls.solidityNodeUrl ?? urls.fullNodeUrl,
    hasApiKey: settings.apiKeys[key] !== undefined,
    savedCustom: saved
      ? {
          fullNodeUrl: saved.fullNodeUrl,
          solidityNodeUrl: saved.solidityNodeUrl,
          hasApiKey: settings.apiKeys[networkKey({ kind: 'custom', ...saved })] !== undefined,
        }
      : null,
  };
}

/**
 * The settings after choosing a network: it becomes the selected one, a custom node is
 * remembered, and the API key given with the choice is kept for it (null forgets it).
 */
export function withNetworkChoice(
  current: WalletSettings,
  choice: NetworkChoice,
  target: StoredNetwork,
): WalletSettings {
  const key = networkKey(target);
  const apiKeys = { ...current.apiKeys };
  if (choice.kind !== 'embedded') {
    if (choice.apiKey === null) delete apiKeys[key];
    else if (typeof choice.apiKey === 'string') apiKeys[key] = choice.apiKey;
  }
  return {
    ...current,
    network: target,
    customNode:
      target.kind === 'custom'
        ? { fullNodeUrl: target.fullNodeUrl, solidityNodeUrl: target.solidityNodeUrl }
        : current.customNode,
    apiKeys,
  };
}

import type { NetworkChoice, NetworkInfo } from '../../../src-core/ipc/channels/network';
import {
  NODE_RESET_CONFIRMATION,
  type EmbeddedNodeSettings,
  type NodeOverview,
  type NodeStatus,
} from '../../../src-core/ipc/channels/node';
import type { NodeHost } from '../node-host/node-host';
import { EMBEDDED_NAME, networkKey, networkName, remoteUrls, storedNetwork } from '../node-host/networks';
import type { ConsentGate } from './consent-gate';
import { networkSwitchConsent, nodeExposureConsent, nodeResetConsent, type NetworkTarget } from './network-consent';

type Host = Pick<
  NodeHost,
  'network' | 'selectNetwork' | 'isOffline' | 'embeddedSettings' | 'nodeDir' | 'saveSettings' | 'reset'
>;

/**
 * The node host as the page reaches it: a network switch, a node setting that lets more reach the
 * embedded node, and a reset each pass main's confirmation first, composed from what main parsed
 * and holds. Narrowing a setting, or choosing the network already in use, needs no approval.
 */
export class ConsentedNode {
  constructor(
    private readonly host: Host,
    private readonly consent: Pick<ConsentGate, 'approve'>,
  ) {}

  async selectNetwork(choice: NetworkChoice): Promise<NetworkInfo> {
    // The offline signer refuses any switch itself, before anything would be asked.
    if (this.host.isOffline()) return this.host.selectNetwork(choice);
    const current = this.host.network();
    const target = storedNetwork(choice);
    const same =
      networkKey(target) === current.key &&
      (target.kind !== 'custom' ||
        (target.fullNodeUrl === current.fullNodeUrl &&
          (target.solidityNodeUrl ?? target.fullNodeUrl) === current.solidityNodeUrl));
    if (!same) await this.consent.approve(networkSwitchConsent(current, targetView(choice)));
    return this.host.selectNetwork(choice);
  }

  async saveSettings(next: EmbeddedNodeSettings): Promise<NodeOverview> {
    const draft = nodeExposureConsent(this.host.embeddedSettings(), next);
    if (draft) await this.consent.approve(draft);
    return this.host.saveSettings(next);
  }

  /** Main asks for the typed word in its own window; the word the host checks is main's constant. */
  async reset(): Promise<NodeStatus> {
    await this.consent.approve(nodeResetConsent(this.host.nodeDir(), NODE_RESET_CONFIRMATION));
    return this.host.reset(NODE_RESET_CONFIRMATION);
  }
}

function targetView(choice: NetworkChoice): NetworkTarget {
  const target = storedNetwork(choice);
  if (target.kind === 'embedded')
    return { name: EMBEDDED_NAME, fullNodeUrl: null, solidityNodeUrl: null, custom: false };
  const urls = remoteUrls(target);
  return { name: networkName(target), ...urls, custom: target.kind === 'custom' };
}

import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type { EmbeddedNodeSettings } from '../../../src-core/ipc/channels/node';
import type { ConsentDraft } from './consent-gate';
import type { ConsentRow } from './consent-request';

/**
 * Main's confirmations of the acts that decide where the wallet reads its chain and who else may
 * reach the embedded node: a page that did them silently could show a chain of its own making, or
 * open the dev node's funded keys to any site. Every value shown is main's: the URL as main parsed
 * it, the folder as main will use it. None needs the vault password (no key is used), only the
 * person's approval in main's window.
 */
const NO_PASSWORD = { required: false, reason: 'This change uses no key; it needs your approval here.' } as const;

const APP_FOLDER = "The app's own data folder";

/** Where the wallet would read from: its display name and the URLs main parsed. */
export interface NetworkTarget {
  readonly name: string;
  readonly fullNodeUrl: string | null;
  readonly solidityNodeUrl: string | null;
  readonly custom: boolean;
}

export function networkSwitchConsent(current: NetworkInfo, next: NetworkTarget): ConsentDraft {
  const rows: ConsentRow[] = [
    { label: 'Uses now', value: current.fullNodeUrl ? `${current.name} — ${current.fullNodeUrl}` : current.name },
    { label: 'Would use', value: next.name },
  ];
  if (next.fullNodeUrl) rows.push({ label: 'Full node URL', value: next.fullNodeUrl, monospace: true });
  if (next.solidityNodeUrl && next.solidityNodeUrl !== next.fullNodeUrl)
    rows.push({ label: 'Solidity node URL', value: next.solidityNodeUrl, monospace: true });
  return {
    kind: 'wallet-setting',
    title: `Switch network to ${next.name}`,
    rows,
    warnings: next.custom
      ? [
          'Every balance, permission and transaction the wallet shows would come from this node. Approve only a node you run or trust.',
        ]
      : [],
    password: NO_PASSWORD,
    approveLabel: 'Switch network',
    declinedAct: `switching to ${next.name}`,
  };
}

/**
 * The node settings that let more reach the embedded node, each with what it opens; null when the
 * change only narrows (or keeps) its exposure, which needs no approval.
 */
export function nodeExposureConsent(current: EmbeddedNodeSettings, next: EmbeddedNodeSettings): ConsentDraft | null {
  const rows: ConsentRow[] = [];
  const warnings: string[] = [];
  if (next.adminEndpoints && !current.adminEndpoints) {
    rows.push({ label: 'Admin endpoints', value: 'On: /admin/* (funded keys, mining, time) served over HTTP' });
    warnings.push('Any program on this computer could read the dev node’s funded private keys.');
  }
  if (next.allowBrowserAccess && !current.allowBrowserAccess) {
    rows.push({ label: 'Browser access', value: 'On: web pages served from this computer may call the node' });
    warnings.push('A web page open in a browser could use the node.');
  }
  if (next.dataDir !== current.dataDir) {
    rows.push({ label: 'Data folder now', value: current.dataDir ?? APP_FOLDER, monospace: true });
    rows.push({ label: 'Data folder would be', value: next.dataDir ?? APP_FOLDER, monospace: true });
    warnings.push('Resetting the chain deletes the node folder inside the new data folder.');
  }
  if (rows.length === 0) return null;
  return {
    kind: 'wallet-setting',
    title: 'Open the embedded node to more',
    rows,
    warnings,
    password: NO_PASSWORD,
    approveLabel: 'Save node settings',
    declinedAct: 'the node settings',
  };
}

/** The typed word main asks for in its own window; the page never supplies it. */
export function nodeResetConsent(nodeFolder: string, typedWord: string): ConsentDraft {
  return {
    kind: 'wallet-setting',
    title: 'Delete the embedded chain and start a fresh one',
    rows: [
      { label: 'Deletes the folder', value: nodeFolder, monospace: true },
      { label: 'Also cleared', value: "The embedded network's transaction history" },
    ],
    warnings: ['Every block, balance and contract of the embedded chain is lost. Vault keys stay.'],
    password: NO_PASSWORD,
    typedConfirmation: typedWord,
    approveLabel: 'Delete the chain',
    declinedAct: 'deleting the embedded chain',
  };
}
